"""The engine's refusals: a reason (an enum) and the tile or seat it concerns, no words.

:class:`IllegalMoveError` says why an action is not allowed now, :class:`DeckError`
why a deck or a deal cannot be, :class:`RecordError` why a record entry does not
follow from the match so far. They are worded at the edge
(:func:`okey.errors.render`), from the catalogue keys ``engine.error.<reason>``,
``engine.deck.<reason>`` and ``log.error.<reason>``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from okey.errors import OkeyError
from okey.tiles import Tile


class MoveError(StrEnum):
    """Why the engine refused an action."""

    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"
    ROUND_IN_PLAY = "round_in_play"
    NO_SUCH_SEAT = "no_such_seat"
    NOT_YOUR_TURN = "not_your_turn"
    MUST_DRAW = "must_draw"
    MUST_DISCARD = "must_discard"
    PILE_EMPTY = "pile_empty"
    MUST_TAKE_OR_DECLINE = "must_take_or_decline"
    NOTHING_TO_TAKE = "nothing_to_take"
    DECLINE_ONLY_PILE_OUT = "decline_only_pile_out"
    NOT_IN_HAND = "not_in_hand"
    DOES_NOT_FINISH = "does_not_finish"
    NO_TURN_TO_OKEY = "no_turn_to_okey"
    ALREADY_TURNED = "already_turned"
    NO_OKEY = "no_okey"
    NOT_READY = "not_ready"
    NO_DECLARE_PAIRS = "no_declare_pairs"
    ALREADY_DECLARED_PAIRS = "already_declared_pairs"
    NO_TIMER = "no_timer"
    NO_SHOW = "no_show"
    ALREADY_SHOWN = "already_shown"
    SHOW_TOO_LATE = "show_too_late"
    NO_TWIN = "no_twin"
    NOT_ON_AUTOPILOT = "not_on_autopilot"
    TIME_OUT_OWED = "time_out_owed"
    # Okey 101's refusals (okey.games.okey101.round); fields named in the catalogue.
    NOT_THIS_GAME = "not_this_game"
    LAY_FIRST_TURN = "lay_first_turn"
    NOT_OPENED = "not_opened"
    ALREADY_OPENED = "already_opened"
    BELOW_THRESHOLD = "below_threshold"
    TOO_FEW_PAIRS = "too_few_pairs"
    OPEN_ONE_KIND = "open_one_kind"
    NO_RUNS_AFTER_PAIRS = "no_runs_after_pairs"
    NO_PAIRS_AFTER_RUNS = "no_pairs_after_runs"
    BAD_MELD = "bad_meld"
    BAD_PAIR = "bad_pair"
    NO_FIT = "no_fit"
    NO_OKEY_SWAP = "no_okey_swap"
    TAKEN_NOT_USED = "taken_not_used"
    DISCARD_TAKEN = "discard_taken"
    NOTHING_TO_GIVE_BACK = "nothing_to_give_back"
    GIVE_BACK_AFTER_LAYING = "give_back_after_laying"
    TAKE_AFTER_GIVE_BACK = "take_after_give_back"
    KEEP_ONE = "keep_one"
    LAY_OFF_LIMIT = "lay_off_limit"
    ADD_NEXT_TURN = "add_next_turn"


class IllegalMoveError(OkeyError):
    """An action the rules do not allow now: ``reason``, and the tile or seat concerned.

    ``key`` is ``reason.value`` (``"must_draw"``). ``okey`` names the round's okey, so
    that a tile is worded with its role.
    """

    prefix: ClassVar[str] = "engine.error."

    def __init__(
        self,
        reason: MoveError | str,
        /,
        *,
        tile: Tile | None = None,
        seat: int | None = None,
        okey: Tile | None = None,
    ) -> None:
        fields: dict[str, object] = {}
        if tile is not None:
            fields["tile"] = tile
        if seat is not None:
            fields["seat"] = seat
        super().__init__(MoveError(reason), **fields)
        self.okey = okey
        self.tile = tile
        self.seat = seat

    @property
    def move_error(self) -> MoveError:
        return MoveError(self.reason)


class DeckProblem(StrEnum):
    """Why a deck or a deal cannot be."""

    SIZE = "size"  # not 106 tiles
    TOO_MANY = "too_many"  # more copies of a tile than exist
    NOT_ENOUGH = "not_enough"  # a prepared deal asks for more copies than exist
    FALSE_JOKER = "false_joker"  # a false joker as the indicator
    HAND_SIZE = "hand_size"  # a prepared hand larger than the seat is dealt
    DIE = "die"  # a throw that no die shows
    PLAYERS = "players"  # a table the deal cannot seat
    NO_DICE = "no_dice"  # dice at a table that does not deal from stacks


class DeckError(OkeyError):
    """A deck that is not an order of the 106 tiles, or a deal that cannot be made.

    Tiles are given in the notation (``tile="r5"``): the deck is written so in a log.
    """

    prefix: ClassVar[str] = "engine.deck."

    def __init__(self, reason: DeckProblem | str, /, **fields: object) -> None:
        super().__init__(DeckProblem(reason), **fields)


class RecordProblem(StrEnum):
    """Why an entry of a match record cannot come next (its words are the log's)."""

    NO_ROUND = "no_round"  # a move before the first deal
    SEAT = "seat"  # a seat the table does not have
    ROUND_IN_PLAY = "round_in_play"  # a deal while a round is played (or the match is over)
    ROUND_NUMBER = "round_number"  # a deal of the wrong round number
    DEALER = "dealer"  # a deal by the wrong seat
    DICE_MISSING = "dice_missing"  # the table deals from stacks but no dice are given
    DICE_UNEXPECTED = "dice_unexpected"  # dice at a table that deals plainly
    NOT_OWED = "not_owed"  # an automatic move that no timeout asked for


class RecordError(OkeyError):
    """A record entry that does not follow from the match so far."""

    prefix: ClassVar[str] = "log.error."

    def __init__(self, reason: RecordProblem | str, /, **fields: object) -> None:
        super().__init__(RecordProblem(reason), **fields)
