"""The hard Ramino 51 computer player: the normal player, searching its discards.

When its turn comes to the discard, it compares the normal player's likeliest discards
(engine/hard.py): it deals games consistent with its view (worlds.py), throws each card in
every one, plays on (a cheap rollout, below) until its own next draw or the hand's end, and
keeps the discard whose outcomes leave it best placed. A world is rated by the totals and,
while the hand goes on, by what each hand would pay were it to end there: the penalty of its
cards outside its best melds, its own loose cards credited with what they build towards.
That sees what a discard hands the next players (they take it when it makes them a meld)
and what the next draw may bring. Everything else (the draw or the take, melds, lay-offs,
joker swaps, the exchange card, closing in hand) is the normal player's: searching the take
the same way lost games to it (the rollout does not meld, so a take's meld counts late).

Not seated (issue 29): it is no stronger than normal. Whole games: 50.0 % of 160 heads-up,
26.8 % of 400 at four seats (fair 25 %). Paired hands (benchmarks/bench_ramino51_pairs.py,
the same deal once per seat): +0.4 +/- 2.6 points a deal heads-up (300 deals), +1.1 +/- 5.7
at four seats (200 deals; decision p99 41 ms), where 58 % of games would ask some 4 points a
deal heads-up. The normal player's knobs, tried one by one and together on paired hands
(discard weights, links, danger, holding for a close, the take), moved it by 2 points a deal
at most, within the noise: it sits at a local optimum against itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from ..hard import Budget, Search, choose
from .actions import Discard, DrawStock, Ramino51Action, TakeDiscard, parse_action
from .ai import choose_action
from .ai_cards import cards_of, discard_scores, links, melded
from .game import Ramino51Game
from .melds import card_penalty, fits
from .search import best_melds
from .views import R51Hand
from .worlds import sample

UNOPENED_MELDS = 0.5  # an unopened hand's melds count half: they are not on the table yet
# Eight worlds tell two discards apart well enough; a discard other than the normal player's
# must rate MARGIN points better (fewer worlds, or no margin, lost to the normal player).
BUDGET = Budget(worlds=8, horizon=48, candidates=2, margin=3.0)


@dataclass(frozen=True, slots=True)
class Mark:
    """A world before the move: its hand, the seat choosing and the game's version."""

    hand_no: int
    seat: int
    version: int


def candidates(view: R51Hand) -> list[str]:
    """Return the moves worth comparing: the discards the normal player ranks best, when the
    turn has come to its discard; nothing at any other step."""
    if view.table.phase == "draw":
        return []
    offered = [a for a in view.legal if a.startswith("discard ")]
    if len(offered) < len(view.legal) or view.close in view.legal:
        return []  # a meld, lay-off, swap or close comes first: the normal player's
    return ranked_discards(view, offered)


def ranked_discards(view: R51Hand, offered: list[str]) -> list[str]:
    """Return the offered discards, the one the normal player scores worst to keep first."""
    hand = cards_of(view.hand)
    scores = discard_scores(view, hand, melded(view))
    order = sorted(range(len(hand)), key=lambda i: (-scores[i], -card_penalty(hand[i])))
    moves = list(dict.fromkeys(f"discard {hand[i].text}" for i in order))
    return [m for m in moves if m in offered]


def mark(game: Ramino51Game) -> Mark:
    """Return what the world is before the move."""
    return Mark(game.hand_no, game.turn, game.version)


def settled(start: Mark, game: Ramino51Game) -> bool:
    """Whether the play-out is over: the hand ended, or the seat has drawn again."""
    if game.is_over or game.hand_no != start.hand_no:
        return True
    return (game.turn == start.seat and game.phase == "play" and not game.acted
            and game.version >= start.version + 2)


def value(start: Mark, game: Ramino51Game, seat: int) -> float:
    """Return the others' mean standing less the seat's: totals, plus the deadwood each
    would pay were the hand to end now."""
    going = not game.is_over and game.hand_no == start.hand_no
    owed = [total + (deadwood(game, s, s == seat) if going else 0)
            for s, total in enumerate(game.totals)]
    others = [o for s, o in enumerate(owed) if s != seat]
    return sum(others) / max(1, len(others)) - owed[seat]


def deadwood(game: Ramino51Game, seat: int, linked: bool = False) -> float:
    """Return the penalty of a hand's cards outside its best melds (unopened: half theirs);
    `linked` credits a loose card with what it builds towards (the normal player's links),
    since a pair or a run's neighbour is worth keeping beyond the next draw."""
    hand = game.hands[seat]
    found, worth = best_melds(hand)
    inside = {id(c) for m in found for c in m.cards}
    ready = game.opened[seat] or worth >= game.opts.opening_minimum
    loose = [c for c in hand if id(c) not in inside]
    owed = sum(card_penalty(c) for c in hand if id(c) in inside) * (
        0.0 if ready else 1.0 - UNOPENED_MELDS)
    for card in loose:
        owed += max(0.0, card_penalty(card) - (links(card, loose) if linked else 0.0))
    return owed


def _play(game: Ramino51Game, seat: int, move: str) -> None:
    game.apply(seat, parse_action(move))


def rollout(game: Ramino51Game) -> None:
    """Play the world's next action the cheap way (the normal player's whole view costs ten
    times more): take the pile's top when the normal player would, else draw; then throw
    the highest card outside the hand's best melds. Nobody melds: the value counts a hand's
    melds as good as laid."""
    seat = game.turn
    if game.phase == "draw":
        game.apply(seat, TakeDiscard() if _takes(game, seat) else DrawStock())
        return
    card = _throw(game, seat)
    game.apply(seat, Discard(card) if card is not None else choose_action(
        game.private_view(seat)))


def _takes(game: Ramino51Game, seat: int) -> bool:
    """Whether the normal player would take the pile's top: a joker, a card it can lay off
    once opened, a card that makes its best melds worth more."""
    if not game.pile or not game.can(seat, TakeDiscard()):
        return False
    top, hand = game.pile[-1], game.hands[seat]
    if top.is_joker or (game.opened[seat] and any(fits(top, m) for m in game.table)):
        return True
    return best_melds([*hand, top])[1] > best_melds(hand)[1]


def _throw(game: Ramino51Game, seat: int) -> Card | None:
    """Return the highest card outside the hand's best melds that may be thrown (no joker)."""
    hand = game.hands[seat]
    kept = {id(c) for m in best_melds(hand)[0] for c in m.cards}
    taken = game.taken
    free = [c for c in hand if id(c) not in kept and not c.is_joker
            and (taken is None or c.text != taken.text)]
    return max(free, key=card_penalty, default=None)


SEARCH: Search[R51Hand, Ramino51Game, Mark] = Search(
    seat=lambda view: view.seat, normal=choose_action, candidates=candidates, sample=sample,
    play=_play, policy=rollout, mark=mark, settled=settled, value=value,
    budget=BUDGET)


def choose_action_hard(view: R51Hand) -> Ramino51Action:
    """Return the hard player's action, one of `view.legal`."""
    return parse_action(str(choose(SEARCH, view)))  # a move's text, or the normal's action
