"""The rules-error tree: every refusal carries a stable code and a readable message."""

from __future__ import annotations


class RulesError(Exception):
    """A move or input the rules refuse; `code` is stable, `message` is for players."""

    code = "rules"

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(message)
        self.message = message
        self.params = params

    def __str__(self) -> str:
        return self.message


class BadCard(RulesError):
    """Text that is not a card."""

    code = "bad_card"


class BadOption(RulesError):
    """An option value outside what the rules allow."""

    code = "bad_option"


class NotYourTurn(RulesError):
    """The seat acting is not the seat to act."""

    code = "not_your_turn"


class WrongPhase(RulesError):
    """The action does not belong to the current step of the turn."""

    code = "wrong_phase"


class CardNotInHand(RulesError):
    """The player named a card he does not hold."""

    code = "card_not_in_hand"


class IllegalMove(RulesError):
    """The action is well formed but the rules forbid it now."""

    code = "illegal_move"


class InvalidMeld(IllegalMove):
    """Cards that do not form a valid meld."""

    code = "invalid_meld"


class KnockTooHigh(IllegalMove):
    """A knock whose remaining deadwood is over the limit."""

    code = "knock_too_high"


class GinOnly(KnockTooHigh):
    """A knock where the rules allow only gin (a knock limit of 0)."""

    code = "gin_only"


class TakenCardDiscard(IllegalMove):
    """Discarding the card taken from the discard pile in the same turn."""

    code = "taken_card_discard"


class GameOver(RulesError):
    """The game has ended; no more actions."""

    code = "game_over"


class BadState(RulesError):
    """A serialized state that cannot be loaded."""

    code = "bad_state"


# --- Rummy 500 refusals -------------------------------------------------------------


class NotOpened(IllegalMove):
    """Laying off or claiming before owning a meld on the table."""

    code = "not_opened"


class FirstMeldTooLow(IllegalMove):
    """An opening whose melds total less than the minimum (params minimum, points)."""

    code = "first_meld_too_low"


class KeyCardUnused(IllegalMove):
    """A take from the pile whose deepest card is not in a new meld."""

    code = "key_card_unused"


class AmbiguousEnd(IllegalMove):
    """A card that fits both ends of a run, laid off without naming the end."""

    code = "ambiguous_end"


class DoesNotFit(IllegalMove):
    """A card that does not fit the named meld (or the named end)."""

    code = "does_not_fit"


class MustKeepCard(IllegalMove):
    """An action that would empty the hand before the discard."""

    code = "must_keep_card"


class LastCardPlayable(IllegalMove):
    """Discarding a last card that fits a meld on the table."""

    code = "last_card_playable"


class DeadEnd(IllegalMove):
    """An action that would leave one card that could neither be discarded nor played."""

    code = "dead_end"


class ClaimTooLate(IllegalMove):
    """A claim (or window close) after the claim window was won or closed."""

    code = "too_late"


class OwnDiscard(IllegalMove):
    """The discarder claiming his own discard."""

    code = "own_discard"


class NoSuchMeld(IllegalMove):
    """A meld id that is not on the table."""

    code = "no_such_meld"


class StockEmpty(IllegalMove):
    """Drawing from an empty stock."""

    code = "stock_empty"


class StockNotEmpty(IllegalMove):
    """Declining the pile while the stock still has cards."""

    code = "stock_not_empty"


class MustDrawStock(IllegalMove):
    """Taking from the pile when the player must draw from the stock (param reason)."""

    code = "must_draw_stock"


class NoSuchPosition(IllegalMove):
    """A pile position k outside 1 … n (param k, size)."""

    code = "no_such_position"
