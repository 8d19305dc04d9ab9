"""The shared rules-error tree: every refusal carries a stable code and a readable message.

A refusal only one game can raise lives in that game's `errors` module, subclassing these;
the cogs tell any of them by its code (`error.<code>` in the catalogues).
"""

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


class NotPlayable(BadOption):
    """A house rule the rules file allows but this engine cannot play yet."""

    code = "not_playable"


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


class TakenCardDiscard(IllegalMove):
    """Discarding the card taken from the discard pile in the same turn."""

    code = "taken_card_discard"


class SystemOnly(RulesError):
    """An action only the session itself takes (closing a claim window when time is up)."""

    code = "system_only"


class GameOver(RulesError):
    """The game has ended; no more actions."""

    code = "game_over"


class BadState(RulesError):
    """A serialized state that cannot be loaded."""

    code = "bad_state"


# --- Refusals of games with melds on the table (Rummy 500, Ramino 51, Canasta) --------


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


class NoSuchMeld(IllegalMove):
    """A meld id that is not on the table."""

    code = "no_such_meld"


class StockEmpty(IllegalMove):
    """Drawing from an empty stock."""

    code = "stock_empty"
