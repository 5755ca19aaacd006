# ruff: noqa: RUF001, RUF002, RUF003  (Turkish has a dotless ı, not a confusable here)
"""The Turkish message catalogue: the same keys and fields as ENGLISH.

Names and tiles are never given a case suffix (vowel harmony cannot be done on
an unknown word): sentences are phrased around them ("Sıra: Ayşe",
"kırmızı 5 taşını al").
"""

from __future__ import annotations

from collections.abc import Mapping

TURKISH: Mapping[str, str] = {
    # Tiles
    "colour.red": "kırmızı",
    "colour.blue": "mavi",
    "colour.black": "siyah",
    "colour.yellow": "sarı",
    "tile.plain": "{colour} {number}",
    "tile.okey": "{colour} {number} okey",
    "tile.false_joker": "{colour} {number} sahte",
    "tile.false_joker_bare": "sahte okey",
    # Hand analysis (okey hand)
    "hand.indicator": "Gösterge {indicator}, okey {okey}.",
    "hand.tiles": "Taşlar ({count}): {tiles}.",
    "hand.group.run": "Seri: {tiles}.",
    "hand.group.set": "Grup: {tiles}.",
    "hand.group.pair": "Çift: {tiles}.",
    "hand.spares": "Boşta: {tiles}.",
    "hand.no_spares": "Boşta taş yok.",
    "hand.winning.combinations": "Biten el: her taş bir seride ya da grupta.",
    "hand.winning.pairs": "Biten el: yedi çift.",
    "hand.not_winning": "El bitmiyor.",
    "hand.finish": "{tile} atılırsa {kind} ile biter: diğerleri {points} puan kaybeder.",
    "hand.no_finish": "Hiçbir atış bu eli bitirmiyor.",
    "hand.waits": "Beklenen taşlar: {tiles}.",
    "hand.no_waits": "Bu eli tek bir taş bitirmiyor.",
    "hand.deficiency": "Bitmeden önce değişecek taş sayısı: {count}.",
    "hand.error.too_many": "Bir elde en çok {most} taş olur, {count} değil.",
    "hand.error.empty": "Elin taşlarını yaz, örneğin: r1 r2 r3 k7.",
    "hand.error.copies": "Her taştan yalnız iki tane var, ama elde {count} tane {tile} var.",
    "hand.error.indicator": "Gösterge {tile} ortada açık, elde en çok bir tane olabilir.",
    "hand.error.no_indicator": "Göstergeyi --indicator ile ver, örneğin --indicator r5.",
    "hand.error.false_joker_indicator": "Sahte okey asla gösterge olmaz.",
    "hand.error.batch_line": "Göstergeyi, iki nokta, sonra taşları yaz: r5: r1 r2 r3.",
    "hand.error.file": "{path} okunamıyor: {reason}.",
    "hand.title": "El {number}",
    "kind.combinations": "perler",
    "kind.pairs": "yedi çift",
    "list.empty": "yok",
    # Command line
    "cli.description": (
        "Terminal için erişilebilir bir Okey oyunu: kulakla ya da klavyeyle oynanır."
    ),
    "cli.error": "okey: {message}",
    "event.discard.brief": "{seat}: {tile}",
    "event.discard.detailed": "{name}, {where}, attı: {tile}",
    "event.your_turn.brief": "Sıra sende.",
    "event.your_turn.detailed": "Sıra sende: desteden çek ya da solundakinin attığını al.",
    # The speech layer
    "speech.reader_found.brief": "Oyunu {reader} okuyor; okey ayrıca konuşmuyor.",
    "speech.reader_found.detailed": (
        "{reader} çalışıyor ve terminali okuyor; okey onun için yazar, ayrıca konuşmaz. "
        "Okeyin kendi sesini de duymak için: okey settings speech voice."
    ),
    "speech.no_route.brief": "Konuşma bulunamadı; yalnız yazılıyor.",
    "speech.no_route.detailed": (
        "Konuşma bulunamadı; yalnız yazılıyor. Ekran okuyucunu başlat "
        "ya da Linux'ta speech-dispatcher kur."
    ),
    "speech.lost": "Konuşma çalışmaz oldu; yalnız yazılıyor.",
    "speech.now_brief": "Kısa mesajlar.",
    "speech.now_detailed": "Ayrıntılı mesajlar.",
    "speech.sounds_on": "Sesler açık.",
    "speech.sounds_off": "Sesler kapalı.",
    "speech.status": "{mode} {verbosity} {sounds}",
    "speech.status.auto": "Konuşma: {route}.",
    "speech.status.auto_no_route": "Konuşma bulunamadı; yalnız yazılıyor.",
    "speech.status.screen_reader": "Ekran okuyucun için yazılıyor.",
    "speech.status.off": "Konuşma kapalı; yalnız yazılıyor.",
    # Message history
    "history.empty": "Henüz bir şey söylenmedi.",
    "history.oldest": "En eski: {text}",
    "history.newest": "En yeni: {text}",
    # Command-line options of the speech layer
    "cli.speech": (
        "oyun nasıl konuşur: auto ekran okuyucun ya da sistemin sesiyle konuşur ve yazar, "
        "ama Orca, Fenrir ya da speakup terminali okuyorsa yalnız yazar; voice her zaman "
        "konuşur; screen-reader terminali okuyan ekran okuyucu için yalnız yazar; off yalnız "
        "yazar (varsayılan: auto)"
    ),
    "cli.transcript": "söylenen her mesajı FILE dosyasına, satır satır ekle",
    "cli.verbosity": "kısa (brief) ya da ayrıntılı (detailed) mesajlar (varsayılan: detailed)",
    "cli.sounds": "sıra sende olunca ve bitirebilince terminal zili (--no-sounds: hiç)",
    "cli.language": (
        "dil: en (English) ya da tr (Türkçe) (varsayılan: okey settings, "
        "yoksa $OKEY_LANGUAGE, yoksa en)"
    ),
    "cli.bad_language": "'{language}' bilinen bir dil değil (bilinenler: {known})",
    "cli.bad_language.env": (
        "OKEY_LANGUAGE '{language}', bilinen bir dil değil (bilinenler: {known}): "
        "okey İngilizce konuşuyor"
    ),
    # Engine and commands
    "engine.error.round_over": "el bitti",
    "engine.error.match_over": "oyun bitti",
    "engine.error.round_in_play": "bir el hâlâ oynanıyor",
    "engine.error.no_such_seat": "bu masada {seat} numaralı koltuk yok",
    "engine.error.not_your_turn": "sıra sende değil",
    "engine.error.must_draw": "önce taş çekmelisin",
    "engine.error.must_discard": "elinde 15 taş var: önce bir taş at",
    "engine.error.pile_empty": "deste bitti: son atılan taşı al ya da geç",
    "engine.error.must_take_or_decline": "deste bitti: son atılan taşı al ya da geç",
    "engine.error.nothing_to_take": "önünde alınacak atılmış taş yok",
    "engine.error.decline_only_pile_out": "atılan taşı ancak deste bitince geçebilirsin",
    "engine.error.not_in_hand": "{tile} elinde yok",
    "engine.error.does_not_finish": "{tile} atmak elini bitirmiyor",
    "engine.error.no_turn_to_okey": "bu masada okeye dönülmüyor",
    "engine.error.already_turned": "bu elde zaten okeye döndün",
    "engine.error.no_okey": "elinde okey yok ({tile})",
    "engine.error.not_ready": "elin henüz bitmiyor",
    "engine.error.no_declare_pairs": "bu masada çifte gitmek duyurulmuyor",
    "engine.error.already_declared_pairs": "bu elde zaten çifte gittin",
    "engine.error.no_timer": "bu masada hamle süresi yok",
    "engine.error.no_show": "bu masada gösterge gösterilmiyor",
    "engine.error.already_shown": "göstergenin eşi bu elde zaten gösterildi",
    "engine.error.show_too_late": "göstergenin eşi yalnız ilk hamlenden önce gösterilebilir",
    "engine.error.no_twin": "göstergenin eşi, {tile}, elinde değil",
    "engine.error.not_on_autopilot": "koltuğun oto pilotta değil",
    "engine.seat": "koltuk {seat}",
    "engine.seat.named": "koltuk {seat} ({name})",
    "engine.event.round_started": "El {number}. Dağıtan ve başlayan: {name}.",
    "engine.event.round_started.stacks": "El {number}. Başlayan: {name}.",
    "engine.event.indicator": "Gösterge {indicator}; okey {okey}. Destede {pile} taş.",
    "engine.event.turned_back": "Açılıp geri konan sahte okey: {count}.",
    "engine.event.dice": (
        "{name} zar attı: {stack} ve {tile}. Yedek taş {stack}. desteye konur, "
        "o destenin altından {position}. taş gösterge olur."
    ),
    "engine.event.dice.passed": (
        "{name} zar attı: {stack} ve {tile}. Yedek taş {stack}. desteye konur; "
        "altından {tile}. taş sahte okey, bu yüzden {position}. taş gösterge olur."
    ),
    "engine.event.dice.passed.wrap": (
        "{name} zar attı: {stack} ve {tile}. Yedek taş {stack}. desteye konur; "
        "altından {tile}. taş, en üstteki, sahte okey; sayım alttan sürer ve "
        "{position}. taş gösterge olur."
    ),
    "engine.event.dice.passed2": (
        "{name} zar attı: {stack} ve {tile}. Yedek taş {stack}. desteye konur; "
        "altından {tile}. ve {second}. taşlar sahte okey, bu yüzden {position}. taş gösterge olur."
    ),
    "engine.event.dice.passed2.wrap": (
        "{name} zar attı: {stack} ve {tile}. Yedek taş {stack}. desteye konur; "
        "altından, üstü geçip yine alttan sayınca, {tile}. ve {second}. taşlar sahte okey, "
        "bu yüzden {position}. taş gösterge olur."
    ),
    "engine.event.dealt": "{name} taşları: {tiles}.",
    "engine.event.drew": "{name} desteden çekti: {tile}.",
    "engine.event.drew_hidden": "{name} desteden çekti.",
    "engine.event.took": "{name} aldı: {tile} ({source}).",
    "engine.event.discarded": "{name} attı: {tile}.",
    "engine.event.showed": ("{name} göstergenin eşini gösterdi, {tile}; {losers}: eksi {penalty}."),
    "engine.event.turned_to_okey": "{name} okeye döndü.",
    "engine.event.declared_pairs": "{name} çifte gidiyor.",
    "engine.event.declined": "{name} geçti: {tile}.",
    "engine.event.timed_out": "Süre doldu: {name} ({count} kez üst üste); hamleyi oyun yapar.",
    "engine.event.autopilot_on": "Artık {name} için oto pilot oynuyor.",
    "engine.event.autopilot_off": "{name} döndü, yine kendisi oynuyor.",
    "engine.event.won": "{name} {kind} ile bitirdi, ortaya bıraktığı taş: {tile}.",
    "engine.event.won.okey": "Okey atarak bitiş.",
    "engine.event.won.colored": "Renkli bitiş.",
    "engine.event.won.cost": "{losers}: kişi başı eksi {points}.",
    "engine.event.drawn.declined": "El berabere: son atılan taş geçildi. Puan yok.",
    "engine.event.drawn.no_win": "El berabere: son atılan taş bitirmedi. Puan yok.",
    "engine.event.drawn.pile_closed": "El berabere: deste bitti. Puan yok.",
    "engine.event.scores": "Puanlar: {scores}.",
    "engine.event.score": "{name} {score}",
    "engine.event.match_over": "Oyun bitti.",
    "engine.event.standing": "{place}. {names}: {score}",
    "rules.list.item": "{name}: {description}",
    "rules.title": "{name}: {description}",
    "rules.players": "{players} oyuncu.",
    "rules.partners": (
        "Karşılıklı oturanlar eşlidir ve puanları birlikte sayılır; biri bitirince ya da "
        "gösterince yalnız öteki takım kaybeder."
    ),
    "rules.duel": (
        "Düello: iki kişi 0 ve 2 numaralı koltuklarda karşı karşıya oynar, yanlarda botlar "
        "oturur; yalnız iki kişinin puanı belirler."
    ),
    "rules.start": "Herkes {score} puanla başlar, başkaları bitirince puan kaybeder.",
    "rules.to_zero": (
        "Bir puan 0'a ya da altına indiği elden sonra oyun biter; en yüksek puan kazanır."
    ),
    "rules.fixed.one": "Oyun tek eldir; en yüksek puan kazanır.",
    "rules.fixed.many": "Oyun {rounds} el sürer; en yüksek puan kazanır.",
    "rules.tie.shared": "Birincilikte eşitlik paylaşılır.",
    "rules.tie.last_finisher": "Eşitlikte son eli bitiren önde sayılır.",
    "rules.normal": "Bir bitiş diğer her oyuncuya {points} kaybettirir.",
    "rules.okey_discard": "Okey atarak bitirmek bunu {factor} ile çarpar.",
    "rules.pairs": "Yedi çiftle bitirmek bunu {factor} ile çarpar.",
    "rules.colored": "Sarı ya da mavi taşla bitirmek bunu bir kez daha iki katına çıkarır.",
    "rules.cap": "Bir bitiş en çok {points} kaybettirir.",
    "rules.multiply": "Katlar sınırsız çarpılır.",
    "rules.show": (
        "Göstergenin eşi elinde olan, ilk hamlesinden önce onu gösterebilir: "
        "diğer her oyuncu {points} kaybeder."
    ),
    "rules.no_show": "Göstergenin eşi gösterilmez.",
    "rules.pile.take_last_discard": (
        "Deste bitince sıradaki oyuncu yalnız son atılan taşı alıp onunla bitirmeyi "
        "deneyebilir; yoksa el puansız berabere biter."
    ),
    "rules.pile.close_after_last_discard": (
        "Destenin son taşı çekilip bir taş atılınca el puansız berabere biter."
    ),
    "rules.turn_to_okey": (
        "Okeye dönmek: eli okeyle bitmeye hazır olan oyuncu bunu duyurup istediği zaman "
        "bitirebilir; yalnız okey atarak bitiş katlanır."
    ),
    "rules.declare_pairs": "Oyuncu çifte gittiğini duyurabilir: yalnız bir işarettir.",
    "rules.okey_warning": "Okey atılmadan önce oyun sorar.",
    "rules.timer": (
        "Her hamlenin {seconds} saniyesi var; süre dolunca oyun çeker ve atar; "
        "üst üste {after} kez olursa oyuncu dönene dek oto pilot oynar."
    ),
    "rules.no_timer": "Hamle süresi yok.",
    "rules.traditional_deal": (
        "Dağıtım gelenekseldir ve her elin başında anlatılır: beşer taşlık 21 deste ve bir "
        "yedek taş; başlayandan önceki oyuncu bir zarla yedek taşın konacağı desteyi, bir "
        "zarla da o destenin alttan sayılan hangi taşının gösterge olarak açılacağını seçer; "
        "ondan sonraki desteler sırayla dağıtılır, kalanlar sırasıyla ortadaki destedir."
    ),
    "hand.cli.help": "bir eli incele: perler, boştakiler, bitiren atışlar, beklenenler, eksikler",
    "replay.cli.help": "bir oyun kaydını yeniden oynat: her olay sözle ve son puanlar",
    "rules.cli.help": "kural takımlarını listele ya da birini sözle anlat",
    "simulate.cli.help": "botları ekransız oynat; kazanma, puan, bitiş ve hızı bildir",
    "log.error.line": "{path}, satır {line}: {reason}",
    "log.error.file": "{path}: {reason}",
    "log.error.header": 'başlık satırı şöyledir: [Rules "classic"]',
    "log.error.no_rules": 'kayıtta kural yok: bir [Rules "..."] başlığı ekle',
    "log.error.no_round": "hiçbir 'round' satırından önce bir hamle",
    "log.error.round_line": "el satırı şöyledir: round 1 dealer 2",
    "log.error.round_number": "beklenen el {expected}, {found} değil",
    "log.error.dealer": "el {number} koltuk {expected} tarafından dağıtılır, {found} değil",
    "log.error.deck_missing": "el satırından sonra 106 taşlı bir 'deck' satırı gelmeli",
    "log.error.deck": "taşlar yanlış: {reason}",
    "log.error.dice": "zar satırı şöyledir: dice 5 2 (iki atış, her biri 1 ile 6 arası)",
    "log.error.dice_place": (
        "zar satırı, elinin 'deck' satırının hemen ardından gelir, arada hiçbir şey olmadan"
    ),
    "log.error.dice_missing": (
        "bu masa destelerden dağıtır: 'deck' satırından sonra bir 'dice' satırı gelmeli, "
        "örneğin: dice 5 2"
    ),
    "log.error.dice_unexpected": "bu masada zar atılmaz: 'dice' satırı burada olmaz",
    "log.error.action": "'{text}' bir hamle değil: koltuk ve hamle yaz, örneğin '2 discard r5'",
    "log.error.seat": "bu masada {seat} numaralı koltuk yok",
    "log.error.illegal": "koltuk {seat} şunu yapamaz: {text}: {reason}",
    "log.error.scores": "puanlar {expected} olmalı, {found} değil",
    "log.error.unfinished": "el {number} bitmedi",
    "log.error.round_in_play": "el {number} hâlâ oynanıyor",
    "replay.final": "Son puanlar: {scores}.",
    "replay.unfinished": "Kayıt oyun bitmeden sona eriyor.",
    "simulate.summary": (
        "{matches} oyunda {rounds} el ({drawn} berabere), {seconds:.2f} sn: "
        "saniyede {rate:.0f} el. Kurallar: {rules}; tohum {seed}."
    ),
    "simulate.seat": (
        "Koltuk {seat} ({bot}): {wins} kazandı ({share:.1%}), {lost} puan kaybetti, "
        "{shows} kez gösterdi; bitişler: {combinations} seri ve grup, {pairs} çift, "
        "{okey} okey atarak."
    ),
    "simulate.timing": "{bot}: karar süresi ortanca {median:.3f} ms, p99 {p99:.3f} ms.",
    "simulate.error.seats": "bu masada {players} koltuk var: {count} değil, {players} bot ver",
    "simulate.error.bot": "{name} adında bot yok (bilinenler: {known})",
    "simulate.error.rounds": "--rounds en az 1 olmalı",
    # Bots and plug-in bots
    "bot.replaced": "Koltuk {seat}, {bot}: {reason}; o hamleyi easy oynadı.",
    "bot.reason.raised": "hata verdi ({detail})",
    "bot.reason.too_slow": "çok uzun sürdü ({detail} sn)",
    "bot.reason.illegal": "kurala aykırı bir hamle seçti ({detail})",
    "bot.plugin.form": (
        "'{spec}' bir bot değil: modül:çağrılabilir yaz, örneğin mypackage.mybot:make_bot"
    ),
    "bot.plugin.import": "bot yüklenemiyor, {spec}: {reason}",
    "bot.plugin.missing": "bot yüklenemiyor, {spec}: modülde böyle bir çağrılabilir yok",
    "bot.plugin.not_callable": "bot yüklenemiyor, {spec}: çağrılabilir değil",
    "bot.plugin.make": "bot kurulamadı, {spec}: {reason}",
    "bot.plugin.unknown": (
        "{name} adında bot yok (seviyeler: {known}; ya da modül:çağrılabilir ver)"
    ),
    # The table
    "table.you": "sen",
    "table.us": "biz",
    "table.them": "onlar",
    "table.and": "{rest} ve {last}",
    "table.sentence": "{text}.",
    "table.where.you": "burada",
    "table.where.left": "solunda",
    "table.where.right": "sağında",
    "table.where.across": "karşında",
    "table.where.partner": "eşin, karşında",
    "table.label.you": "Sen",
    "table.label.left": "Sol",
    "table.label.right": "Sağ",
    "table.label.across": "Karşı",
    "table.label.partner": "Eş",
    "table.seat_entry": "{name} {where}",
    "table.company.plain": "rakiplerin: {others}",
    "table.company.partners": "eşin {partner}, karşında; rakipleriniz: {others}",
    "table.company.duel": (
        "düello: rakibin {rival}, karşında; yanlarda {others} oturuyor, onların puanı belirlemez"
    ),
    "table.company.two": "rakibin: {rival}",
    "table.welcome.brief": "Okey, {rules} masası, {level} botlar. Yardım: H.",
    "table.welcome.detailed": (
        "Okey, {rules} masası; {company}; botlar {level}. Yardım: H, menü: Escape."
    ),
    "table.resumed.brief": "El {number} sürüyor.",
    "table.resumed.detailed": "{rules} masasına hoş geldin, el {number}.",
    # The deal and the hand
    "table.round.brief": "El {number}: başlayan {name}.",
    "table.round.detailed": "El {number}. Dağıtan ve başlayan: {name}.",
    "table.round.you.brief": "El {number}: sen başlıyorsun.",
    "table.round.you.detailed": "El {number}. Sen dağıtıp başlıyorsun.",
    "table.round.stacks.brief": "El {number}: başlayan {name}.",
    "table.round.stacks.detailed": "El {number}. Başlayan: {name}.",
    "table.round.stacks.you.brief": "El {number}: sen başlıyorsun.",
    "table.round.stacks.you.detailed": "El {number}. Sen başlıyorsun.",
    "table.dice.other.brief": "{name} zar attı: {stack} ve {tile}.",
    "table.dice.other.detailed": "{name} zar attı: {stack} ve {tile}; {story}.",
    "table.dice.you.brief": "Zar attın: {stack} ve {tile}.",
    "table.dice.you.detailed": "Zar attın: {stack} ve {tile}; {story}.",
    "table.dice.story": "yedek taş {stack_nth} desteye konur, onun alttan {tile_nth} taşı açılır",
    "table.dice.story.passed": (
        "yedek taş {stack_nth} desteye konur; onun alttan {tile_nth} taşı "
        "sahte okey, bu yüzden {position_nth} taş açılır"
    ),
    "table.dice.story.passed.wrap": (
        "yedek taş {stack_nth} desteye konur; onun alttan {tile_nth} taşı, en üstteki, "
        "sahte okey; sayım alttan sürer ve {position_nth} taş açılır"
    ),
    "table.dice.story.passed2": (
        "yedek taş {stack_nth} desteye konur; onun alttan {tile_nth} ve {second_nth} "
        "taşları sahte okey, bu yüzden {position_nth} taş açılır"
    ),
    "table.dice.story.passed2.wrap": (
        "yedek taş {stack_nth} desteye konur; onun alttan, üstü geçip yine alttan sayınca, "
        "{tile_nth} ve {second_nth} taşları sahte okey, bu yüzden {position_nth} taş açılır"
    ),
    "ordinal.1": "birinci",
    "ordinal.2": "ikinci",
    "ordinal.3": "üçüncü",
    "ordinal.4": "dördüncü",
    "ordinal.5": "beşinci",
    "ordinal.6": "altıncı",
    "table.indicator": "Gösterge {indicator}, okey {okey}.",
    "table.turned_back": "Önce bir sahte okey açıldı ve geri kondu ({count}).",
    "table.hand.brief": "{count} taş: {tiles}.",
    "table.hand.detailed": "{count} taşın, {mode}: {tiles}.",
    "table.hand.section": "{kind}: {tiles}",
    "table.kind.run": "seri",
    "table.kind.set": "grup",
    "table.kind.pair": "çift",
    "table.kind.spares": "boşta",
    "table.kind.colour": "renk",
    "table.kind.number": "sayı",
    "table.kind.okeys": "okeyler",
    "table.sort.colour": "renge göre",
    "table.sort.ascending": "sayıya göre, artan",
    "table.sort.descending": "sayıya göre, azalan",
    "table.sort.smart": "akıllı dizim",
    "table.sorted.colour": "Renge göre dizildi.",
    "table.sorted.ascending": "Sayıya göre, artan dizildi.",
    "table.sorted.descending": "Sayıya göre, azalan dizildi.",
    "table.sorted.smart": "Akıllı dizim: önce perler, sonda boştakiler.",
    "table.focus": "{tile}, {count} taştan {position}.",
    "table.focus.kind": "{kind}: {tile}, {count} taştan {position}.",
    "table.no_tiles": "Elinde taş yok.",
    "table.not_dealt": "Henüz taş dağıtılmadı.",
    "table.show_offer.brief": "G: eşi göster, {tile}.",
    "table.show_offer.detailed": (
        "Göstergenin eşi {tile} elinde: G ile gösterirsen diğerleri {points} kaybeder."
    ),
    # Turns
    "table.turn.pile.brief": "{label}: deste, {tile}.",
    "table.turn.pile.detailed": "{name}, {where}, desteden çekip attı: {tile}.",
    "table.turn.last.brief": "{label}: destenin son taşı, {tile}.",
    "table.turn.last.detailed": "{name}, {where}, destenin son taşını çekip attı: {tile}.",
    "table.turn.take.brief": "{label}: aldı {taken}, attı {tile}.",
    "table.turn.take.detailed": "{name}, {where}, aldı: {taken}; attı: {tile}.",
    "table.turn.take_yours.brief": "{label}: senin attığını aldı, {taken}; attı {tile}.",
    "table.turn.take_yours.detailed": (
        "{name}, {where}, senin attığın taşı aldı: {taken}; attı: {tile}."
    ),
    "table.turn.open.brief": "{label} başladı: {tile}.",
    "table.turn.open.detailed": "{name}, {where}, başladı ve attı: {tile}.",
    "table.turn.discard.brief": "{label}: {tile}.",
    "table.turn.discard.detailed": "{name}, {where}, attı: {tile}.",
    "table.drew.brief": "{label}: deste.",
    "table.drew.detailed": "{name}, {where}, desteden çekti.",
    "table.took.brief": "{label}: aldı {taken}.",
    "table.took.detailed": "{name}, {where}, aldı: {taken}.",
    "table.declined.brief": "{label} geçti: {tile}.",
    "table.declined.detailed": "{name}, {where}, geçti: {tile}.",
    "table.you_draw.brief": "{tile}, {count} taştan {position}.",
    "table.you_draw.detailed": "Çektin: {tile}, {count} taştan {position}.",
    "table.you_draw_gone": "Çektin: {tile}.",
    "table.you_take.brief": "Aldın: {tile}, {count} taştan {position}.",
    "table.you_take.detailed": "Aldın: {tile}, {count} taştan {position}.",
    "table.you_take_gone": "Aldın: {tile}.",
    "table.you_discard": "Attın: {tile}.",
    "table.you_decline": "Geçtin: {tile}.",
    "table.your_turn.open.brief": "Sıra sende: at.",
    "table.your_turn.open.detailed": "Sıra sende: sen başlıyorsun; bir taş at.",
    "table.your_turn.take.brief": "Sıra sende: {tile} ya da deste.",
    "table.your_turn.take.detailed": (
        "Sıra sende: {name} attı, {tile} taşını al ya da desteden çek."
    ),
    "table.your_turn.pile.brief": "Sıra sende: deste.",
    "table.your_turn.pile.detailed": "Sıra sende: desteden çek.",
    "table.your_turn.pile_out.brief": "Deste bitti: T {tile} alır, X geçer.",
    "table.your_turn.pile_out.detailed": (
        "Deste bitti. Sıra sende: T, {name} attı, {tile} taşını alır ve onunla bitirmeyi "
        "dener; X geçer ve el berabere biter."
    ),
    "table.take_wins.brief": "{tile} bitirir.",
    "table.take_wins.detailed": "{tile} taşını alırsan bitirebilirsin.",
    "table.can_finish.brief": "Bitirebilirsin: F, {tile}.",
    "table.can_finish.detailed": "Bitirebilirsin: F, {tile} taşını atar ve kazanırsın.",
    "table.turn_offer.brief": "K: okeye dön.",
    "table.turn_offer.detailed": "Ya da K ile okeye dön, istediğin zaman bitir.",
    "table.must_finish": "Bitiren bir taş at, yoksa el berabere biter.",
    "table.whose.discard.brief": "Sıra sende: at.",
    "table.whose.discard.detailed": "Sıra sende: bir taş at; elinde {count} taş var.",
    # Shows, declarations, the clock and autopilot
    "table.showed.you": "Göstergenin eşini gösterdin, {tile}; {cost}.",
    "table.showed.other": "{name} göstergenin eşini gösterdi, {tile}; {cost}.",
    "table.shown_by": "{name} göstergenin eşini gösterdi.",
    "table.pairs.you": "Çifte gidiyorsun.",
    "table.pairs.other": "{name} çifte gidiyor.",
    "table.turned.you": "Okeye döndün: istediğin zaman F ile bitir.",
    "table.turned.other": "{name} okeye döndü.",
    "table.timeout.you": "Süre doldu: hamleni oyun yapıyor.",
    "table.timeout.other": "Süre doldu: {name}.",
    "table.autopilot_on.you": "Artık senin için oto pilot oynuyor. Enter ile geri dön.",
    "table.autopilot_off.you": "Yerine döndün.",
    "table.autopilot_on.other": "Oto pilot oynuyor: {name}.",
    "table.autopilot_off.other": "{name} döndü.",
    "table.no_timer": "Bu masada hamle süresi yok.",
    "table.clock_stopped": "Saatin işlemiyor.",
    "table.time_left": "{seconds} saniye kaldı.",
    # Wins, draws, standings
    "table.won.you.brief": "Kazandın: {tile}!",
    "table.won.you.detailed": "{kind} ile kazandın, ortaya bıraktığın taş: {tile}!",
    "table.won.other.brief": "{name} kazandı: {tile}.",
    "table.won.other.detailed": "{name} {kind} ile kazandı, ortaya bıraktığı taş: {tile}.",
    "table.won.okey": "Okey atarak bitiş.",
    "table.won.colored": "Renkli bitiş.",
    "table.cost": "{losers}: eksi {points}",
    "table.cost.one": "{losers}: eksi {points}",
    "table.cost.each": "{losers}: kişi başı eksi {points}",
    "table.cost.us": "bize eksi {points}",
    "table.cost.them": "onlara eksi {points}",
    "table.drawn.declined": "El berabere: son atılan taş geçildi. Puan yok.",
    "table.drawn.no_win": "El berabere: son atılan taş bitirmedi. Puan yok.",
    "table.drawn.pile_closed": "El berabere: deste bitti. Puan yok.",
    "table.round_over.brief": "El {number} bitti: {standings}. Enter: sonraki el. J: inceleme.",
    "table.round_over.detailed": (
        "El {number} bitti. Durum: {standings}. Enter ile el {next} başlar. J: ustanın incelemesi."
    ),
    "table.scores": "Puanlar: {scores}.",
    "table.score": "{name} {score}",
    "table.scores.teams": "biz {us}, onlar {them}",
    "table.scores.duel": "{deciding}; yanlarda {sides}",
    "table.match_over.you_win": "Oyun bitti: kazandın!",
    "table.match_over.we_win": "Oyun bitti: takımın kazandı!",
    "table.match_over.they_win": "Oyun bitti: öteki takım kazandı.",
    "table.match_over.one_wins": "Oyun bitti. Kazanan: {name}.",
    "table.match_over.shared": "Oyun bitti. Birinciliği paylaşanlar: {names}.",
    "table.ranking": "Sıralama: {places}. J: ustanın incelemesi. Q masadan kalkar.",
    "table.place": "{place}. {names} {score}",
    # Status keys
    "table.okeys.one": "Elinde bir okey var.",
    "table.okeys.two": "İki okey de elinde.",
    "table.pile": "Deste: {count} taş.",
    "table.pile.one": "Deste: 1 taş.",
    "table.pile.empty": "Deste bitti.",
    "table.discards.brief": "{label}: {tiles}.",
    "table.discards.detailed": "Atılanlar, {name}, en yeni önce: {tiles}.",
    "table.discards.none.brief": "{label}: boş.",
    "table.discards.none.detailed": "Atılanlar, {name}: boş.",
    "table.discards.yours.brief": "Seninkiler: {tiles}.",
    "table.discards.yours.detailed": "Attıkların, en yeni önce: {tiles}.",
    "table.discards.yours_none": "Henüz taş atmadın.",
    "table.no_seat": "Orada kimse oturmuyor.",
    "table.copies": "{tile}: {places}.",
    "table.copies.held": "{count} tanesi elinde",
    "table.copies.held.both": "ikisi de elinde",
    "table.copies.indicator": "1 tanesi gösterge",
    "table.copies.yours": "{count} tanesi attıklarında",
    "table.copies.discarded": "{count} tanesi atılanlarda, {name}",
    "table.copies.taken": "{count} tanesini aldı: {name}",
    "table.copies.middle": "{count} tanesi ortada",
    "table.copies.unseen": "{count} tanesi görünmüyor",
    "table.story.start": "Herkes {score} ile başladı.",
    "table.story.rounds": "El {played} / {rounds}.",
    "table.story.won": "El {number}: bitiren {name}, kişi başı {points}.",
    "table.story.showed": "El {number}: eşi gösteren {name}, kişi başı {points}.",
    "table.story.drawn": "El {number}: berabere.",
    "table.story.nothing": "Henüz puan kaybedilmedi.",
    # Why a key does nothing now
    "table.why.not_your_turn": "Sıra: {name}.",
    "table.why.round_over": "El bitti: Enter ile el {number} başlar.",
    "table.why.match_over": "Oyun bitti: Q ile masadan kalk.",
    "table.why.autopilot": "Senin için oto pilot oynuyor: Enter ile geri dön.",
    "table.why.must_draw.brief": "Önce çek.",
    "table.why.must_draw.detailed": "Önce çek: P desteden, T {tile} alır.",
    "table.why.must_draw_pile": "Önce çek: P desteden.",
    "table.why.must_discard": "Elinde 15 taş var: önce bir taş at.",
    "table.why.pile_out": "Deste bitti: T {tile} alır, X geçer.",
    "table.why.nothing_to_take": "Alınacak atılmış taş yok.",
    "table.why.decline_only": "Ancak deste bitince geçebilirsin.",
    "table.why.not_ready": "Elin henüz bitmiyor.",
    "table.why.no_finish": "Henüz hiçbir atış elini bitirmiyor.",
    "table.unknown_key": "{key} burada bir şey yapmaz. Yardım: H.",
    # Questions, the draw choice and the menu
    "table.ask.okey.brief": "Okey atılsın mı? Y ya da N.",
    "table.ask.okey.detailed": (
        "Okeyin {tile} atılsın mı? Y ya da Enter atar; N ya da Escape tutar."
    ),
    "table.ask.quit.brief": "Kalkılsın mı? Y ya da N.",
    "table.ask.quit.detailed": (
        "Masadan kalkılsın mı? Önce kaydedilir, okey resume geri getirir. "
        "Y ya da Q kalkar; N kalır."
    ),
    "table.kept": "Tutuldu.",
    "table.staying": "Kalıyorsun.",
    "table.cancelled": "Vazgeçildi.",
    "table.choice.pile.brief": "{tile} ya da deste? T ya da P.",
    "table.choice.pile.detailed": "{name} attı: {tile} taşını al mı, desteden mi çek? T ya da P.",
    "table.choice.decline.brief": "T {tile} alır, X geçer.",
    "table.choice.decline.detailed": (
        "{name} attı: {tile} taşını al mı, yoksa geçip eli berabere mi bitir? T ya da X."
    ),
    "table.option.take": "{tile} taşını al ({name} attı)",
    "table.option.pile": "Desteden çek",
    "table.option.decline": "Geç: {tile}",
    "table.menu.open.brief": "Menü. {item}",
    "table.menu.open.detailed": (
        "Menü: Yukarı ve Aşağı seçer, Enter yapar, Escape kapatır. {item}"
    ),
    "table.menu.item": "{label}, {key}, {count} seçenekten {position}.",
    "table.menu.no_key": "yalnız menüde",
    "table.menu.closed": "Menü kapandı.",
    # Keys as they are said
    "key.ctrl": "Kontrol+{name}",
    "key.left": "Sol ok",
    "key.right": "Sağ ok",
    "key.up": "Yukarı ok",
    "key.down": "Aşağı ok",
    "key.home": "Home",
    "key.end": "End",
    "key.enter": "Enter",
    "key.space": "Boşluk",
    "key.escape": "Escape",
    "key.tab": "Tab",
    "key.s-tab": "Shift+Tab",
    "key.pageup": "Page Up",
    "key.pagedown": "Page Down",
    "key.delete": "Delete",
    "key.insert": "Insert",
    "key.backspace": "Geri silme",
    "key.paste": "Yapıştırılan metin",
    "table.menu.help": (
        "Menüde: Yukarı ve Aşağı seçer, Enter yapar, Escape kapatır; "
        "virgül ve nokta geri okur. {item}"
    ),
    "table.action.choose": "Atılanı al ya da çek: sorulur",
    "table.action.draw": "Desteden çek",
    "table.action.take": "Atılan taşı al",
    "table.action.enter": "Üzerinde olduğun taşı at",
    "table.action.finish": "En iyi atışla bitir",
    "table.action.decline": "Son atılan taşı geç",
    "table.action.show": "Göstergenin eşini göster",
    "table.action.turn_to_okey": "Okeye dön",
    "table.action.pairs": "Çifte git",
    "table.action.sort": "Dizimi değiştir",
    "table.action.hand": "Bütün taşlarını oku",
    "table.action.indicator": "Gösterge ve okey",
    "table.action.scores": "Puanlar; iki kez: puanlar nereye gitti",
    "table.action.pile": "Destede kalan taşlar",
    "table.action.whose_turn": "Sıra kimde, ne yapılır",
    "table.action.left_discards": "Solundakinin attıkları",
    "table.action.right_discards": "Sağındakinin attıkları",
    "table.action.across_discards": "Karşındakinin attıkları",
    "table.action.my_discards": "Attıkların",
    "table.action.copies": "Taşının eşleri nerede",
    "table.action.time": "Kalan süre",
    "table.action.help": "Şu an çalışan tuşlar",
    "table.action.hint": "Usta ne yapardı (ipucu)",
    "table.action.review": "Ustanın el incelemesi, el bitince",
    "table.action.rules": "Bu masanın kuralları",
    "table.action.older": "Eski mesajları oku",
    "table.action.verbosity": "Kısa ya da ayrıntılı mesajlar",
    "table.action.sounds": "Sesler açık ya da kapalı",
    "table.action.speech_status": "Konuşma durumu",
    "table.action.okey_warning": "Okey atmadan önce soru, açık ya da kapalı",
    "table.action.save": "Masayı kaydet",
    "table.action.quit": "Kaydet ve kalk",
    "table.okey_warning_on": "Okey atmadan önce oyun sorar.",
    "table.okey_warning_off": "Okey atışları artık sorulmuyor.",
    # The master's hint (U)
    "table.hint.draw": "Usta desteden çekerdi.",
    "table.hint.take": "Usta {tile} taşını alırdı ({name} attı).",
    "table.hint.decline": "Usta son atılan taşı geçerdi.",
    "table.hint.show": "Usta önce göstergenin eşini gösterirdi.",
    "table.hint.discard": "Usta {tile} taşını atardı.",
    "table.hint.finish": "Usta {tile} ile bitirirdi.",
    "table.hint.none": "Ustanın burada önerisi yok.",
    "table.hint.left": "{count} ipucu kaldı.",
    "table.hint.left.one": "1 ipucu kaldı.",
    "table.hint.left.none": "Bu son ipucundu.",
    "table.hint.not_now": "Usta ipucunu senin sırana verir.",
    "table.hint.used_up": "Bu oyunda ipucu kalmadı.",
    # The master's review after a round (J; okey review)
    "table.review.not_now": "Ustanın incelemesi el bitince gelir.",
    "table.review.summary": "Sen ve usta {count} kararın {agreed} tanesinde anlaştınız.",
    "table.review.summary.all": "Sen ve usta {count} kararın hepsinde anlaştınız.",
    "table.review.summary.one": "Sen ve usta 1 kararın {agreed} tanesinde anlaştınız.",
    "table.review.none": "Bu elde hiç karar vermedin.",
    "table.review.all_automatic": "Bu elde bütün kararlarını oyun verdi ({count}).",
    "table.review.automatic": "Oyun senin yerine {count} karar daha verdi.",
    "table.review.line": "Hamle {turn}: {played}; usta {master}.",
    "table.review.line.not": "Hamle {turn}: {played}; usta bunu yapmazdı.",
    "table.review.auto": "Hamle {turn}, oto pilotla: {played}; usta {master}.",
    "table.review.auto.not": "Hamle {turn}, oto pilotla: {played}; usta bunu yapmazdı.",
    "table.review.did.draw": "desteden çektin",
    "table.review.did.take": "{tile} taşını aldın ({name} atmıştı)",
    "table.review.did.decline": "geçtin: {tile}",
    "table.review.did.discard": "{tile} taşını attın",
    "table.review.did.finish": "{tile} ile bitirdin",
    "table.review.did.finish_points": "{tile} ile {points} puana bitirdin",
    "table.review.did.show": "göstergenin eşini gösterdin",
    "table.review.did.turn_to_okey": "okeye döndün",
    "table.review.did.pairs": "çifte gittin",
    "table.review.did.no_show": "göstergenin eşini göstermedin",
    "table.review.did.no_turn_to_okey": "okeye dönmedin",
    "table.review.did.no_pairs": "çifte gitmedin",
    "table.review.would.draw": "desteden çekerdi",
    "table.review.would.take": "{tile} taşını alırdı ({name} atmıştı)",
    "table.review.would.decline": "geçerdi: {tile}",
    "table.review.would.discard": "{tile} taşını atardı",
    "table.review.would.finish": "{tile} ile bitirirdi",
    "table.review.would.finish_points": "{tile} ile {points} puana bitirirdi",
    "table.review.would.show": "gösterirdi",
    "table.review.would.turn_to_okey": "okeye dönerdi",
    "table.review.would.pairs": "çifte giderdi",
    # Help (H or F1; twice: every key)
    "table.help.draw": "Çekme sırası sende: P desteden, T atılanı alır, D hangisi diye sorar.",
    "table.help.pile_out": "Deste bitti: T son atılanı alır, X geçer.",
    "table.help.discard": (
        "Atma sırası sende: Enter ya da Boşluk üzerinde olduğun taşı atar; "
        "bitirebildiğinde F bitirir."
    ),
    "table.help.autopilot": "Senin için oto pilot oynuyor: Enter ile geri dön.",
    "table.help.next_round": "El bitti: Enter sonrakini başlatır; J: ustanın bu eli incelemesi.",
    "table.help.match_over": "Oyun bitti. J: ustanın son eli incelemesi.",
    "table.help.waiting": "Diğerleri oynuyor; bu arada etrafa bakabilirsin.",
    "table.help.show": "G göstergenin eşini gösterir.",
    "table.help.turn_to_okey": "K okeye döner.",
    "table.help.tiles": "Sol ve Sağ: taşların; Yukarı ve Aşağı: sonraki per; A: hepsi; S: dizim.",
    "table.help.moves": "P çeker, T alır, D sorar, Enter ya da Boşluk atar, F bitirir.",
    "table.help.pairs": "2 çifte gider.",
    "table.help.time": "E: kalan süre.",
    "table.help.hint": (
        "U: usta ne yapardı; oyun başına {count} ipucu. "
        "J, el bitince: ustanın incelemesi, ücretsiz."
    ),
    "table.help.status": (
        "I: gösterge ve okey; C: puanlar, iki kez basınca puanların nereye gittiği; "
        "N: deste; W: sıra kimde; L, R, O, M: solundakinin, sağındakinin, karşındakinin "
        "ve senin attıkların; Z: taşının eşleri nerede; soru işareti: kurallar."
    ),
    "table.help.speech": (
        "Virgül ve nokta: eski ve yeni mesajlar; V: kısa ya da ayrıntılı; B: sesler; "
        "F2: konuşma durumu."
    ),
    "table.help.general": "Escape: bütün hamleler; Kontrol S kaydeder; Q kalkar.",
    "table.help.more": "Yine H: bütün tuşlar.",
    # Saving and leaving
    "table.save.done": "Kaydedildi: {name}.",
    "table.save.failed": "Kaydedilemedi: {reason}.",
    "table.save.unavailable": "Burada kaydetme yok.",
    "table.goodbye.saved": "Kayıt adı: {name}; okey resume oyunu sürdürür.",
    "table.goodbye": "Hoşça kal.",
    "table.error": "Bir şey ters gitti: {error}. Oyunun saklandı.",
    # The screen (sighted players)
    "table.screen.title": "Okey · {rules} · el {number} · deste {pile}",
    "table.screen.title.none": "Okey · {rules}",
    "table.screen.indicator": "Gösterge {indicator}   Okey {okey}",
    "table.screen.scores": "Puanlar  {scores}",
    "table.screen.score": "{name} {score}",
    "table.screen.discards": "Atılanlar  {piles}",
    "table.screen.pile_top": "{label} {tile}",
    "table.screen.nothing": "-",
    "table.screen.rack": "Istakan · {mode} · {count}",
    "table.screen.okey_mark": "okey",
    "table.screen.legend": "● kırmızı  ▲ mavi  ■ siyah  ◆ sarı  ★ sahte okey",
    "table.screen.footer": "H yardım · Esc menü · S dizim · Ctrl+S kaydet · Q çık",
    "table.screen.menu": "Menü",
    "table.screen.question": "Soru",
    # The commands
    "table.default_name": "Sen",
    "table.bot_names": "Ayşe, Mehmet, Zeynep",
    "start.cli.help": (
        "başlangıç menüsü (yalnız okey): yeni oyun, sürdürülecek oyun, günün eli, eğitim"
    ),
    "start.title": "Okey",
    "start.footer": "Yukarı/Aşağı seç · Enter başlat · H yardım · Q çık",
    "start.welcome": "Okey. Yukarı ve Aşağı seçer, Enter başlatır, Q çıkar. {item}",
    "start.item": "{label}, {count} seçenekten {position}.",
    "start.play": "Yeni oyun: {rules} masası, {level} botlar",
    "start.resume": "Oyununu sürdür: {rules} masası, el {number}",
    "start.daily": "Günün eli, {date}: tek el, herkese aynı dağıtım",
    "start.daily.started": "Günün eli, {date}: başladın, sürdür",
    "start.daily.done": "Günün eli, {date}: oynandı; nasıl geçtiğini dinle",
    "start.tutorial": "Eğitim: oyunu ve tuşları hazır bir elle öğren",
    "start.quit": "Çık",
    "start.help": (
        "Yukarı ve Aşağı {count} seçeneği dolaşır, Enter üzerinde olduğunu başlatır, "
        "bir rakam o seçeneği başlatır, Q çıkar. Virgül ve nokta söyleneni geri okur. "
        "Komut satırında okey settings varsayılanlarını saklar."
    ),
    "start.unknown_key": "{key} burada bir şey yapmaz. Yardım: H.",
    "start.goodbye": "Hoşça kal.",
    "settings.cli.help": "yeni oyunlar için kalıcı seçimlerini listele ya da değiştir",
    "settings.cli.key": "ayar: {keys}",
    "settings.cli.value": "yeni değeri (şimdikini duymak için boş bırak)",
    "settings.cli.reset": "ayarı oyunun varsayılanına döndür",
    "settings.file": "Ayar dosyası: {path}",
    "settings.file_header": (
        "# okey ayarları: yeni oyunların varsayılanları (okey settings listeler ve değiştirir)"
    ),
    "settings.line.yours": "{setting}: {value}",
    "settings.line.default": "{setting}: {value} (varsayılan)",
    "settings.on": "açık",
    "settings.off": "kapalı",
    "settings.warning": "{reason}; oyunun varsayılanları kullanılıyor",
    "settings.error.what": (
        "bir ayar, sonra bir değer ya da --reset ver, örneğin: okey settings speech off"
    ),
    "settings.error.unknown": "{setting} adında ayar yok (bilinenler: {known})",
    "settings.error.choice": "{setting} için {value} olmaz (olabilecekler: {known})",
    "settings.error.switch": "{setting} açık (on) ya da kapalı (off) olur, {value} değil",
    "settings.error.pace": "hız 0 ile 60 arası bir saniye sayısıdır, {value} değil",
    "settings.error.name": "ad 1 ile {most} arası yazdırılabilir karakterdir",
    "settings.error.rules": "kurallar: {reason}",
    "settings.error.unreadable": "ayar dosyası okunamıyor, {path}: {reason}",
    "settings.error.unwritable": "ayar dosyası yazılamıyor, {path}: {reason}",
    "settings.error.damaged": "ayar dosyası bozuk, {path} ({reason}): düzelt ya da sil",
    "daily.cli.help": "günün elini oyna: tek el, bugün her oyuncuya aynı dağıtım",
    "daily.cli.date": "elinin oynanacağı gün, YYYY-MM-DD biçiminde (varsayılan: bugün)",
    "daily.cli.bad_date": "--date YYYY-MM-DD biçiminde bir gün ister, {given} değil",
    "daily.date": "{day} {month} {year}",
    "daily.month": (
        "Ocak, Şubat, Mart, Nisan, Mayıs, Haziran, Temmuz, Ağustos, Eylül, Ekim, Kasım, Aralık"
    ),
    "daily.welcome": "Günün eli, {date}: bugün her oyuncuya aynı dağıtıldı.",
    "daily.welcome.other": "Günün eli, {date}: o gün her oyuncuya aynı dağıtıldı.",
    "daily.resumed": "Günün elini, {date}, daha önce başlattın: kaldığın yerden sürüyor.",
    "daily.done.won": "Günün elini, {date}, kazandın: diğerleri kişi başı {points} kaybetti.",
    "daily.done.lost": "Günün eli, {date}, bitti. Kazanan: {winner}; sen {points} kaybettin.",
    "daily.done.drawn": "Günün eli, {date}, bitti: deste tükendi, kimse kazanmadı.",
    "daily.done.again": (
        "Her gün yeni bir el gelir. Bunu kayda geçmeden yeniden oynamak için: "
        "okey play --rules {rules} --level {level} --seed {seed}"
    ),
    "table.cli.play": "hemen botlara karşı oyna (seçenekli yalın okey, okey play demektir)",
    "table.cli.resume": "kayıtlı bir oyunu tam bırakıldığı yerden sürdür",
    "table.cli.rules": "kural takımının adı ya da TOML dosyası (varsayılan: classic)",
    "table.cli.level": "bot seviyesi: {levels} (varsayılan: medium)",
    "table.cli.seed": "dağıtımların ve botların tohumu: aynı tohum aynı oyunu oynatır",
    "table.cli.name": "masadaki adın",
    "table.cli.sort": "başlangıçta ıstakanın dizimi: colour, ascending, descending, smart",
    "table.cli.pace": "botların hamleleri arasındaki saniye (varsayılan: {pace})",
    "table.cli.pace_saved": "botların hamleleri arasındaki saniye (varsayılan: kaydedildiği gibi)",
    "table.cli.saves": (
        "kayıt klasörü (varsayılan: $OKEY_SAVES, yoksa saves/, yoksa veri klasörün)"
    ),
    "table.cli.save_name": "açılacak kayıt (varsayılan: en yenisi)",
    "table.cli.no_level": "{level} adında bot seviyesi yok (bilinenler: {known})",
    "table.cli.level_fallback": (
        "Burada {wanted} seviyesinde bot yok; yerine {level} botlar oynuyor."
    ),
    "table.cli.bad_pace": "--pace 0 ya da daha büyük olmalı",
    "table.cli.no_saves": "{folder} içinde sürdürülecek kayıtlı oyun yok",
    "table.cli.no_terminal": (
        "masa bir terminal ister: okey'i bir terminalde başlat (okey --help komutları listeler)"
    ),
    # okey review
    "review.help": (
        "kayıtlı bir oyunun usta incelemesi: biten her elde kararların, "
        "zor botun kararlarının yanında"
    ),
    "review.cli.save": "incelenecek kayıt, ad ya da yol (varsayılan: en yenisi)",
    "review.cli.seat": "N numaralı koltuğu incele (varsayılan: oyuncunun koltuğu)",
    "review.cli.json": "tek bir JSON nesnesi yazdır",
    "review.round": "El {number}. {summary}",
    "review.no_rounds": "Bu oyunun henüz hiçbir eli bitmedi.",
    "review.no_saves": "{folder} içinde incelenecek kayıtlı oyun yok",
    "review.bad_seat": "bu masada {seat} numaralı koltuk yok (koltuklar 0 ile {last} arası)",
    # The tutorial (okey tutorial)
    "tutorial.cli.help": "hazır bir eli oynayarak tuşları ve oyunu adım adım öğren",
    "tutorial.rules.name": "eğitim",
    "tutorial.rules.description": "Dört kişilik klasik Okey, oynayarak öğrenmek için hazır bir el.",
    "tutorial.welcome": (
        "Okey eğitimine hoş geldin. Hazır bir eli oynuyorsun; rakiplerin: {company}. "
        "Her adımda bir tuş: her adım hangi tuşa basacağını söyler. Tab bir adımı atlar. "
        "Q her an eğitimden çıkar; kaydedilmez."
    ),
    "tutorial.step": "Adım {number} / {count}. {text}",
    "tutorial.screen.footer": "Eğitim · H yardım · Tab adım atla · Esc menü · Q çık",
    "tutorial.wrong": "{key} bu adımda bir şey yapmaz. {hint}",
    "tutorial.wrong.unbound": "O tuş burada bir şey yapmaz. {hint}",
    "tutorial.wrong_tile": "Üzerinde olduğun taş {tile}, {count} taştan {position}. {hint}",
    "tutorial.wait": "Diğerleri oynuyor; sonraki adımın sıra sana gelince.",
    "tutorial.reminder": "Eğitimdesin: {hint}",
    "tutorial.skipped": "Atlandı.",
    "tutorial.no_save": "Eğitim kaydedilmez; Q ile çıkılır.",
    "tutorial.general_help": "Escape: bütün hamleler; Tab bir adımı atlar; Q eğitimden çıkar.",
    "tutorial.goodbye": (
        "Hoşça kal. Gerçek bir oyun için okey ya da okey play çalıştır; okey tutorial bu "
        "dersi yeniden başlatır."
    ),
    "tutorial.ask.quit": (
        "Eğitimden çıkılsın mı? Hiçbir şey kaydedilmez; okey tutorial yeniden başlatır. "
        "Y ya da Q çıkar; N kalır."
    ),
    "tutorial.history": (
        "Atmadan önce birkaç tuş. Söylenen her şey senin için saklanır. Virgül son mesajı "
        "yineler, her yeni virgül bir eskisine gider, taşlarına ve göstergeye kadar; nokta "
        "geri gelir. Dene: virgüle bas."
    ),
    "tutorial.history.hint": "Son mesajı yeniden duymak için virgüle bas.",
    "tutorial.history.then": (
        "Virgül ve nokta her zaman çalışır; H de öyle, kullanabileceğin tuşları söyler."
    ),
    "tutorial.rack": (
        "Istakan: 15 taşın renge göre sıralı, ilkinin üzerindesin. Sağ ok sonraki taşa "
        "gider ve onu yeriyle söyler; Sol ok geri gider. Sağ oka bas."
    ),
    "tutorial.rack.hint": "Taşlarında ilerlemek için Sağ ok tuşuna bas.",
    "tutorial.ends": "Home ilk taşına, End son taşına atlar. End tuşuna bas.",
    "tutorial.ends.hint": "Son taşını duymak için End tuşuna bas.",
    "tutorial.indicator": (
        "Az önce iki özel taşla karşılaştın. Ortada yüzü açık duran taş göstergedir; okey "
        "onunla aynı renkte, bir büyük sayıdır. I ikisini de söyler. I tuşuna bas."
    ),
    "tutorial.indicator.hint": "Gösterge ve okey için I tuşuna bas.",
    "tutorial.indicator.then": (
        "Okey, {okey}, her taşın yerine geçer: bir serinin ya da grubun eksik taşı olur. "
        "Sahte okey öyle değildir: yalnız okeyin yüzünü, {okey}, oynar; ıstakan onu bu "
        "yüzden {false} diye söyler."
    ),
    "tutorial.sort": (
        "S ıstakanın dizimini değiştirir: renge göre, sayıya göre artan, azalan ve akıllı "
        "dizim; akıllı dizim perlerini öne, boştaki taşları sona koyar. "
        "Akıllı dizim diye duyana kadar S tuşuna bas."
    ),
    "tutorial.sort.hint": "Akıllı dizim diye duyana kadar S tuşuna bas.",
    "tutorial.sort.then": "Istaka ne çekersen çek, oyun boyunca bu dizimde kalır.",
    "tutorial.all": "A bütün taşlarını sırayla okur; akıllı dizimde per per. A tuşuna bas.",
    "tutorial.all.hint": "Bütün taşlarını duymak için A tuşuna bas.",
    "tutorial.all.then": (
        "Bitirmek için 14 taşının hepsi seri ve gruplarda olmalı. Seri aynı renkte üç ya "
        "da daha çok ardışık taştır; grup aynı sayının farklı renklerinden üç ya da dört "
        "taştır. Üç tane zaten var: sahte okey kırmızı serinde {okey} olarak oynuyor, okeyin "
        "de şunun yerine geçiyor: {stands_for}. Şu taşlarına, {wanted}, tek eksik: {taken}. "
        "Yukarı ve Aşağı perden pere atlar."
    ),
    "tutorial.open": (
        "Dağıtan sensin, başlayan da sen: elinde 15 taş var ve ilk iş bir taş atarsın, sana "
        "en az yarayan boştaki taşı. Bu taş {opening}: hiçbir taşın ona yakın değil; oysa "
        "{spare} şu taşlarınla, {low}, 12, 13, 1 serisi yapabilir. Boştakiler son per: "
        "boşta diye duyana kadar Aşağı, sonra Sağ ile {opening} taşına git, sonra Enter ile at."
    ),
    "tutorial.open.hint": (
        "Boşta diye duyana kadar Aşağı, sonra Sağ ile {opening} taşına git, sonra Enter ile at."
    ),
    "tutorial.open.then": (
        "Sıra sağa geçer: sağında {right}, sonra karşında {across}, sonra solunda {left}; "
        "her biri bir taş çekip bir taş atar. Dinle; sonraki adımın sıra sana gelince."
    ),
    "tutorial.whose": (
        "Sıra yine sende. Emin olmadığında W sıranın kimde olduğunu ve ne "
        "yapabileceğini söyler. W tuşuna bas."
    ),
    "tutorial.whose.hint": "W tuşuna bas: sıra kimde.",
    "tutorial.discards": (
        "L solundakinin, {left}, attıklarını en yeniden başlayarak okur; R, O ve M "
        "sağındakinin, karşındakinin ve seninkileri okur. L tuşuna bas."
    ),
    "tutorial.discards.hint": "Solundakinin attıkları için L tuşuna bas.",
    "tutorial.copies": (
        "Z, üzerinde olduğun taşın iki eşinin nerede olduğunu, masadakilerin görebildiği "
        "kadarıyla söyler: elinde, gösterge olarak açık, atılanlarda, bir oyuncunun aldığı, "
        "ya da henüz görünmeyen. İstersen bir taşa git, sonra Z tuşuna bas."
    ),
    "tutorial.copies.hint": "Taşının eşleri nerede, duymak için Z tuşuna bas.",
    "tutorial.take": (
        "Her hamle bir çekişle başlar: P yüzü kapalı destenin üstündeki taşı çeker, T ise "
        "solundaki oyuncunun, {left}, az önce attığı taşı alır. Şu taşlarının, {wanted}, "
        "seri için istediği taş: {taken}; öyleyse al: T tuşuna bas."
    ),
    "tutorial.take.hint": "T ile al: {taken}.",
    "tutorial.take.then": "Aldığını herkes görür; atılan taşı ancak işine yarıyorsa al.",
    "tutorial.discard": (
        "Yine 15 taşın var, öyleyse bir taş at. {taken} ile şu taşların, {wanted}, seri "
        "oldu; {spare} ona katılamaz: seri 12, 13, 1 diye bitebilir ama 13'ten 1, 2'ye "
        "asla geçmez. Akıllı dizimde boştakiler sondadır: End, sonra Enter ile at: {spare}."
    ),
    "tutorial.discard.hint": "End, sonra Enter ile at: {spare}.",
    "tutorial.discard.then": "Diğerleri yine oynuyor. Dinle.",
    "tutorial.draw": (
        "Bu kez atılan taş, {passed}, işine yaramaz; desteden çek: P tuşuna bas. "
        "N destede kaç taş kaldığını söyler."
    ),
    "tutorial.draw.hint": "Desteden çekmek için P tuşuna bas.",
    "tutorial.finish": (
        '"Bitirebilirsin", kendi sesiyle, elin bitmeye hazır olduğu an gelir: '
        "{finish} dışında her taş bir seride ya da grupta. F en iyi atışla bitirir; "
        "{finish} üzerinde Enter da bitirirdi. F tuşuna bas."
    ),
    "tutorial.finish.hint": "Bitirmek için F tuşuna bas.",
    "tutorial.scores": (
        "Güzel oynadın. Şimdi her an çalışan birkaç tuş. C puanları okur. C tuşuna bas."
    ),
    "tutorial.scores.hint": "Puanlar için C tuşuna bas.",
    "tutorial.scores.then": (
        "Tek satırda puanlama: herkes {start} ile başlar; biri bitirince diğerleri {points} "
        "kaybeder, okey atarak ya da yedi çiftle bitişte {double}; oyun, bir puan 0'a "
        "inene dek el el sürer."
    ),
    "tutorial.review": (
        "Her elden sonra J ustanın incelemesini verir: en güçlü bilgisayar oyuncusunun, o "
        "anki bilgilerinle, farklı vereceği her kararın. J tuşuna bas."
    ),
    "tutorial.review.hint": "Ustanın incelemesi için J tuşuna bas.",
    "tutorial.review.then": (
        "Usta bu eli tam senin gibi oynardı. Gerçek bir elden sonra, ustanın farklı "
        "vereceği her karar bir satır alır: hamle, senin hamlen ve onunki."
    ),
    "tutorial.help": (
        "H ya da F1 o an çalışan tuşları söyler; bütün tuşlar için iki kez bas. H tuşuna bas."
    ),
    "tutorial.help.hint": "Yardım için H tuşuna bas.",
    "tutorial.menu": (
        "Escape, birini unuttuğunda diye, bütün hamleleri tuşlarıyla bir menüde açar. "
        "Escape tuşuna bas."
    ),
    "tutorial.menu.hint": "Menüyü açmak için Escape tuşuna bas.",
    "tutorial.menu_close": (
        "Aşağı ve Yukarı hamleleri dolaşır, Enter üzerinde olduğunu yapardı. "
        "Escape menüyü kapatır: Escape tuşuna bas."
    ),
    "tutorial.menu_close.hint": "Menüyü kapatmak için Escape tuşuna bas.",
    "tutorial.end": (
        "Eğitim bu kadar: bir el Okey oynadın. Üç bota karşı gerçek bir oyun için "
        "terminalinde okey ya da okey play çalıştır. Eğitimden çıkmak için Q tuşuna bas."
    ),
    "tutorial.end.hint": "Eğitimden çıkmak için Q tuşuna bas.",
    # Saves
    "saves.error.missing_name": "{folder} içinde {name} adında kayıt yok",
    "saves.error.missing": "{path}: böyle bir dosya yok",
    "saves.error.unreadable": "okunamıyor, {path}: {reason}",
    "saves.error.empty": "{path} boş: bir kayıt değil",
    "saves.error.truncated": "{path} yarım kalmış: kayıt tamamlanmadan bitiyor",
    "saves.error.corrupt": "{path} bozuk: {reason}",
    "saves.error.foreign": "{path} bir okey kaydı değil",
    "saves.error.newer": (
        "{path} daha yeni bir okey ile kaydedilmiş (kayıt biçimi {found}; bu okey en çok "
        "{known} biçimini okur): açmak için okey'i güncelle"
    ),
    "saves.error.version": "{path} bilinmeyen bir kayıt biçiminde, {found}",
    "saves.error.unsafe_name": "'{name}' kayıt adı olamaz: {reason}",
    "saves.error.write": "kaydedilemiyor, {path}: {reason}",
    "saves.error.not_folder": "kayıt klasörü {folder} bir klasör değil",
    "saves.error.folder": "kayıt klasörü okunamıyor, {folder}: {reason}",
    "saves.error.state": "bu kayıt geri yüklenmiyor: {reason}",
    "saves.name.empty": "boş",
    "saves.name.separator": "/ ya da \\ içeremez",
    "saves.name.dot": "nokta ile başlayamaz",
    "saves.name.character": "şunu içeremez: {char}",
    "saves.name.long": "{most} karakterden uzun",
    "saves.name.reserved": "bu ad Windows'ta ayrılmış",
    "saves.name.outside": "kayıt klasöründe değil, {folder}",
    "saves.name.backup": ".bak ile biten ad yedek dosyanındır",
    "saves.bad.utf8": "UTF-8 metin değil",
    "saves.bad.json": "geçerli JSON değil ({detail})",
    "saves.bad.duplicate": "'{field}' anahtarı iki kez geçiyor",
    "saves.bad.missing": "'{field}' eksik",
    "saves.bad.unknown": "'{field}' bir kayıt anahtarı değil",
    "saves.bad.type": "'{field}' şu olmalı: {kind}",
    "saves.bad.value": "'{field}' {reason}",
    "saves.bad.rules": "kuralları yanlış: {reason}",
    "saves.bad.log": "oyun kaydı yeniden oynanmıyor: {reason}",
    "saves.bad.summary": "özeti ({field}) oyun kaydıyla uyuşmuyor",
    "saves.kind.object": "bir nesne",
    "saves.kind.list": "bir liste",
    "saves.kind.text": "metin",
    "saves.kind.whole": "bir tam sayı",
    "saves.kind.number": "bir sayı",
    "saves.kind.bool": "true ya da false",
    "saves.kind.whole_or_null": "bir tam sayı ya da null",
    "saves.kind.rng_or_null": "bir rastgele durum ya da null",
    "saves.value.negative": "negatif olmamalı",
    "saves.value.count": "koltuk başına bir tane, {count} öğe olmalı",
    "saves.value.seat": "0 ile {last} arası bir koltuk olmalı",
    "saves.value.phase": "şunlardan biri olmalı: {choices}",
    "saves.value.time": "2025-06-01T14:05:09+02:00 gibi bir tarih ve saat olmalı",
    "saves.value.rng": "bir rastgele üretecin durumu değil",
    "saves.value.text": "eşsiz vekil karakter içermemeli",
    "saves.value.stacks": (
        "{found}, destelerden dağıtan bir masanın biçimi, ama kuralları düz dağıtır"
    ),
    "saves.list.title": "{folder} içindeki kayıtlar, en yeni önce:",
    "saves.list.none": "{folder} içinde kayıt yok.",
    "saves.list.item": "{name}: {date}, {rules}, {where}, puanlar {scores}.",
    "saves.list.item.label": "{name} ({label}): {date}, {rules}, {where}, puanlar {scores}.",
    "saves.list.score": "{name} {score}",
    "saves.where.not_started": "ilk dağıtımdan önce",
    "saves.where.in_play": "el {round}, sıra: {name}",
    "saves.where.round_over": "el {round} sonrası",
    "saves.where.match_over": "oyun el {round} sonrasında bitti",
    "saves.seat": "koltuk {seat}",
    "saves.help": "kayıtlı oyunları listele: tarih, kurallar, el ve puanlar, en yeni önce",
    "saves.help.folder": (
        "kayıt klasörü (varsayılan: $OKEY_SAVES, yoksa projenin saves/ klasörü, "
        "yoksa kullanıcı veri klasörün)"
    ),
    # Every platform (okey.speech, okey.bots.plugins): Windows, macOS, Linux.
    "speech.no_answer.brief": "Konuşma yanıt vermedi; yalnız yazılıyor.",
    "speech.no_answer.detailed": (
        "Konuşma {seconds} saniye içinde yanıt vermedi; yalnız yazılıyor. Her seferinde "
        "oluyorsa konuşmayı (Linux'ta speech-dispatcher) yeniden başlat ya da "
        "okey settings speech off seç."
    ),
    "speech.reader_unnamed.brief": "Oyunu bir ekran okuyucu okuyor; okey ayrıca konuşmuyor.",
    "speech.reader_unnamed.detailed": (
        "Bir ekran okuyucu çalışıyor ve terminali okuyor; okey onun için yazar, ayrıca "
        "konuşmaz. Okeyin kendi sesini de duymak için: okey settings speech voice."
    ),
    "speech.voiceover_refused.brief": (
        "VoiceOver okeyi kabul etmiyor; okey say ile konuşuyor. VoiceOver için "
        "Allow VoiceOver to be controlled with AppleScript ayarını aç."
    ),
    "speech.voiceover_refused.detailed": (
        "VoiceOver okeyin kendisi üzerinden konuşmasına izin vermiyor; okey Mac'in kendi "
        "sesiyle (say) konuşuyor. VoiceOver için: VoiceOver Yardımcı Programı, Genel "
        "bölümünde Allow VoiceOver to be controlled with AppleScript (VoiceOver'ın "
        "AppleScript ile denetlenmesine izin ver) ayarını aç; macOS terminalinin "
        "VoiceOver'ı denetlemesine izin isterse izin ver."
    ),
    "cli.speech.platforms": (
        "oyun nasıl konuşur: auto sistemin sesiyle (speech-dispatcher, SAPI 5, say) "
        "konuşur ve yazar, ama terminali bir ekran okuyucu zaten okuyorsa (Windows'ta "
        "NVDA, JAWS ya da Ekran Okuyucusu, macOS'ta VoiceOver, Linux'ta Orca, Fenrir ya "
        "da speakup) yalnız yazar; voice her zaman konuşur, çalışan ekran okuyucun "
        "varsa onunla; screen-reader terminali okuyan ekran okuyucu için yalnız yazar; "
        "off yalnız yazar (varsayılan: auto)"
    ),
    "bot.plugin.form_file": (
        "'{spec}' bir bot değil: modül:çağrılabilir ya da dosya.py:çağrılabilir yaz, "
        "örneğin mypackage.mybot:make_bot ya da ./lucky.py:make_bot"
    ),
    "bot.plugin.no_file": "bot yüklenemiyor, {spec}: {path} diye bir dosya yok",
    "bot.plugin.unknown_file": (
        "{name} adında bot yok (seviyeler: {known}; ya da modül:çağrılabilir veya "
        "dosya.py:çağrılabilir ver)"
    ),
}
