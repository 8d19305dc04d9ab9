"""The hard Rummy 500 computer player: the normal player's few best moves, searched.

At the decisions that shape a hand (what to take, from the stock or how deep in the pile, and
what to throw) it takes the normal player's shortlist (engine/rummy500/ai.py, its own scores)
and plays every move of it in games dealt consistent with its view (worlds.py), everyone
playing on as the normal player for a few turns or to the hand's end (engine/hard.py). It keeps
the move that leaves it best placed against the others: the points each seat put down this
hand, the cards still held counted as likely to meld or to be caught. Elsewhere (melding, laying
off, the special card, claims) it plays as the normal player.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..cards import Card, make_deck
from ..hard import Budget, Search, choose, playing
from .actions import DeclineDiscards, Discard, DrawStock, Rummy500Action, TakeDiscards
from .ai import (
    TAKE_SHORTLIST,
    _arrange,
    _context,
    _Ctx,
    _danger,
    _hold,
    _rough_take,
    _score_decline,
    _score_draw,
    _score_take,
    choose_action,
)
from .game import Rummy500Game
from .options import Rummy500Options
from .scoring import card_value
from .views import R500Hand
from .worlds import sample

WIDTH = 2  # moves compared at a decision: the normal player's choice and its runner-up
MARGIN = 8.0  # runners-up the normal player scores this much below its best are not searched
MELD_SHARE = 0.7  # a card held that melds in hand: most of its value is likely banked later
DEAD_SHARE = 0.7  # a card held that melds with nothing: most of it is likely caught in hand
WIN_BONUS = 100.0  # the game won (or lost) inside a world outweighs any hand's points

_DECK = make_deck()


def budget(players: int) -> Budget:
    """Return a decision's search budget: a round of turns and more, at any table size."""
    return Budget(worlds=4, horizon=5 * players, candidates=WIDTH)


# --- the moves worth comparing -------------------------------------------------------------


def ranked(view: R500Hand) -> list[tuple[float, Rummy500Action]]:
    """Return the normal player's draws or discards with its scores, best first (else none)."""
    if view.table.turn != view.seat:
        return []
    acts = list(view.moves)
    ctx = _context(view)
    if view.table.phase == "draw":
        return _ranked_draws(ctx, view, acts)
    if view.table.phase == "play":
        return _ranked_discards(ctx, acts)
    return []


def _ranked_draws(ctx: _Ctx, view: R500Hand, acts: list[Rummy500Action]
                  ) -> list[tuple[float, Rummy500Action]]:
    """Rank the stock (or declining) against the takes from the pile, as the normal player."""
    takes = [a for a in acts if isinstance(a, TakeDiscards)]
    if not takes:
        return []
    takes.sort(key=lambda a: -_rough_take(ctx, a, view.table.pile))
    scored: list[tuple[float, Rummy500Action]] = [
        (_score_take(ctx, a, view.table.pile), a) for a in takes[:TAKE_SHORTLIST]]
    for act in acts:
        if isinstance(act, DrawStock):
            scored.append((_score_draw(ctx), act))
        elif isinstance(act, DeclineDiscards):
            scored.append((_score_decline(ctx, view.table), act))
    return sorted(scored, key=lambda pair: -pair[0])


def _ranked_discards(ctx: _Ctx, acts: list[Rummy500Action]
                     ) -> list[tuple[float, Rummy500Action]]:
    """Rank the discards by the hand they leave and what they give away, as the normal player."""
    def score(act: Discard) -> float:
        rest = ctx.hand & ~act.card.bit
        return _hold(ctx, rest, ctx.table, ctx.opened) - _danger(ctx, act.card, ctx.table)
    scored = [(score(a), a) for a in acts if isinstance(a, Discard)]
    return sorted(scored, key=lambda pair: -pair[0])


def candidates(view: R500Hand) -> list[str]:
    """Return the moves to compare: the normal player's own first, then its close runners-up.

    Only a draw step with a take on offer, or a turn the normal player ends with a discard, is
    searched, and only against moves its own scores put within MARGIN of the best: a meld or a
    lay-off the normal player makes is played at once, and so is a clear choice.
    """
    shortlist = ranked(view)
    if len(shortlist) < 2 or shortlist[1][0] < shortlist[0][0] - MARGIN:
        return []
    normal = choose_action(view)
    best = shortlist[0][0]
    close = [a for score, a in shortlist if score >= best - MARGIN and a != normal]
    if normal not in [a for _, a in shortlist]:
        return []
    return [str(a) for a in [normal, *close]][:WIDTH]


# --- what a world is worth to a seat ---------------------------------------------------------


@lru_cache(maxsize=64)
def _suit_values(values: Rummy500Options) -> tuple[tuple[int, ...], ...]:
    """Return each suit's card values in hand, ace to king (the split's input)."""
    by_suit: list[list[int]] = [[0] * 13 for _ in range(4)]
    for card in _DECK:
        index = card.bit.bit_length() - 1
        by_suit[index // 13][index % 13] = card_value(card, values, "hand")
    return tuple(tuple(suit) for suit in by_suit)


def held(game: Rummy500Game, cards: Sequence[Card]) -> float:
    """Return what cards still held are likely worth: melds in hand up, deadwood down."""
    mask = 0
    for card in cards:
        mask |= card.bit
    dead = _arrange(mask, _suit_values(game.values))
    worth = 0.0
    for card in cards:
        value = card_value(card, game.values, "hand")
        worth += -DEAD_SHARE * value if card.bit & dead else MELD_SHARE * value
    return worth


def standing(game: Rummy500Game, seat: int, hand_no: int) -> float:
    """Return the seat's points from the hand `hand_no`: scored if it is over, else estimated."""
    if game.hand_no != hand_no or game.is_over:
        points = game.board.hands[-1][seat] if game.board.hands else 0
        bonus = 0.0 if game.winner is None else (WIN_BONUS if game.winner == seat else 0.0)
        return points + bonus
    return sum(game.table.credits(seat).values()) + held(game, game.hands[seat])


def value(hand_no: int, game: Rummy500Game, seat: int) -> float:
    """Return the seat's standing less the others' on average (higher is better)."""
    others = [s for s in game.active() if s != seat]
    mine = standing(game, seat, hand_no)
    return mine - sum(standing(game, s, hand_no) for s in others) / max(1, len(others))


def settled(hand_no: int, game: Rummy500Game) -> bool:
    """Whether the world's hand is over (the next deal is another hand's business)."""
    return game.is_over or game.hand_no != hand_no or game.phase not in ("draw", "play")


# --- the player ------------------------------------------------------------------------------


def _play(game: Rummy500Game, seat: int, move: str) -> None:
    game.apply(seat, move)


def search(players: int) -> Search[R500Hand, Rummy500Game, int]:
    """Return the search the hard player runs at a table of `players` seats."""
    return Search(seat=lambda view: view.seat, normal=choose_action, candidates=candidates,
                  sample=sample, play=_play, policy=playing(choose_action),
                  mark=lambda game: game.hand_no, settled=settled, value=value,
                  budget=budget(players))


_SEARCHES = {players: search(players) for players in range(2, 6)}


def choose_action_hard(view: R500Hand) -> Rummy500Action:
    """Return the hard computer player's action: always one of view.moves."""
    move = str(choose(_SEARCHES[view.table.players], view))
    return next(a for a in view.moves if str(a) == move)
