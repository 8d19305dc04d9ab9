"""Refusals only Canasta raises, each with a stable code.

The shared ones cover the rest: `NotYourTurn`, `WrongPhase`, `CardNotInHand`, `GameOver`,
`StockEmpty` (a draw or an opening on an empty stock), `NotOpened` (melding before the side
has opened), `FirstMeldTooLow` (an opening below the side's minimum, params minimum and
points), `NoSuchMeld`, `InvalidMeld` (cards that are no meld, or a meld past its wild limit).
"""

from __future__ import annotations

from ..errors import IllegalMove


class PileFrozen(IllegalMove):
    """A take of the pile while a three is its top card (param card)."""

    code = "pile_frozen"


class PileNeedsCards(IllegalMove):
    """A take of the pile without the cards its top asks for: two naturals of its rank, three
    twos or three jokers (params card, need)."""

    code = "pile_needs_cards"


class HandSize(IllegalMove):
    """An action that would leave no card, or one card without the going-out condition
    (param left)."""

    code = "hand_size"


class CannotGoOut(IllegalMove):
    """A discard of the last card while the side lacks two canastas, one of them clean."""

    code = "cannot_go_out"


class BlackThreeMeld(IllegalMove):
    """A meld of black threes outside going out (or at all, with the option off)."""

    code = "black_three_meld"


class RankMelded(IllegalMove):
    """A new meld of a rank the side already has (param rank)."""

    code = "rank_melded"


class CanastaClosed(IllegalMove):
    """A card on a full meld of 7 (`melds_past_seven` off) or a wild on a clean canasta
    (`wild_on_clean_canasta` off) (param reason: full, clean)."""

    code = "canasta_closed"


class EndNotAllowed(IllegalMove):
    """Ending the hand while the stock still holds cards."""

    code = "end_not_allowed"
