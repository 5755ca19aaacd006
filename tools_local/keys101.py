"""The 101 catalogue keys (en, tr), appended to both .po files once (a working script)."""
KEYS = {
 # refusals
 "engine.error.not_this_game": ("that move is not played in this game", "bu hamle bu oyunda yok"),
 "engine.error.lay_first_turn": ("the dealer may not lay on the first turn here", "burada dağıtan ilk elde taş açamaz"),
 "engine.error.not_opened": ("open first: lay 101 points of runs and sets, or your pairs", "önce elini aç: 101 puanlık per ya da çiftlerini indir"),
 "engine.error.already_opened": ("you have already opened", "elini zaten açtın"),
 "engine.error.below_threshold": ("{value} points, {threshold} needed to open", "{value} puan, açmak için {threshold} gerekli"),
 "engine.error.too_few_pairs": ("{count} pairs, {needed} needed to open", "{count} çift, açmak için {needed} gerekli"),
 "engine.error.open_one_kind": ("lay runs and sets, or pairs, not both and not nothing", "ya per ya çift indir: ikisi birden ya da hiçbiri olmaz"),
 "engine.error.no_runs_after_pairs": ("you opened with pairs: no runs or sets for you this round", "çiftle açtın: bu el per indiremezsin"),
 "engine.error.no_pairs_after_runs": ("you opened with runs and sets: no pairs for you this round", "perle açtın: bu el çift indiremezsin"),
 "engine.error.bad_meld": ("those tiles make no run or set here (starting {tile})", "bu taşlar burada per olmaz ({tile} ile başlayan)"),
 "engine.error.bad_pair": ("{tile} and its partner are not a pair", "{tile} ve eşi çift değil"),
 "engine.error.no_fit": ("{tile} does not fit there", "{tile} oraya işlemez"),
 "engine.error.no_okey_swap": ("an okey on the table cannot be taken back here", "burada masadaki okey geri alınamaz"),
 "engine.error.taken_not_used": ("use the taken {tile} first", "önce aldığın {tile} taşını kullan"),
 "engine.error.discard_taken": ("the taken {tile} must be laid, not discarded; or give it back", "aldığın {tile} atılmaz, işlenmeli; ya da geri ver"),
 "engine.error.nothing_to_give_back": ("you took no discard to give back", "geri verecek aldığın bir taş yok"),
 "engine.error.give_back_after_laying": ("you have laid tiles: too late to give the discard back", "taş indirdin: aldığını geri vermek için geç"),
 "engine.error.take_after_give_back": ("you gave that discard back: draw from the pile", "o taşı geri verdin: desteden çek"),
 "engine.error.keep_one": ("keep one tile to discard", "atmak için bir taş bırak"),
 "engine.error.lay_off_limit": ("that is all you may add to the table this turn", "bu el masaya bundan fazla işleyemezsin"),
 "engine.error.add_next_turn": ("you may add to the table from your next turn", "masaya işlemeye bir sonraki elinde başlayabilirsin"),
 # replay words
 "engine.event101.opened": ("{name} opens with {value} points: {tiles}.", "{name} {value} puanla açıyor: {tiles}."),
 "engine.event101.opened_pairs": ("{name} opens with {count} pairs: {tiles}.", "{name} {count} çiftle açıyor: {tiles}."),
 "engine.event101.laid": ("{name} lays {tiles}.", "{name} indiriyor: {tiles}."),
 "engine.event101.added": ("{name} adds {tile} to {owner}'s combination, now {tiles}.", "{name}, {owner} perine {tile} işliyor; per şimdi {tiles}."),
 "engine.event101.okey_back": ("{name} takes the okey back into their hand.", "{name} okeyi eline geri alıyor."),
 "engine.event101.gave_back": ("{name} gives {tile} back to {source} and draws from the pile.", "{name}, {tile} taşını {source} oyuncusuna geri veriyor ve desteden çekiyor."),
 "engine.event101.penalty.okey_discard": ("{name} pays {points}: an okey discarded.", "{name} {points} ceza yazıyor: okey attı."),
 "engine.event101.penalty.playable_discard": ("{name} pays {points}: the discard fitted the table.", "{name} {points} ceza yazıyor: işlenebilecek taş attı."),
 "engine.event101.penalty.okey_in_hand": ("{name} pays {points}: an okey left in hand.", "{name} {points} ceza yazıyor: elinde okey kaldı."),
 "engine.event101.penalty.give_back": ("{name} pays {points} for giving the discard back.", "{name} taşı geri verdiği için {points} yazıyor."),
 "engine.event101.finished": ("{name} finishes, discarding {tile}; the round counts {factor} times.", "{name} {tile} atarak bitiriyor; el {factor} kat sayılıyor."),
 "engine.event101.pile_out": ("The pile ran out: nobody finished.", "Deste bitti: kimse bitiremedi."),
 "engine.event101.points": ("Round points: {points}.", "Elin puanları: {points}."),
 "engine.event101.cancelled": ("All four opened with pairs: the round is cancelled and dealt again, no points.", "Dördü de çiftle açtı: el iptal, yeniden dağıtılıyor, puan yok."),
 # rules loader
 "rules.problem.players_101": ("Okey 101 is for exactly 4 players", "101 okey tam 4 kişiyle oynanır"),
 "rules.problem.at_least_one": ("must be at least 1", "en az 1 olmalı"),
 "rules.problem.pairs_range": ("must be from 1 to 11", "1 ile 11 arasında olmalı"),
 # simulate
 "simulate101.summary": ("{rounds} rounds of Okey 101 in {matches} matches ({pile_out} ended with the pile, {cancelled} cancelled), {seconds:.2f} s: {rate} rounds a second; rules {rules}, seed {seed}.",
                         "{matches} oyunda {rounds} el 101 okey ({pile_out} deste bitti, {cancelled} iptal), {seconds:.2f} sn: saniyede {rate} el; kurallar {rules}, tohum {seed}."),
 "simulate101.seat": ("Seat {seat} ({bot}): finished {finishes} ({share:.1%}), {mean} points a round, {penalties} penalties, opened {opened} times with runs and sets and {pairs} with pairs.",
                      "Koltuk {seat} ({bot}): {finishes} kez bitirdi ({share:.1%}), elde ortalama {mean} puan, {penalties} ceza; {opened} kez perle, {pairs} kez çiftle açtı."),
 # okey rules 101
 "rules101.game": ("Okey 101: 106 tiles, 21 to each player and 22 to the dealer, who begins by discarding; play passes to the right.",
                   "101 okey: 106 taş, herkese 21, dağıtana 22; dağıtan taş atarak başlar, oyun sağa doğru döner."),
 "rules101.turn": ("A turn: draw from the pile or take the tile the player on your left just discarded, lay tiles if you may, then always discard, even on the turn you finish.",
                   "Her el: desteden çek ya da solundakinin attığı taşı al, açabiliyorsan indir, sonra mutlaka bir taş at; bitirdiğin elde de."),
 "rules101.combinations": ("Runs are 3 or more tiles of one colour in a row, sets 3 or 4 tiles of one number in different colours; an okey stands for any tile, a false joker is the okey's own tile.",
                           "Seri: aynı renkten en az 3 ardışık taş; takım: aynı sayının farklı renklerden 3 ya da 4 taşı. Okey her taşın yerine geçer, sahte okey okeyin kendi taşıdır."),
 "rules101.run_13_1.false": ("12-13-1 is not a run (tables differ: run_13_1).", "12-13-1 seri sayılmaz (masalara göre değişir: run_13_1)."),
 "rules101.run_13_1.true": ("12-13-1 counts as a run here; 13-1-2 never does.", "Burada 12-13-1 seri sayılır; 13-1-2 asla."),
 "rules101.opening": ("Your first laying must be runs and sets worth at least {points} points (an okey counts as the tile it stands for), or at least {pairs} pairs.",
                      "İlk indirişin en az {points} puanlık per olmalı (okey yerine geçtiği taş kadar sayılır) ya da en az {pairs} çift."),
 "rules101.rising": ("Each new opening must beat the highest so far (a rising threshold, as some tables play).", "Her yeni açış o ana kadarki en yükseği geçmeli (bazı masalarda oynanan katlamalı açış)."),
 "rules101.refused": ("An opening that falls short is refused with its reason: nothing is laid and there is no penalty (many tables charge 101 instead).",
                      "Yetmeyen bir açış nedeni söylenerek reddedilir: hiçbir şey inmez, ceza yoktur (birçok masa 101 yazar)."),
 "rules101.after_combinations": ("After opening with runs and sets you may lay new ones and add tiles to any combination on the table.",
                                 "Perle açtıktan sonra yeni per indirebilir, masadaki her pere taş işleyebilirsin."),
 "rules101.after_pairs": ("After opening with pairs you may lay more pairs and add tiles to the others' combinations, but no runs or sets.",
                          "Çiftle açtıktan sonra yeni çift indirebilir, başkalarının perlerine işleyebilirsin; per indiremezsin."),
 "rules101.taken": ("A taken discard must be laid that turn (in your opening if you have not opened); you may give it back and draw from the pile instead, for {points} points.",
                    "Yerden alınan taş o el kullanılmalı (açmadıysan açışında); istersen geri verip desteden çekebilirsin, {points} puan karşılığında."),
 "rules101.swap.allowed": ("Once opened, you may put the tile an okey stands for in its place on the table and take the okey (tables differ: okey_swap).",
                           "Açtıktan sonra masadaki bir okeyin yerine geçtiği taşı koyup okeyi alabilirsin (masalara göre değişir: okey_swap)."),
 "rules101.swap.never": ("An okey laid on the table stays there.", "Masaya inen okey orada kalır."),
 "rules101.finish": ("You finish by laying every tile but one and discarding the last: you score -{bonus}; a player who never opened scores {unopened}; the others the sum of their tiles (an okey 0).",
                     "Bir taş dışında hepsini indirip sonuncuyu atarak bitirirsin: sana -{bonus}; hiç açmayana {unopened}; diğerlerine elindeki taşların toplamı (okey 0)."),
 "rules101.factors": ("The round counts {okey} times when the last tile is an okey, {pairs} times when the finisher opened with pairs, {one_turn} times when the finisher laid everything in one turn while nobody else had opened; a player who opened with pairs pays {opener} times their tiles.",
                      "Son taş okeyse el {okey} kat, bitiren çiftle açtıysa {pairs} kat, bitiren kimse açmamışken her şeyi tek elde indirdiyse {one_turn} kat sayılır; çiftle açan taşlarının {opener} katını yazar."),
 "rules101.penalties": ("Penalties of {points} each, never doubled: discarding an okey, discarding a tile that fits a combination on the table (never your last tile), each okey left in an opened player's hand. The game warns before a penalised discard.",
                        "Her biri {points} olan cezalar, hiç katlanmaz: okey atmak, masadaki bir pere işlenebilecek taş atmak (son taş hariç), açmış oyuncunun elinde kalan her okey. Oyun cezalı bir atıştan önce uyarır."),
 "rules101.all_pairs.cancel": ("When all four open with pairs the round is cancelled and dealt again by the same dealer, with no points.", "Dördü de çiftle açarsa el iptal olur ve aynı oyuncu yeniden dağıtır; puan yok."),
 "rules101.all_pairs.play_on": ("When all four open with pairs the round goes on until the pile runs out.", "Dördü de çiftle açarsa el deste bitene kadar sürer."),
 "rules101.pile.hands": ("When the pile runs out the round ends with that discard: everyone scores what is left in hand ({unopened} if never opened), plus penalties.",
                         "Deste bitince el o atışla biter: herkes elinde kalanı yazar (hiç açmayan {unopened}), cezalar da eklenir."),
 "rules101.pile.void": ("When the pile runs out the round ends with that discard and scores nothing.", "Deste bitince el o atışla biter ve puan yazılmaz."),
 "rules101.rounds": ("A match is {count} rounds, every one counted; the lowest total wins.", "Bir oyun {count} eldir, her el sayılır; en düşük toplam kazanır."),
 "rules101.tie.shared": ("Players tied on the lowest total share first place.", "En düşük toplamda berabere kalanlar birinciliği paylaşır."),
 "rules101.tie.last_finisher": ("Of players tied on the lowest total, whoever finished a round more recently ranks higher.", "En düşük toplamda berabere kalanlardan en son el bitiren öne geçer."),
 # okey hand --rules 101
 "hand101.opening.reaches": ("Best opening: {value} points, enough to open ({threshold} needed).", "En iyi açış: {value} puan, açmaya yeter ({threshold} gerekli)."),
 "hand101.opening.short": ("Best opening: {value} points, {threshold} needed to open.", "En iyi açış: {value} puan, açmak için {threshold} gerekli."),
 "hand101.opening.none": ("No run or set to lay.", "İndirilecek per yok."),
 "hand101.meld": ("{tiles}: {value} points.", "{tiles}: {value} puan."),
 "hand101.pairs": ("Pairs: {count}, {needed} needed to open: {tiles}.", "Çiftler: {count}, açmak için {needed} gerekli: {tiles}."),
 "hand101.left": ("Left in hand after the opening: {tiles} ({points} points, {okeys} okeys).", "Açıştan sonra elde kalan: {tiles} ({points} puan, {okeys} okey)."),
 "hand101.fits": ("{tile} fits the table's combination {meld}: {tiles}.", "{tile} masadaki {meld}. pere işlenir: {tiles}."),
 "hand101.finish.yes": ("This hand finishes this turn, discarding {tile}.", "Bu el bu turda {tile} atılarak biter."),
 "hand101.finish.no": ("This hand cannot finish this turn.", "Bu el bu turda bitemez."),
 "hand101.bad_table": ("--table: {text} is no run or set", "--table: {text} per değil"),
 "saves.value.game_101": ("is {found}, but the format of an Okey 101 save is 3 exactly when its rules are Okey 101's", "{found}, ama 101 okey kaydının biçimi, kuralları 101 okeyinse ve yalnızca o zaman 3'tür"),
 "play.error.no_101": ("okey play does not play Okey 101 yet: try okey simulate --rules 101, okey hand --rules 101 or okey rules 101.",
                      "okey play henüz 101 okey oynatmıyor: okey simulate --rules 101, okey hand --rules 101 ya da okey rules 101 deneyin."),
}

def po(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

if __name__ == "__main__":
    import sys
    for lang, i in (("en", 0), ("tr", 1)):
        path = f"src/okey/locales/{lang}/LC_MESSAGES/okey.po"
        text = open(path, encoding="utf-8").read()
        header = "#. Okey 101 (issue 12): refusals, replay words, rules, simulate, okey hand"
        block = [] if header in text else ["", header]
        for key, pair in KEYS.items():
            if f'msgid "{key}"' in text:
                continue
            block += [f'msgid "{key}"', f"msgstr {po(pair[i])}", ""]
        open(path, "w", encoding="utf-8").write(text.rstrip("\n") + "\n" + "\n".join(block))
