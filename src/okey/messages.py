"""The message catalogue: every text a player hears or reads.

Texts are templates with named fields, looked up by key, so that a
translation only has to supply another catalogue. Nothing else in the game
writes sentences of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from okey.hand.tiles import Colour, Tile, is_okey
from okey.messages_tr import TURKISH

ENGLISH: Mapping[str, str] = {
    # Tiles
    "colour.red": "red",
    "colour.blue": "blue",
    "colour.black": "black",
    "colour.yellow": "yellow",
    "tile.plain": "{colour} {number}",
    "tile.okey": "{colour} {number} okey",
    "tile.false_joker": "{colour} {number} false",
    "tile.false_joker_bare": "false joker",
    # Hand analysis (okey hand)
    "hand.indicator": "Indicator {indicator}, okey {okey}.",
    "hand.tiles": "Tiles ({count}): {tiles}.",
    "hand.group.run": "Run: {tiles}.",
    "hand.group.set": "Set: {tiles}.",
    "hand.group.pair": "Pair: {tiles}.",
    "hand.spares": "Spares: {tiles}.",
    "hand.no_spares": "No spares.",
    "hand.winning.combinations": "A finished hand: every tile is in a run or a set.",
    "hand.winning.pairs": "A finished hand: seven pairs.",
    "hand.not_winning": "Not a finished hand.",
    "hand.finish": "Discard {tile} to finish with {kind}: the others lose {points} each.",
    "hand.no_finish": "No discard finishes this hand.",
    "hand.waits": "Waiting for: {tiles}.",
    "hand.no_waits": "No single tile finishes this hand.",
    "hand.deficiency": "Tiles to exchange before it can finish: {count}.",
    "hand.error.too_many": "A hand holds at most {most} tiles, not {count}.",
    "hand.error.empty": "Give the tiles of a hand, like: r1 r2 r3 k7.",
    "hand.error.copies": "There are only two of each tile, but the hand has {count} {tile}.",
    "hand.error.indicator": "The indicator {tile} is face up, so the hand has at most one.",
    "hand.error.no_indicator": "Give the indicator with --indicator, like --indicator r5.",
    "hand.error.false_joker_indicator": "A false joker is never the indicator.",
    "hand.error.batch_line": "Write the indicator, a colon, then the tiles, like: r5: r1 r2 r3.",
    "hand.error.file": "Cannot read {path}: {reason}.",
    "hand.title": "Hand {number}",
    "kind.combinations": "runs and sets",
    "kind.pairs": "seven pairs",
    "list.empty": "none",
    # Command line
    "cli.description": "An accessible Okey game for the terminal, played by ear or at a keyboard.",
    "cli.error": "okey: {message}",
    "cli.language": (
        "language: en (English) or tr (Türkçe) (default: okey settings, "
        "else $OKEY_LANGUAGE, else en)"
    ),
    "cli.bad_language": "'{language}' is not a known language (known: {known})",
    "cli.bad_language.env": (
        "OKEY_LANGUAGE is '{language}', not a known language (known: {known}): okey speaks English"
    ),
    # Verbosity variants. A message that reads differently when brief or
    # detailed has two keys, "<key>.brief" and "<key>.detailed", and no plain
    # "<key>"; Catalogue.variant picks one. No other key ends in ".brief" or
    # ".detailed". Callers pass the fields of both variants.
    # Table events (fields: seat, where, name, tile)
    "event.discard.brief": "{seat}: {tile}",
    "event.discard.detailed": "{name}, {where}, discarded {tile}",
    "event.your_turn.brief": "Your turn.",
    "event.your_turn.detailed": "Your turn: draw from the middle or take the discard on your left.",
    # The speech layer
    "speech.reader_found.brief": "{reader} reads the game; okey does not speak as well.",
    "speech.reader_found.detailed": (
        "{reader} is running and reads the terminal, so okey prints for it and does not "
        "speak as well. To hear okey's own voice too: okey settings speech voice."
    ),
    "speech.no_route.brief": "No speech found; printing only.",
    "speech.no_route.detailed": (
        "No speech found; printing only. Start your screen reader, "
        "or on Linux install speech-dispatcher."
    ),
    "speech.lost": "Speech stopped working; printing only.",
    "speech.now_brief": "Brief messages.",
    "speech.now_detailed": "Detailed messages.",
    "speech.sounds_on": "Sounds on.",
    "speech.sounds_off": "Sounds off.",
    "speech.status": "{mode} {verbosity} {sounds}",
    "speech.status.auto": "Speech through {route}.",
    "speech.status.auto_no_route": "No speech found; printing only.",
    "speech.status.screen_reader": "Printing for your screen reader.",
    "speech.status.off": "Speech off; printing only.",
    # Message history
    "history.empty": "Nothing said yet.",
    "history.oldest": "Oldest: {text}",
    "history.newest": "Newest: {text}",
    # Command-line options of the speech layer
    "cli.speech": (
        "how the game talks: auto speaks through your screen reader or system speech "
        "and prints, but only prints when Orca, Fenrir or speakup is reading the terminal; "
        "voice always speaks too; screen-reader only prints, for a screen reader that "
        "reads the terminal; off only prints (default: auto)"
    ),
    "cli.transcript": "append every spoken message to FILE, one per line",
    "cli.verbosity": "brief or detailed messages (default: detailed)",
    "cli.sounds": "the terminal bell on your turn and when you can finish (--no-sounds: none)",
    # Engine and commands (rounds, matches, rule sets, the match log, simulate)
    "engine.error.round_over": "the round is over",
    "engine.error.match_over": "the match is over",
    "engine.error.round_in_play": "a round is still being played",
    "engine.error.no_such_seat": "there is no seat {seat} at this table",
    "engine.error.not_your_turn": "it is not your turn",
    "engine.error.must_draw": "you must draw first",
    "engine.error.must_discard": "you hold 15 tiles: discard one first",
    "engine.error.pile_empty": "the pile is empty: take the last discard or decline it",
    "engine.error.must_take_or_decline": "the pile is empty: take the last discard or decline it",
    "engine.error.nothing_to_take": "there is no discard before you to take",
    "engine.error.decline_only_pile_out": "you may decline the discard only when the pile is empty",
    "engine.error.not_in_hand": "{tile} is not in your hand",
    "engine.error.does_not_finish": "discarding {tile} does not finish your hand",
    "engine.error.no_turn_to_okey": "turning to the okey is not played at this table",
    "engine.error.already_turned": "you have already turned to the okey this round",
    "engine.error.no_okey": "you hold no okey ({tile})",
    "engine.error.not_ready": "your hand cannot finish yet",
    "engine.error.no_declare_pairs": "declaring pairs is not played at this table",
    "engine.error.already_declared_pairs": "you have already declared pairs this round",
    "engine.error.no_timer": "this table has no turn timer",
    "engine.error.no_show": "showing the indicator's twin is not played at this table",
    "engine.error.already_shown": "the indicator's twin has already been shown this round",
    "engine.error.show_too_late": "the indicator's twin may be shown only before your first move",
    "engine.error.no_twin": "you do not hold the indicator's twin, {tile}",
    "engine.error.not_on_autopilot": "your seat is not on autopilot",
    "engine.seat": "seat {seat}",
    "engine.seat.named": "seat {seat} ({name})",
    "engine.event.round_started": "Round {number}. {name} deals and opens.",
    "engine.event.round_started.stacks": "Round {number}. {name} opens.",
    "engine.event.indicator": (
        "The indicator is {indicator}; the okey is {okey}. Pile: {pile} tiles."
    ),
    "engine.event.turned_back": "False jokers turned up and put back: {count}.",
    "engine.event.dice": (
        "{name} throws {stack} and {tile}: the spare tile goes on stack {stack}, "
        "and tile {position} from its bottom is the indicator."
    ),
    "engine.event.dice.passed": (
        "{name} throws {stack} and {tile}: the spare tile goes on stack {stack}; "
        "tile {tile} from its bottom is a false joker, so tile {position} is the indicator."
    ),
    "engine.event.dice.passed.wrap": (
        "{name} throws {stack} and {tile}: the spare tile goes on stack {stack}; "
        "tile {tile} from its bottom, the top one, is a false joker, so the count goes on "
        "from the bottom and tile {position} is the indicator."
    ),
    "engine.event.dice.passed2": (
        "{name} throws {stack} and {tile}: the spare tile goes on stack {stack}; "
        "tiles {tile} and {second} from its bottom are false jokers, "
        "so tile {position} is the indicator."
    ),
    "engine.event.dice.passed2.wrap": (
        "{name} throws {stack} and {tile}: the spare tile goes on stack {stack}; "
        "tiles {tile} and {second} from its bottom, counting on past the top from the bottom, "
        "are false jokers, so tile {position} is the indicator."
    ),
    "engine.event.dealt": "{name} is dealt: {tiles}.",
    "engine.event.drew": "{name} draws {tile} from the pile.",
    "engine.event.drew_hidden": "{name} draws from the pile.",
    "engine.event.took": "{name} takes {tile} from {source}.",
    "engine.event.discarded": "{name} discards {tile}.",
    "engine.event.showed": "{name} shows the indicator's twin, {tile}: {losers} lose {penalty}.",
    "engine.event.turned_to_okey": "{name} turns to the okey.",
    "engine.event.declared_pairs": "{name} is going for pairs.",
    "engine.event.declined": "{name} declines {tile}.",
    "engine.event.timed_out": (
        "Time ran out for {name} ({count} in a row): the game plays the turn."
    ),
    "engine.event.autopilot_on": "Autopilot now plays for {name}.",
    "engine.event.autopilot_off": "{name} is back and plays again.",
    "engine.event.won": "{name} finishes with {kind}, laying {tile} in the middle.",
    "engine.event.won.okey": "An okey discard.",
    "engine.event.won.colored": "A coloured finish.",
    "engine.event.won.cost": "{losers} lose {points} each.",
    "engine.event.drawn.declined": "The round is drawn: the last discard was declined. No points.",
    "engine.event.drawn.no_win": "The round is drawn: the last discard did not finish. No points.",
    "engine.event.drawn.pile_closed": "The round is drawn: the pile ran out. No points.",
    "engine.event.scores": "Scores: {scores}.",
    "engine.event.score": "{name} {score}",
    "engine.event.match_over": "The match is over.",
    "engine.event.standing": "{place}. {names}: {score}",
    "rules.list.item": "{name}: {description}",
    "rules.title": "{name}: {description}",
    "rules.players": "{players} players.",
    "rules.partners": (
        "Opposite seats are partners and share one score; when one of them finishes or "
        "shows, only the other team loses."
    ),
    "rules.duel": (
        "A duel: two people face each other in seats 0 and 2 with bots between them; "
        "only the two people's scores decide."
    ),
    "rules.start": "Everyone starts with {score} points and loses points when others finish.",
    "rules.to_zero": (
        "The match ends after the round in which a score reaches 0 or below; "
        "the highest score wins."
    ),
    "rules.fixed.one": "The match is a single round; the highest score wins.",
    "rules.fixed.many": "The match lasts {rounds} rounds; the highest score wins.",
    "rules.tie.shared": "A tie at the top is shared.",
    "rules.tie.last_finisher": "In a tie, whoever finished the last round ranks higher.",
    "rules.normal": "A finish costs every other player {points}.",
    "rules.okey_discard": "Finishing by discarding an okey multiplies that by {factor}.",
    "rules.pairs": "Finishing with seven pairs multiplies it by {factor}.",
    "rules.colored": "Finishing with a yellow or blue tile doubles it again.",
    "rules.cap": "A finish never costs more than {points}.",
    "rules.multiply": "The factors multiply with no cap.",
    "rules.show": (
        "Whoever holds the indicator's twin may show it before their first move: "
        "every other player loses {points}."
    ),
    "rules.no_show": "The indicator's twin is not shown.",
    "rules.pile.take_last_discard": (
        "When the pile is empty, the next player may only take the last discard and try "
        "to finish with it; otherwise the round is drawn with no points."
    ),
    "rules.pile.close_after_last_discard": (
        "The round is drawn with no points once the last pile tile has been drawn and a "
        "tile discarded."
    ),
    "rules.turn_to_okey": (
        "Turning to the okey: a player whose hand can finish while holding an okey may "
        "declare it, then finish when they choose; only an okey discard doubles."
    ),
    "rules.declare_pairs": "A player may announce they are going for pairs: a sign only.",
    "rules.okey_warning": "The game asks before an okey is discarded.",
    "rules.timer": (
        "Each turn has {seconds} seconds; when time runs out the game draws and discards, "
        "and after {after} in a row autopilot plays the seat until the player returns."
    ),
    "rules.no_timer": "No turn timer.",
    "rules.traditional_deal": (
        "The deal is the traditional one, told at the start of each round: 21 stacks of five "
        "and a spare tile; the player before the opener throws a die for the stack the spare "
        "goes on and another for the tile of it, counted from the bottom, that is turned up "
        "as the indicator; the stacks after it are handed out in turn, and the rest, in "
        "order, is the pile."
    ),
    "hand.cli.help": ("analyse a hand: combinations, spares, winning discards, waits, deficiency"),
    "replay.cli.help": "replay a match log: every event in words and the final scores",
    "rules.cli.help": "list the rule sets, or explain one in words",
    "simulate.cli.help": ("play bot matches headless and report wins, points, finishes and speed"),
    "log.error.line": "{path}, line {line}: {reason}",
    "log.error.file": "{path}: {reason}",
    "log.error.header": 'a header line looks like [Rules "classic"]',
    "log.error.no_rules": 'the log names no rules: add a [Rules "..."] header',
    "log.error.no_round": "an action before any 'round' line",
    "log.error.round_line": "a round line looks like: round 1 dealer 2",
    "log.error.round_number": "expected round {expected}, not {found}",
    "log.error.dealer": "round {number} is dealt by seat {expected}, not {found}",
    "log.error.deck_missing": "a 'deck' line with the 106 tiles must follow the round line",
    "log.error.deck": "the deck is wrong: {reason}",
    "log.error.dice": "a dice line looks like: dice 5 2 (two throws, each 1 to 6)",
    "log.error.dice_place": (
        "a dice line belongs right after its round's deck line, with nothing between them"
    ),
    "log.error.dice_missing": (
        "this table deals from stacks: a 'dice' line must follow the deck line, like: dice 5 2"
    ),
    "log.error.dice_unexpected": "this table throws no dice: a 'dice' line does not belong here",
    "log.error.action": "'{text}' is not an action: write a seat and a move, like '2 discard r5'",
    "log.error.seat": "there is no seat {seat} at this table",
    "log.error.illegal": "seat {seat} cannot {text}: {reason}",
    "log.error.scores": "the scores should be {expected}, not {found}",
    "log.error.unfinished": "round {number} is not finished",
    "log.error.round_in_play": "round {number} is still in play",
    "replay.final": "Final scores: {scores}.",
    "replay.unfinished": "The log ends before the match is over.",
    "simulate.summary": (
        "{rounds} rounds in {matches} matches ({drawn} drawn), {seconds:.2f} s: "
        "{rate:.0f} rounds per second. Rules: {rules}; seed {seed}."
    ),
    "simulate.seat": (
        "Seat {seat} ({bot}): won {wins} ({share:.1%}), lost {lost} points, showed {shows}; "
        "finishes: {combinations} runs and sets, {pairs} pairs, {okey} by an okey discard."
    ),
    "simulate.timing": "{bot}: decision time median {median:.3f} ms, p99 {p99:.3f} ms.",
    "simulate.error.seats": "this table seats {players}: give {players} bots, not {count}",
    "simulate.error.bot": "no bot called {name} (known: {known})",
    "simulate.error.rounds": "--rounds must be at least 1",
    # Bots and plug-in bots: owned by okey.bots (plugins.py). A plug-in seat is
    # "module:callable"; a move it loses goes to the easy level.
    "bot.replaced": "{bot} in seat {seat} {reason}; easy played that move instead.",
    "bot.reason.raised": "failed ({detail})",
    "bot.reason.too_slow": "took too long ({detail} s)",
    "bot.reason.illegal": "chose a move that is not allowed ({detail})",
    "bot.plugin.form": (
        "'{spec}' is not a bot: write module:callable, like mypackage.mybot:make_bot"
    ),
    "bot.plugin.import": "cannot load the bot {spec}: {reason}",
    "bot.plugin.missing": "cannot load the bot {spec}: the module has no such callable",
    "bot.plugin.not_callable": "cannot load the bot {spec}: it is not a callable",
    "bot.plugin.make": "the bot {spec} could not be made: {reason}",
    "bot.plugin.unknown": "no bot called {name} (levels: {known}; or give module:callable)",
    # The table (okey play and okey resume): owned by okey.table. What the player
    # hears and reads at the table; "{name}" is a seat's name, "you" for the player.
    "table.you": "you",
    "table.us": "us",
    "table.them": "them",
    "table.and": "{rest} and {last}",
    "table.sentence": "{text}.",
    "table.where.you": "here",
    "table.where.left": "on your left",
    "table.where.right": "on your right",
    "table.where.across": "across from you",
    "table.where.partner": "your partner, across",
    "table.label.you": "You",
    "table.label.left": "Left",
    "table.label.right": "Right",
    "table.label.across": "Across",
    "table.label.partner": "Partner",
    "table.seat_entry": "{name} {where}",
    "table.company.plain": "you play against {others}",
    "table.company.partners": "{partner}, across from you, is your partner against {others}",
    "table.company.duel": (
        "you face {rival}, across from you, in a duel; {others} sit at the sides "
        "and their scores do not decide"
    ),
    "table.company.two": "you face {rival}",
    "table.welcome.brief": "Okey, {rules} table, {level} bots. H for help.",
    "table.welcome.detailed": (
        "Okey, {rules} table: {company}; {level} bots. H for help, Escape for the menu."
    ),
    "table.resumed.brief": "Round {number} resumed.",
    "table.resumed.detailed": "Welcome back to the {rules} table, round {number}.",
    # The deal and the hand
    "table.round.brief": "Round {number}: {name} opens.",
    "table.round.detailed": "Round {number}. {name} deals and opens.",
    "table.round.you.brief": "Round {number}: you open.",
    "table.round.you.detailed": "Round {number}. You deal and open.",
    "table.round.stacks.brief": "Round {number}: {name} opens.",
    "table.round.stacks.detailed": "Round {number}. {name} opens.",
    "table.round.stacks.you.brief": "Round {number}: you open.",
    "table.round.stacks.you.detailed": "Round {number}. You open.",
    "table.dice.other.brief": "{name} throws {stack} and {tile}.",
    "table.dice.other.detailed": "{name} throws a {stack} and a {tile}: {story}.",
    "table.dice.you.brief": "You throw {stack} and {tile}.",
    "table.dice.you.detailed": "You throw a {stack} and a {tile}: {story}.",
    "table.dice.story": (
        "the spare tile goes on the {stack_nth} stack, "
        "and its {tile_nth} tile from the bottom is turned up"
    ),
    "table.dice.story.passed": (
        "the spare tile goes on the {stack_nth} stack; its {tile_nth} tile from the bottom "
        "is a false joker, so the {position_nth} is turned up"
    ),
    "table.dice.story.passed.wrap": (
        "the spare tile goes on the {stack_nth} stack; its {tile_nth} tile from the bottom, "
        "the top one, is a false joker, so the count goes on from the bottom and the "
        "{position_nth} is turned up"
    ),
    "table.dice.story.passed2": (
        "the spare tile goes on the {stack_nth} stack; its {tile_nth} and {second_nth} tiles "
        "from the bottom are false jokers, so the {position_nth} is turned up"
    ),
    "table.dice.story.passed2.wrap": (
        "the spare tile goes on the {stack_nth} stack; its {tile_nth} and {second_nth} tiles "
        "from the bottom, counting on past the top from the bottom, are false jokers, "
        "so the {position_nth} is turned up"
    ),
    "ordinal.1": "first",
    "ordinal.2": "second",
    "ordinal.3": "third",
    "ordinal.4": "fourth",
    "ordinal.5": "fifth",
    "ordinal.6": "sixth",
    "table.indicator": "Indicator {indicator}, okey {okey}.",
    "table.turned_back": "A false joker turned up first and went back ({count}).",
    "table.hand.brief": "{count} tiles: {tiles}.",
    "table.hand.detailed": "Your {count} tiles, {mode}: {tiles}.",
    "table.hand.section": "{kind}: {tiles}",
    "table.kind.run": "run",
    "table.kind.set": "set",
    "table.kind.pair": "pair",
    "table.kind.spares": "spares",
    "table.kind.colour": "colour",
    "table.kind.number": "number",
    "table.kind.okeys": "okeys",
    "table.sort.colour": "by colour",
    "table.sort.ascending": "by number, ascending",
    "table.sort.descending": "by number, descending",
    "table.sort.smart": "smart grouping",
    "table.sorted.colour": "Sorted by colour.",
    "table.sorted.ascending": "Sorted by number, ascending.",
    "table.sorted.descending": "Sorted by number, descending.",
    "table.sorted.smart": "Smart grouping: combinations first, spares last.",
    "table.focus": "{tile}, {position} of {count}.",
    "table.focus.kind": "{kind}: {tile}, {position} of {count}.",
    "table.no_tiles": "You hold no tiles.",
    "table.not_dealt": "No tiles are dealt yet.",
    "table.show_offer.brief": "G shows the twin, {tile}.",
    "table.show_offer.detailed": (
        "You hold {tile}, the indicator's twin: G shows it, and the others lose {points}."
    ),
    # Turns
    "table.turn.pile.brief": "{label}: pile, {tile}.",
    "table.turn.pile.detailed": "{name}, {where}, draws from the pile and discards {tile}.",
    "table.turn.last.brief": "{label}: last pile tile, {tile}.",
    "table.turn.last.detailed": (
        "{name}, {where}, draws the last tile of the pile and discards {tile}."
    ),
    "table.turn.take.brief": "{label}: took {taken}, {tile}.",
    "table.turn.take.detailed": "{name}, {where}, takes {taken} and discards {tile}.",
    "table.turn.take_yours.brief": "{label}: took your {taken}, {tile}.",
    "table.turn.take_yours.detailed": "{name}, {where}, takes your {taken} and discards {tile}.",
    "table.turn.open.brief": "{label} opens: {tile}.",
    "table.turn.open.detailed": "{name}, {where}, opens with {tile}.",
    "table.turn.discard.brief": "{label}: {tile}.",
    "table.turn.discard.detailed": "{name}, {where}, discards {tile}.",
    "table.drew.brief": "{label}: pile.",
    "table.drew.detailed": "{name}, {where}, draws from the pile.",
    "table.took.brief": "{label}: took {taken}.",
    "table.took.detailed": "{name}, {where}, takes {taken}.",
    "table.declined.brief": "{label} declines {tile}.",
    "table.declined.detailed": "{name}, {where}, declines {tile}.",
    "table.you_draw.brief": "{tile}, {position} of {count}.",
    "table.you_draw.detailed": "You draw {tile}, {position} of {count}.",
    "table.you_draw_gone": "You draw {tile}.",
    "table.you_take.brief": "Took {tile}, {position} of {count}.",
    "table.you_take.detailed": "You take {tile}, {position} of {count}.",
    "table.you_take_gone": "You take {tile}.",
    "table.you_discard": "You discard {tile}.",
    "table.you_decline": "You decline {tile}.",
    "table.your_turn.open.brief": "Your turn: discard.",
    "table.your_turn.open.detailed": "Your turn: you open; discard a tile.",
    "table.your_turn.take.brief": "Your turn: {tile} or pile.",
    "table.your_turn.take.detailed": "Your turn: take {tile} from {name}, or draw from the pile.",
    "table.your_turn.pile.brief": "Your turn: pile.",
    "table.your_turn.pile.detailed": "Your turn: draw from the pile.",
    "table.your_turn.pile_out.brief": "Pile empty: T takes {tile}, X declines.",
    "table.your_turn.pile_out.detailed": (
        "The pile is empty. Your turn: T takes {tile} from {name} to finish with it, "
        "X declines and draws the round."
    ),
    "table.take_wins.brief": "{tile} finishes.",
    "table.take_wins.detailed": "Taking {tile} lets you finish.",
    "table.can_finish.brief": "You can finish: F, {tile}.",
    "table.can_finish.detailed": "You can finish: F discards {tile} and wins.",
    "table.turn_offer.brief": "K: turn to the okey.",
    "table.turn_offer.detailed": "Or K turns to the okey, to finish when you choose.",
    "table.must_finish": "Discard a tile that finishes, or the round is drawn.",
    "table.whose.discard.brief": "Your turn: discard.",
    "table.whose.discard.detailed": "Your turn: discard a tile; you hold {count}.",
    # Shows, declarations, the clock and autopilot
    "table.showed.you": "You show the indicator's twin, {tile}: {cost}.",
    "table.showed.other": "{name} shows the indicator's twin, {tile}: {cost}.",
    "table.shown_by": "{name} showed the indicator's twin.",
    "table.pairs.you": "You are going for pairs.",
    "table.pairs.other": "{name} is going for pairs.",
    "table.turned.you": "You turn to the okey: F finishes when you choose.",
    "table.turned.other": "{name} turns to the okey.",
    "table.timeout.you": "Time ran out: the game plays your turn.",
    "table.timeout.other": "Time ran out for {name}.",
    "table.autopilot_on.you": "Autopilot plays for you now. Enter takes your seat back.",
    "table.autopilot_off.you": "You are back in your seat.",
    "table.autopilot_on.other": "Autopilot plays for {name}.",
    "table.autopilot_off.other": "{name} is back.",
    "table.no_timer": "This table has no turn timer.",
    "table.clock_stopped": "Your clock is not running.",
    "table.time_left": "{seconds} seconds left.",
    # Wins, draws, standings
    "table.won.you.brief": "You win: {tile}!",
    "table.won.you.detailed": "You win with {kind}, laying {tile} in the middle!",
    "table.won.other.brief": "{name} wins: {tile}.",
    "table.won.other.detailed": "{name} wins with {kind}, laying {tile} in the middle.",
    "table.won.okey": "An okey discard.",
    "table.won.colored": "A coloured finish.",
    "table.cost": "{losers} lose {points}",
    "table.cost.one": "{losers} loses {points}",
    "table.cost.each": "{losers} lose {points} each",
    "table.cost.us": "we lose {points}",
    "table.cost.them": "they lose {points}",
    "table.drawn.declined": "The round is drawn: the last discard was declined. No points.",
    "table.drawn.no_win": "The round is drawn: the last discard did not finish. No points.",
    "table.drawn.pile_closed": "The round is drawn: the pile ran out. No points.",
    "table.round_over.brief": "Round {number} over: {standings}. Enter: next round. J: review.",
    "table.round_over.detailed": (
        "Round {number} over. Standings: {standings}. Enter starts round {next}. "
        "J: the master's review."
    ),
    "table.scores": "Scores: {scores}.",
    "table.score": "{name} {score}",
    "table.scores.teams": "us {us}, them {them}",
    "table.scores.duel": "{deciding}; at the sides {sides}",
    "table.match_over.you_win": "The match is over: you win!",
    "table.match_over.we_win": "The match is over: your team wins!",
    "table.match_over.they_win": "The match is over: the other team wins.",
    "table.match_over.one_wins": "The match is over: {name} wins.",
    "table.match_over.shared": "The match is over: {names} share first place.",
    "table.ranking": "Ranking: {places}. J: the master's review. Q leaves the table.",
    "table.place": "{place}. {names} {score}",
    # Status keys
    "table.okeys.one": "You hold one okey.",
    "table.okeys.two": "You hold both okeys.",
    "table.pile": "Pile: {count} tiles.",
    "table.pile.one": "Pile: 1 tile.",
    "table.pile.empty": "The pile is empty.",
    "table.discards.brief": "{label}: {tiles}.",
    "table.discards.detailed": "{name}'s discard pile, newest first: {tiles}.",
    "table.discards.none.brief": "{label}: empty.",
    "table.discards.none.detailed": "{name}'s discard pile is empty.",
    "table.discards.yours.brief": "Yours: {tiles}.",
    "table.discards.yours.detailed": "Your discard pile, newest first: {tiles}.",
    "table.discards.yours_none": "Your discard pile is empty.",
    "table.no_seat": "No one sits there.",
    # Z: where the two copies of the focused tile are, as far as the player can see
    "table.copies": "{tile}: {places}.",
    "table.copies.held": "you hold {count}",
    "table.copies.held.both": "you hold both",
    "table.copies.indicator": "1 is the indicator",
    "table.copies.yours": "{count} in your discards",
    "table.copies.discarded": "{count} in {name}'s discards",
    "table.copies.taken": "{name} took {count}",
    "table.copies.middle": "{count} in the middle",
    "table.copies.unseen": "{count} unseen",
    "table.story.start": "Everyone started with {score}.",
    "table.story.rounds": "Round {played} of {rounds}.",
    "table.story.won": "Round {number}: {name} finished, {points} each.",
    "table.story.showed": "Round {number}: {name} showed the twin, {points} each.",
    "table.story.drawn": "Round {number}: drawn.",
    "table.story.nothing": "No points lost yet.",
    # Why a key does nothing now
    "table.why.not_your_turn": "It is {name}'s turn.",
    "table.why.round_over": "The round is over: Enter starts round {number}.",
    "table.why.match_over": "The match is over: Q leaves the table.",
    "table.why.autopilot": "Autopilot is playing for you: Enter takes your seat back.",
    "table.why.must_draw.brief": "Draw first.",
    "table.why.must_draw.detailed": "Draw first: P for the pile, T takes {tile}.",
    "table.why.must_draw_pile": "Draw first: P for the pile.",
    "table.why.must_discard": "You hold 15 tiles: discard one first.",
    "table.why.pile_out": "The pile is empty: T takes {tile}, X declines.",
    "table.why.nothing_to_take": "There is no discard to take.",
    "table.why.decline_only": "You may decline only when the pile is empty.",
    "table.why.not_ready": "Your hand cannot finish yet.",
    "table.why.no_finish": "No discard finishes your hand yet.",
    "table.unknown_key": "{key} does nothing here. H for help.",
    # Questions, the draw choice and the menu
    "table.ask.okey.brief": "Discard the okey? Y or N.",
    "table.ask.okey.detailed": (
        "Discard {tile}, your okey? Y or Enter discards it; N or Escape keeps it."
    ),
    "table.ask.quit.brief": "Leave? Y or N.",
    "table.ask.quit.detailed": (
        "Leave the table? It is saved first, and okey resume brings it back. "
        "Y or Q leaves; N stays."
    ),
    "table.kept": "Kept.",
    "table.staying": "Staying.",
    "table.cancelled": "Cancelled.",
    "table.choice.pile.brief": "{tile} or pile? T or P.",
    "table.choice.pile.detailed": "Take {tile} from {name}, or draw from the pile? T or P.",
    "table.choice.decline.brief": "T takes {tile}, X declines.",
    "table.choice.decline.detailed": (
        "Take {tile} from {name}, or decline it and draw the round? T or X."
    ),
    "table.option.take": "Take {tile} from {name}",
    "table.option.pile": "Draw from the pile",
    "table.option.decline": "Decline {tile}",
    "table.menu.open.brief": "Menu. {item}",
    "table.menu.open.detailed": "Menu: Up and Down choose, Enter does it, Escape closes. {item}",
    "table.menu.item": "{label}, {key}, {position} of {count}.",
    "table.menu.no_key": "menu only",
    "table.menu.closed": "Menu closed.",
    # Keys as they are said (letters, digits and F-keys are said as themselves)
    "key.ctrl": "Ctrl+{name}",
    "key.left": "Left",
    "key.right": "Right",
    "key.up": "Up",
    "key.down": "Down",
    "key.home": "Home",
    "key.end": "End",
    "key.enter": "Enter",
    "key.space": "Space",
    "key.escape": "Escape",
    "key.tab": "Tab",
    "key.s-tab": "Shift+Tab",
    "key.pageup": "Page Up",
    "key.pagedown": "Page Down",
    "key.delete": "Delete",
    "key.insert": "Insert",
    "key.backspace": "Backspace",
    "key.paste": "Pasted text",
    "table.menu.help": (
        "In the menu: Up and Down choose, Enter does it, Escape closes; "
        "comma and period read back. {item}"
    ),
    "table.action.choose": "Take the discard or draw: asked",
    "table.action.draw": "Draw from the pile",
    "table.action.take": "Take the discard",
    "table.action.enter": "Discard the tile you are on",
    "table.action.finish": "Finish with the best discard",
    "table.action.decline": "Decline the last discard",
    "table.action.show": "Show the indicator's twin",
    "table.action.turn_to_okey": "Turn to the okey (okeye dönmek)",
    "table.action.pairs": "Announce pairs (çifte gitmek)",
    "table.action.sort": "Change the sort",
    "table.action.hand": "Read all your tiles",
    "table.action.indicator": "Indicator and okey",
    "table.action.scores": "Scores; twice: where the points went",
    "table.action.pile": "Tiles left in the pile",
    "table.action.whose_turn": "Whose turn, and what to do",
    "table.action.left_discards": "Discards on your left",
    "table.action.right_discards": "Discards on your right",
    "table.action.across_discards": "Discards across from you",
    "table.action.my_discards": "Your discards",
    "table.action.copies": "Where the copies of your tile are",
    "table.action.time": "Time left",
    "table.action.help": "Keys that work now",
    "table.action.hint": "What the master would do (a hint)",
    "table.action.review": "The master's review of the round, once it is over",
    "table.action.rules": "This table's rules",
    "table.action.older": "Read older messages",
    "table.action.verbosity": "Brief or detailed messages",
    "table.action.sounds": "Sounds on or off",
    "table.action.speech_status": "Speech status",
    "table.action.okey_warning": "Question before an okey discard, on or off",
    "table.action.save": "Save the table",
    "table.action.quit": "Save and leave",
    "table.okey_warning_on": "The game asks before you discard an okey.",
    "table.okey_warning_off": "Okey discards are no longer questioned.",
    # The master's hint (U)
    "table.hint.draw": "The master would draw from the pile.",
    "table.hint.take": "The master would take {tile} from {name}.",
    "table.hint.decline": "The master would decline the last discard.",
    "table.hint.show": "The master would show the indicator's twin first.",
    "table.hint.discard": "The master would discard {tile}.",
    "table.hint.finish": "The master would finish with {tile}.",
    "table.hint.none": "The master has no advice here.",
    "table.hint.left": "{count} hints left.",
    "table.hint.left.one": "1 hint left.",
    "table.hint.left.none": "That was your last hint.",
    "table.hint.not_now": "The master gives hints on your turn.",
    "table.hint.used_up": "No hints left in this match.",
    # The master's review after a round (J; okey review)
    "table.review.not_now": "The master's review comes when the round is over.",
    "table.review.summary": "You and the master agreed on {agreed} of {count} decisions.",
    "table.review.summary.all": "You and the master agreed on all {count} decisions.",
    "table.review.summary.one": "You and the master agreed on {agreed} of 1 decision.",
    "table.review.none": "You made no decisions this round.",
    "table.review.all_automatic": "The game made all your decisions this round ({count}).",
    "table.review.automatic": "The game made {count} more for you.",
    "table.review.line": "Turn {turn}: you {played}; the master would have {master}.",
    "table.review.line.not": "Turn {turn}: you {played}; the master would not have.",
    "table.review.auto": (
        "Turn {turn}, played for you: the game {played}; the master would have {master}."
    ),
    "table.review.auto.not": (
        "Turn {turn}, played for you: the game {played}; the master would not have."
    ),
    "table.review.did.draw": "drew from the pile",
    "table.review.did.take": "took {tile} from {name}",
    "table.review.did.decline": "declined {tile}",
    "table.review.did.discard": "discarded {tile}",
    "table.review.did.finish": "finished with {tile}",
    "table.review.did.finish_points": "finished with {tile} for {points} points",
    "table.review.did.show": "showed the indicator's twin",
    "table.review.did.turn_to_okey": "turned to the okey",
    "table.review.did.pairs": "announced pairs",
    "table.review.did.no_show": "did not show the indicator's twin",
    "table.review.did.no_turn_to_okey": "did not turn to the okey",
    "table.review.did.no_pairs": "did not announce pairs",
    "table.review.would.draw": "drawn from the pile",
    "table.review.would.take": "taken {tile} from {name}",
    "table.review.would.decline": "declined {tile}",
    "table.review.would.discard": "discarded {tile}",
    "table.review.would.finish": "finished with {tile}",
    "table.review.would.finish_points": "finished with {tile} for {points}",
    "table.review.would.show": "shown it",
    "table.review.would.turn_to_okey": "turned to the okey",
    "table.review.would.pairs": "announced pairs",
    # Help (H or F1; twice: every key)
    "table.help.draw": "Your turn to draw: P from the pile, T takes the discard, D asks which.",
    "table.help.pile_out": "The pile is empty: T takes the last discard, X declines it.",
    "table.help.discard": (
        "Your turn to discard: Enter or Space discards the tile you are on; "
        "F finishes when you can."
    ),
    "table.help.autopilot": "Autopilot plays for you: Enter takes your seat back.",
    "table.help.next_round": (
        "The round is over: Enter starts the next one; J: the master's review of it."
    ),
    "table.help.match_over": "The match is over. J: the master's review of the last round.",
    "table.help.waiting": "Others are playing; you can look around meanwhile.",
    "table.help.show": "G shows the indicator's twin.",
    "table.help.turn_to_okey": "K turns to the okey.",
    "table.help.tiles": (
        "Left and Right: your tiles; Up and Down: the next group; A: all of them; S: sort."
    ),
    "table.help.moves": "P draws, T takes, D asks which, Enter or Space discards, F finishes.",
    "table.help.pairs": "2 announces pairs.",
    "table.help.time": "E: the time left.",
    "table.help.hint": (
        "U: what the master would do; {count} hints a match. "
        "J, after a round: the master's review of it, free."
    ),
    "table.help.status": (
        "I: indicator and okey; C: scores, twice for where the points went; N: the pile; "
        "W: whose turn; L, R, O, M: the discards on your left, right, across and yours; "
        "Z: where the copies of your tile are; "
        "question mark: the rules."
    ),
    "table.help.speech": (
        "Comma and period: older and newer messages; V: brief or detailed; B: sounds; "
        "F2: speech status."
    ),
    "table.help.general": "Escape: every action; Control S saves; Q leaves.",
    "table.help.more": "H again: every key.",
    # Saving and leaving
    "table.save.done": "Saved: {name}.",
    "table.save.failed": "Could not save: {reason}.",
    "table.save.unavailable": "Saving is not available here.",
    "table.goodbye.saved": "Saved as {name}; okey resume picks the match up again.",
    "table.goodbye": "Goodbye.",
    "table.error": "Something went wrong: {error}. Your match is kept.",
    # The screen (sighted players)
    "table.screen.title": "Okey · {rules} · round {number} · pile {pile}",
    "table.screen.title.none": "Okey · {rules}",
    "table.screen.indicator": "Indicator {indicator}   Okey {okey}",
    "table.screen.scores": "Scores  {scores}",
    "table.screen.score": "{name} {score}",
    "table.screen.discards": "Discards  {piles}",
    "table.screen.pile_top": "{label} {tile}",
    "table.screen.nothing": "-",
    "table.screen.rack": "Your tiles · {mode} · {count}",
    "table.screen.okey_mark": "okey",
    "table.screen.legend": "● red  ▲ blue  ■ black  ◆ yellow  ★ false joker",
    "table.screen.footer": "H help · Esc menu · S sort · Ctrl+S save · Q quit",
    "table.screen.menu": "Menu",
    "table.screen.question": "Question",
    # The commands
    "table.default_name": "You",
    "table.bot_names": "Ayşe, Mehmet, Zeynep",
    "start.cli.help": (
        "the start menu (bare okey): a new match, the match to resume, today's hand, the tutorial"
    ),
    "start.title": "Okey",
    "start.footer": "Up/Down choose · Enter start · H help · Q quit",
    "start.welcome": "Okey. Up and Down choose, Enter starts, Q leaves. {item}",
    "start.item": "{label}, {position} of {count}.",
    "start.play": "New match: {rules} table, {level} bots",
    "start.resume": "Resume your match: {rules} table, round {number}",
    "start.daily": "Today's hand, {date}: one round, the same deal for everyone",
    "start.daily.started": "Today's hand, {date}: started, pick it up",
    "start.daily.done": "Today's hand, {date}: played; hear how it went",
    "start.tutorial": "Tutorial: learn the game and the keys with a prepared hand",
    "start.quit": "Quit",
    "start.help": (
        "Up and Down go through the {count} choices, Enter starts the one you are on, "
        "a number starts that one, Q leaves. Comma and period read back what was said. "
        "From the command line, okey settings keeps your defaults."
    ),
    "start.unknown_key": "{key} does nothing here. H for help.",
    "start.goodbye": "Goodbye.",
    "settings.cli.help": "list or change your standing choices for new games",
    "settings.cli.key": "the setting: {keys}",
    "settings.cli.value": "its new value (leave it out to hear the current one)",
    "settings.cli.reset": "put the setting back to the game's default",
    "settings.file": "Settings file: {path}",
    "settings.file_header": (
        "# okey settings: defaults for new games (okey settings lists and changes them)"
    ),
    "settings.line.yours": "{setting}: {value}",
    "settings.line.default": "{setting}: {value} (the default)",
    "settings.on": "on",
    "settings.off": "off",
    "settings.warning": "{reason}; the game's defaults are used",
    "settings.error.what": (
        "give a setting, then a value or --reset, like: okey settings speech off"
    ),
    "settings.error.unknown": "no setting called {setting} (known: {known})",
    "settings.error.choice": "{setting} cannot be {value} (it can be: {known})",
    "settings.error.switch": "{setting} is on or off, not {value}",
    "settings.error.pace": "pace is a number of seconds from 0 to 60, not {value}",
    "settings.error.name": "a name is 1 to {most} printable characters",
    "settings.error.rules": "{reason}",
    "settings.error.unreadable": "cannot read the settings file {path}: {reason}",
    "settings.error.unwritable": "cannot write the settings file {path}: {reason}",
    "settings.error.damaged": (
        "the settings file {path} is damaged ({reason}): correct it or delete it"
    ),
    "daily.cli.help": "play today's hand: one round, the same deal for every player today",
    "daily.cli.date": "the day whose hand to play, as YYYY-MM-DD (default: today)",
    "daily.cli.bad_date": "--date wants a day written YYYY-MM-DD, not {given}",
    "daily.date": "{day} {month} {year}",
    "daily.month": (
        "January, February, March, April, May, June, July, August, September, October, "
        "November, December"
    ),
    "daily.welcome": "The hand of {date}: dealt the same for every player today.",
    "daily.welcome.other": "The hand of {date}: dealt the same for every player that day.",
    "daily.resumed": "You started the hand of {date} earlier: it goes on where you left it.",
    "daily.done.won": "You won the hand of {date}: the others lost {points} each.",
    "daily.done.lost": "The hand of {date} is over: {winner} won it, and you lost {points}.",
    "daily.done.drawn": "The hand of {date} is over: the pile ran out and nobody won.",
    "daily.done.again": (
        "Each day brings a new hand. To practise this one again, unrecorded: "
        "okey play --rules {rules} --level {level} --seed {seed}"
    ),
    "table.cli.play": "play a match against bots at once (okey with options alone means okey play)",
    "table.cli.resume": "pick a saved match up again, exactly where it was left",
    "table.cli.rules": "rule set name or TOML file (default: classic)",
    "table.cli.level": "bot level: {levels} (default: medium)",
    "table.cli.seed": "seed for the deals and the bots: the same seed plays the same match",
    "table.cli.name": "your name at the table",
    "table.cli.sort": "how your rack is sorted at the start: colour, ascending, descending, smart",
    "table.cli.pace": "seconds between the bots' moves (default: {pace})",
    "table.cli.pace_saved": "seconds between the bots' moves (default: as when it was saved)",
    "table.cli.saves": (
        "the saves folder (default: $OKEY_SAVES, else saves/, else your data folder)"
    ),
    "table.cli.save_name": "the save to open (default: the most recent)",
    "table.cli.no_level": "no bot level {level} (known: {known})",
    "table.cli.level_fallback": (
        "Bots of level {wanted} are not available here; {level} bots play instead."
    ),
    "table.cli.bad_pace": "--pace must be 0 or more",
    "table.cli.no_saves": "no saved match to resume in {folder}",
    "table.cli.no_terminal": (
        "the table needs a terminal: start okey in one (okey --help lists the commands)"
    ),
    # okey review: the master's review of a saved match
    "review.help": (
        "the master's review of a saved match: in every finished round, your decisions "
        "beside the hard bot's"
    ),
    "review.cli.save": "the save to review, a name or a path (default: the most recent)",
    "review.cli.seat": "review seat N (default: the player's seat)",
    "review.cli.json": "print one JSON object",
    "review.round": "Round {number}. {summary}",
    "review.no_rounds": "No round of this match is over yet.",
    "review.no_saves": "no saved match to review in {folder}",
    "review.bad_seat": "there is no seat {seat} at this table (seats 0 to {last})",
    # The tutorial (okey tutorial): owned by okey.tutorial. A step's text is
    # "tutorial.<name>", its wrong-key hint "tutorial.<name>.hint" and what follows
    # once it is done "tutorial.<name>.then"; the fields name the prepared hand's tiles.
    "tutorial.cli.help": "learn the keys and the game step by step, playing a prepared hand",
    "tutorial.rules.name": "tutorial",
    "tutorial.rules.description": "Classic Okey for four, one prepared round to learn by playing.",
    "tutorial.welcome": (
        "Welcome to the Okey tutorial. You play one prepared hand against {company}, "
        "one key at a time: each step tells you which key to press. Tab skips a step. "
        "Q leaves the tutorial at any time; it is not saved."
    ),
    "tutorial.step": "Step {number} of {count}. {text}",
    "tutorial.screen.footer": "Tutorial · H help · Tab skip a step · Esc menu · Q quit",
    "tutorial.wrong": "{key} does nothing in this step. {hint}",
    "tutorial.wrong.unbound": "That key does nothing here. {hint}",
    "tutorial.wrong_tile": "You are on {tile}, {position} of {count}. {hint}",
    "tutorial.wait": "The others are playing; your next step comes on your turn.",
    "tutorial.reminder": "In the tutorial now: {hint}",
    "tutorial.skipped": "Skipped.",
    "tutorial.no_save": "The tutorial is not saved; Q leaves it.",
    "tutorial.general_help": "Escape: every action; Tab skips a step; Q leaves the tutorial.",
    "tutorial.goodbye": (
        "Goodbye. To play a real game, run okey, or okey play; okey tutorial starts this "
        "lesson again."
    ),
    "tutorial.ask.quit": (
        "Leave the tutorial? Nothing is saved; okey tutorial starts it again. "
        "Y or Q leaves; N stays."
    ),
    "tutorial.history": (
        "First a few keys, before your discard. Everything said is kept for you. Comma "
        "repeats the last message, and each further comma goes one older, back through "
        "your tiles and the indicator; period comes back. Try it: press comma."
    ),
    "tutorial.history.hint": "Press comma to hear the last message again.",
    "tutorial.history.then": (
        "Comma and period work at any time, and so does H, which tells you the keys you can use."
    ),
    "tutorial.rack": (
        "Your rack: you hold 15 tiles in a row, by colour, and you are on the first. "
        "Right moves to the next tile and says it with its place; Left goes back. Press Right."
    ),
    "tutorial.rack.hint": "Press Right, the arrow key, to move along your tiles.",
    "tutorial.ends": "Home jumps to your first tile and End to your last. Press End.",
    "tutorial.ends.hint": "Press End to hear your last tile.",
    "tutorial.indicator": (
        "You have just met two special tiles. The tile turned face up in the middle is the "
        "indicator, and the okey is the same colour, one number higher. I says both. Press I."
    ),
    "tutorial.indicator.hint": "Press I for the indicator and the okey.",
    "tutorial.indicator.then": (
        "The okey, {okey}, is wild: it stands in for any tile a run or a set is missing. "
        "The false joker is not wild: it only plays the okey's face, {okey}, which is why "
        "your rack calls it {false}."
    ),
    "tutorial.sort": (
        "S changes the order of your rack: by colour, by number up, by number down, and "
        "smart grouping, which puts your runs and sets first and the spares last. "
        "Press S until you hear smart grouping."
    ),
    "tutorial.sort.hint": "Press S until you hear smart grouping.",
    "tutorial.sort.then": "The rack keeps this order for the whole match, whatever you draw.",
    "tutorial.all": (
        "A reads all your tiles in order; in smart grouping, group by group. Press A."
    ),
    "tutorial.all.hint": "Press A to hear all your tiles.",
    "tutorial.all.then": (
        "To finish, 14 of your tiles must be in runs and sets. A run is three or more tiles "
        "of one colour in a row; a set is three or four of one number in different colours. "
        "You have three already: the false joker plays {okey} in your red run, and your okey "
        "stands in for {stands_for}. Your {wanted} only need {taken}. "
        "Up and Down jump from group to group."
    ),
    "tutorial.open": (
        "You deal, so you open: you hold 15 tiles and begin by discarding one, the spare "
        "that helps you least. That is {opening}: no tile of yours is near it, while {spare} "
        "could still make a run of 12, 13, 1 with your {low}. Your spares are the last "
        "group: press Down until you hear spares, then Right to {opening}, then Enter to "
        "discard it."
    ),
    "tutorial.open.hint": (
        "Press Down until you hear spares, then Right to {opening}, then Enter to discard it."
    ),
    "tutorial.open.then": (
        "Play passes to your right: {right}, on your right, then {across}, across from you, "
        "then {left}, on your left, each draw a tile and discard one. Listen; your next step "
        "comes on your turn."
    ),
    "tutorial.whose": (
        "Your turn again. W tells you whose turn it is and what you can do, whenever you "
        "are unsure. Press W."
    ),
    "tutorial.whose.hint": "Press W: whose turn it is.",
    "tutorial.discards": (
        "L reads the discards of {left}, on your left, newest first; R, O and M read those "
        "on your right, across from you, and your own. Press L."
    ),
    "tutorial.discards.hint": "Press L for the discards on your left.",
    "tutorial.copies": (
        "Z tells you where the two copies of the tile you are on are, as far as anyone at "
        "the table can see: in your hand, face up as the indicator, on a discard pile, taken "
        "by a player, or still unseen. Move to any tile if you like, then press Z."
    ),
    "tutorial.copies.hint": "Press Z to hear where the copies of your tile are.",
    "tutorial.take": (
        "Each turn begins with a draw: P takes the top tile of the face-down pile, or T "
        "takes the tile {left} on your left has just discarded. Your {wanted} need {taken} "
        "for a run, so take it: press T."
    ),
    "tutorial.take.hint": "Press T to take {taken}.",
    "tutorial.take.then": "Everyone sees what you take, so take a discard only when it helps.",
    "tutorial.discard": (
        "You hold 15 tiles again, so discard one. With {taken}, your {wanted} make a run, "
        "and {spare} cannot join it: a run may end 12, 13, 1 but never goes on from 13 to "
        "1, 2. In smart grouping your spares are last: press End, then Enter to discard "
        "{spare}."
    ),
    "tutorial.discard.hint": "Press End, then Enter, to discard {spare}.",
    "tutorial.discard.then": "The others play again. Listen.",
    "tutorial.draw": (
        "This time {passed} does not help you, so draw from the pile instead: press P. "
        "N tells you how many tiles are left in it."
    ),
    "tutorial.draw.hint": "Press P to draw from the pile.",
    "tutorial.finish": (
        '"You can finish", with its own sound, comes the moment your hand can end the '
        "round: every tile but {finish} is in a run or a set. F finishes with the best discard; "
        "Enter on {finish} would too. Press F."
    ),
    "tutorial.finish.hint": "Press F to finish.",
    "tutorial.scores": "Well played. Now a few keys for any moment. C reads the scores. Press C.",
    "tutorial.scores.hint": "Press C for the scores.",
    "tutorial.scores.then": (
        "Scoring in one line: everyone starts with {start}, and each time someone finishes "
        "the others lose {points}, or {double} for a finish by discarding an okey or with "
        "seven pairs; a match goes on, round after round, until a score reaches 0."
    ),
    "tutorial.review": (
        "After every round J gives the master's review: each of your decisions that the "
        "strongest computer player would have made differently, with the information you "
        "had then. Press J."
    ),
    "tutorial.review.hint": "Press J for the master's review.",
    "tutorial.review.then": (
        "The master would have played this hand just as you did. After a real round, each "
        "decision it would have made differently gets a line: the turn, your move and its move."
    ),
    "tutorial.help": (
        "H, or F1, tells you the keys that work at that moment; press it twice for every "
        "key. Press H."
    ),
    "tutorial.help.hint": "Press H for help.",
    "tutorial.menu": (
        "Escape opens a menu of every action with its key, for when you forget one. Press Escape."
    ),
    "tutorial.menu.hint": "Press Escape to open the menu.",
    "tutorial.menu_close": (
        "Down and Up go through the actions, and Enter would do the one you are on. "
        "Escape closes the menu: press Escape."
    ),
    "tutorial.menu_close.hint": "Press Escape to close the menu.",
    "tutorial.end": (
        "That is the whole tutorial: you have played a hand of Okey. To play a real game "
        "against three bots, run okey, or okey play, in your terminal. Press Q to leave "
        "the tutorial."
    ),
    "tutorial.end.hint": "Press Q to leave the tutorial.",
    # Saves (okey.saves and okey saves): owned by the saves module
    "saves.error.missing_name": "there is no save called {name} in {folder}",
    "saves.error.missing": "{path}: there is no such file",
    "saves.error.unreadable": "cannot read {path}: {reason}",
    "saves.error.empty": "{path} is empty: it is not a save",
    "saves.error.truncated": "{path} is cut short: the save ends before it is complete",
    "saves.error.corrupt": "{path} is damaged: {reason}",
    "saves.error.foreign": "{path} is not an okey save",
    "saves.error.newer": (
        "{path} was saved by a newer okey (save format {found}; this okey reads formats "
        "up to {known}): update okey to open it"
    ),
    "saves.error.version": "{path} has an unknown save format, {found}",
    "saves.error.unsafe_name": "'{name}' cannot be a save name: {reason}",
    "saves.error.write": "cannot save to {path}: {reason}",
    "saves.error.not_folder": "the saves folder {folder} is not a folder",
    "saves.error.folder": "cannot read the saves folder {folder}: {reason}",
    "saves.error.state": "this save does not restore: {reason}",
    "saves.name.empty": "it is empty",
    "saves.name.separator": "it may not contain / or \\",
    "saves.name.dot": "it may not start with a dot",
    "saves.name.character": "it may not contain {char}",
    "saves.name.long": "it is longer than {most} characters",
    "saves.name.reserved": "the name is reserved on Windows",
    "saves.name.outside": "it is not in the saves folder, {folder}",
    "saves.name.backup": "a name ending in .bak is a backup's",
    "saves.bad.utf8": "it is not UTF-8 text",
    "saves.bad.json": "it is not valid JSON ({detail})",
    "saves.bad.duplicate": "the key '{field}' appears twice",
    "saves.bad.missing": "'{field}' is missing",
    "saves.bad.unknown": "'{field}' is not a key of a save",
    "saves.bad.type": "'{field}' must be {kind}",
    "saves.bad.value": "'{field}' {reason}",
    "saves.bad.rules": "its rules are wrong: {reason}",
    "saves.bad.log": "its match log does not replay: {reason}",
    "saves.bad.summary": "its summary ({field}) does not match its match log",
    "saves.kind.object": "an object",
    "saves.kind.list": "a list",
    "saves.kind.text": "text",
    "saves.kind.whole": "a whole number",
    "saves.kind.number": "a number",
    "saves.kind.bool": "true or false",
    "saves.kind.whole_or_null": "a whole number or null",
    "saves.kind.rng_or_null": "a random state or null",
    "saves.value.negative": "must not be negative",
    "saves.value.count": "must have {count} entries, one per seat",
    "saves.value.seat": "must be a seat from 0 to {last}",
    "saves.value.phase": "must be one of {choices}",
    "saves.value.time": "must be a date and time like 2025-06-01T14:05:09+02:00",
    "saves.value.rng": "is not a random generator's state",
    "saves.value.text": "must not contain unpaired surrogates",
    "saves.value.stacks": (
        "is {found}, the format of a table that deals from stacks, but its rules deal plainly"
    ),
    "saves.list.title": "Saves in {folder}, newest first:",
    "saves.list.none": "No saves in {folder}.",
    "saves.list.item": "{name}: {date}, {rules}, {where}, scores {scores}.",
    "saves.list.item.label": "{name} ({label}): {date}, {rules}, {where}, scores {scores}.",
    "saves.list.score": "{name} {score}",
    "saves.where.not_started": "before the first deal",
    "saves.where.in_play": "round {round}, {name} to play",
    "saves.where.round_over": "after round {round}",
    "saves.where.match_over": "match over after round {round}",
    "saves.seat": "seat {seat}",
    "saves.help": "list the saved matches: date, rules, round and scores, newest first",
    "saves.help.folder": (
        "the saves folder (default: $OKEY_SAVES, else the checkout's saves/ folder, "
        "else your user data folder)"
    ),
    # Every platform (okey.speech, okey.bots.plugins): Windows, macOS, Linux.
    "speech.no_answer.brief": "Speech did not answer; printing only.",
    "speech.no_answer.detailed": (
        "Speech did not answer within {seconds} seconds; printing only. If it happens "
        "every time, restart your speech (on Linux, speech-dispatcher), or choose "
        "okey settings speech off."
    ),
    "speech.reader_unnamed.brief": "A screen reader reads the game; okey does not speak as well.",
    "speech.reader_unnamed.detailed": (
        "A screen reader is running and reads the terminal, so okey prints for it and does "
        "not speak as well. To hear okey's own voice too: okey settings speech voice."
    ),
    "speech.voiceover_refused.brief": (
        "VoiceOver refuses okey, so okey speaks with say. To use VoiceOver, turn on "
        "Allow VoiceOver to be controlled with AppleScript."
    ),
    "speech.voiceover_refused.detailed": (
        "VoiceOver does not let okey speak through it, so okey speaks with the Mac's own "
        "voice (say). To use VoiceOver: open VoiceOver Utility, General, and turn on Allow "
        "VoiceOver to be controlled with AppleScript; if macOS asks whether your terminal "
        "may control VoiceOver, allow it."
    ),
    "cli.speech.platforms": (
        "how the game talks: auto speaks with your system's speech (speech-dispatcher, "
        "SAPI 5, say) and prints, but only prints when a screen reader already reads the "
        "terminal (NVDA, JAWS or Narrator on Windows, VoiceOver on macOS, Orca, Fenrir or "
        "speakup on Linux); voice always speaks too, through your screen reader when one "
        "runs; screen-reader only prints, for a screen reader that reads the terminal; "
        "off only prints (default: auto)"
    ),
    "bot.plugin.form_file": (
        "'{spec}' is not a bot: write module:callable or file.py:callable, like "
        "mypackage.mybot:make_bot or ./lucky.py:make_bot"
    ),
    "bot.plugin.no_file": "cannot load the bot {spec}: there is no file {path}",
    "bot.plugin.unknown_file": (
        "no bot called {name} (levels: {known}; or give module:callable or file.py:callable)"
    ),
}

_COLOUR_KEYS = {colour: f"colour.{colour.name.lower()}" for colour in Colour}


class Verbosity(StrEnum):
    """How much a message says; also the suffix of its variant keys."""

    BRIEF = "brief"
    DETAILED = "detailed"


class Catalogue:
    """Looks up message templates and fills in their fields."""

    def __init__(self, templates: Mapping[str, str] = ENGLISH) -> None:
        self._templates = templates

    def use(self, templates: Mapping[str, str]) -> None:
        """Speak another language from now on (every holder of this catalogue does)."""
        self._templates = templates

    @property
    def templates(self) -> Mapping[str, str]:
        return self._templates

    def text(self, key: str, **fields: object) -> str:
        return self._templates[key].format(**fields)

    def has(self, key: str) -> bool:
        return key in self._templates

    def variant(self, key: str, verbosity: Verbosity, /, **fields: object) -> str:
        """The brief or detailed text of key ("<key>.brief"), else its plain text."""
        specific = f"{key}.{verbosity.value}"
        template = self._templates[specific if specific in self._templates else key]
        return template.format(**fields)

    def colour(self, colour: Colour) -> str:
        return self.text(_COLOUR_KEYS[colour])

    def tile(self, tile: Tile, okey: Tile | None = None) -> str:
        """A tile's spoken name with its role: "red 5", "red 6 okey", "red 6 false"."""
        if tile.is_false_joker:
            if okey is None:
                return self.text("tile.false_joker_bare")
            return self.text(
                "tile.false_joker", colour=self.colour(okey.colour), number=okey.number
            )
        key = "tile.okey" if okey is not None and is_okey(tile, okey) else "tile.plain"
        return self.text(key, colour=self.colour(tile.colour), number=tile.number)

    def tiles(self, tiles: list[Tile], okey: Tile | None = None) -> str:
        if not tiles:
            return self.text("list.empty")
        return ", ".join(self.tile(tile, okey) for tile in tiles)


CATALOGUE = Catalogue()

# Language codes (as --language, okey settings language and $OKEY_LANGUAGE take
# them) and their catalogues; the first is the default.
LANGUAGES: Mapping[str, Mapping[str, str]] = {"en": ENGLISH, "tr": TURKISH}
DEFAULT_LANGUAGE = "en"


def use_language(code: str) -> None:
    """Make the shared catalogue speak ``code`` (a key of LANGUAGES)."""
    CATALOGUE.use(LANGUAGES[code])


def current_language() -> str:
    """The code of the language the shared catalogue speaks."""
    for code, templates in LANGUAGES.items():
        if CATALOGUE.templates is templates:
            return code
    return DEFAULT_LANGUAGE


def tile_name(tile: Tile, okey: Tile | None = None) -> str:
    """The one function every front end uses to name a tile."""
    return CATALOGUE.tile(tile, okey)
