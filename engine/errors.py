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


class TakenCardDiscard(IllegalMove):
    """Discarding the card taken from the discard pile in the same turn."""

    code = "taken_card_discard"


class GameOver(RulesError):
    """The game has ended; no more actions."""

    code = "game_over"


class BadState(RulesError):
    """A serialized state that cannot be loaded."""

    code = "bad_state"
