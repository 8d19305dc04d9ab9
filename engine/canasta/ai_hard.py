"""The hard Canasta player: the normal player keeping its twos, searching the pile.

Two things set it above the normal player. It keeps its twos for a canasta of twos (a
pinellata, 2,000 or 3,000 points) rather than spending them as wild cards while the hand
goes on (ai_twos.py). And it searches (engine/hard.py) where a turn is won or lost on the
pile: before its draw, when it may take the pile or open, and at the discard when a big pile
is at stake. There it compares the normal player's choice with its alternatives in worlds
dealt from its view (worlds.py), each played on by the normal players until its own next
turn, and rates the table then (`side_worth`); another move must beat the normal one by a
margin, so a few worlds' noise does not overturn it. Elsewhere it plays the normal move,
which keeps a decision cheap (the engine plays about 2,300 actions a second).

Not seated by the adapter yet: over whole games to 15,000 it measured no stronger than the
normal player (51 % of 247 games heads-up, 49 % of 160 for a hard partnership, 95 %
intervals 45–57 % and 42–57 %), though it gains points in a first hand; `level:hard` still
seats a normal computer.
"""

from __future__ import annotations

from ..cards import Card
from ..errors import IllegalMove
from ..hard import Budget, Search, choose, playing
from ..melds import BLACK_THREES, JOKER_MELD, TWOS_MELD
from . import actions as A
from .ai import choose_action, offered
from .ai_cards import Reading
from .ai_discard import discard_cost
from .ai_twos import keeping_twos
from .game import CanastaGame
from .melds import BONUS, CANASTA, canasta_kind, cards_value, red_three_bonus
from .views import CanastaHand
from .worlds import sample

BUDGET = Budget(worlds=6, horizon=40, candidates=3, margin=15.0)
BIG_PILE = 10  # a discard is searched when the pile holds this many cards
HAND_CARD = 8.0  # a natural card in hand while the hand goes on: what it may still meld
WILD_HELD = 30.0  # a wild card in hand: the canasta it may finish
NEAR = 37.5  # per card past three of a meld short of a canasta: its bonus coming
WILD_SPENT = 4.0  # a take or an opening is worth fewer wild cards put down

Mark = tuple[int, int, tuple[int, ...]]  # the hand's number, the seat to act, the totals


def candidates(view: CanastaHand) -> list[str]:
    """Return the moves worth comparing here, the normal player's first (none: play it)."""
    normal = str(choose_action(view))
    others: list[str | None]
    if view.table.phase == "acquire" and view.table.stock:
        others = [_richest(view, A.TakePile), _richest(view, A.OpenAndDraw), "draw"]
    elif normal.startswith("discard ") and view.table.pile >= BIG_PILE:
        others = list(_cheapest_discards(view))
    else:
        return []
    found = [normal]
    for move in others:
        if move is not None and move not in found and move in view.actions:
            found.append(move)
    return found


def _richest(view: CanastaHand, kind: type) -> str | None:
    """Return the take or opening that puts down the most cards for the fewest wild cards."""
    found = offered(view, kind)
    return max(found, key=lambda p: _laid(p[1]))[0] if found else None


def _laid(action: A.CanastaAction) -> float:
    groups = [action.cards, *action.extra] if isinstance(action, A.TakePile) else (
        list(action.melds) if isinstance(action, A.OpenAndDraw) else [])
    cards = [c for g in groups for c in g]
    return len(cards) - WILD_SPENT * sum(c.rank in (JOKER_MELD, TWOS_MELD) for c in cards)


def _cheapest_discards(view: CanastaHand) -> list[str]:
    """Return the discards the normal player rates cheapest, cheapest first."""
    r = Reading(view)
    found = [t for t in view.actions if t.startswith("discard ")]
    return sorted(found, key=lambda t: discard_cost(r, Card.parse(t.split()[1])))


def mark(game: CanastaGame) -> Mark:
    """Return what a world is before the move: its hand, whose turn, the totals."""
    return game.hand_no, game.turn, tuple(game.totals)


def settled(start: Mark, game: CanastaGame) -> bool:
    """Whether the world has come back to the seat's next draw, or the hand has ended."""
    if game.is_over or game.hand_no != start[0]:
        return True
    return game.turn == start[1] and game.phase == "acquire"


def value(start: Mark, game: CanastaGame, seat: int) -> float:
    """Rate the world for the seat's side: its table and hands against the others'."""
    ended = game.is_over or game.hand_no != start[0]
    rated = [t - t0 for t, t0 in zip(game.totals, start[2])] if ended else [
        side_worth(game, s) for s in range(len(game.sides))]
    mine = game.side(seat)
    others = [v for s, v in enumerate(rated) if s != mine]
    return rated[mine] - sum(others) / max(1, len(others))


def side_worth(game: CanastaGame, side: int) -> float:
    """Return a side's worth while the hand goes on: its melds' values and bonuses, the
    canastas it nears, its red threes, and the cards its players hold."""
    melds = game.table.owned_by(side)
    worth = 0.0
    for meld in melds:
        cards = meld.cards
        kind = canasta_kind(meld.rank, cards)
        worth += cards_value(cards, game.opts) + (BONUS[kind] if kind else
                                                  NEAR * max(0, min(len(cards), CANASTA) - 3))
    reds = red_three_bonus(len(game.red_threes[side]))
    held = sum(_held(card) for s in game.sides.members(side) for card in game.hands[s])
    return worth + (reds if melds else -reds) + held


def _held(card: Card) -> float:
    """Return what a card in hand is worth while the hand goes on (a black three: nothing)."""
    if card.rank in (JOKER_MELD, TWOS_MELD):
        return WILD_HELD
    return 0.0 if card.rank == BLACK_THREES else HAND_CARD


def _play(game: CanastaGame, seat: int, move: str) -> None:
    """Play the move in a world; one the world refuses (a take whose hidden pile cards differ
    there) gives way to the normal player's move, so a decision never fails."""
    try:
        game.apply(seat, move)
    except IllegalMove:
        game.apply(seat, choose_action(game.private_view(seat)))


def _seat(view: CanastaHand) -> int:
    return view.seat


SEARCH: Search[CanastaHand, CanastaGame, Mark] = Search(
    seat=_seat, normal=choose_action, candidates=candidates, sample=sample, play=_play,
    policy=playing(choose_action), mark=mark, settled=settled, value=value, budget=BUDGET)


def hard_action(view: CanastaHand) -> A.CanastaAction:
    """Return the hard player's action, one of the view's legal actions: twos kept for a
    pinellata (ai_twos.py), the rest searched where it matters."""
    move = choose(SEARCH, keeping_twos(view))
    return move if isinstance(move, A.CanastaAction) else A.parse_action(str(move))

