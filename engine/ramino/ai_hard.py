"""The hard Ramino computer player: the normal player's discards, compared by playing them out.

At the discard, the normal player ranks the cards it may throw (engine/ramino/ai.py); when
its best few are close calls, the hard player plays each of them in games dealt consistent
with its own view (worlds.py, the other hands played on as long as the hand has lasted), the
rest of the hand played by the quick player (rollout.py: the normal player asks for a whole
view a move, too slow for play-outs), and throws the card whose hands end best for it, if
it beats the normal choice by more than the budget's margin. Everywhere else (the draw,
closing, re-entry) and when the ranking is clear, it plays the normal move: closing at once
is always right at zero, and the search's time goes where the normal player is least sure.

A hand's end is rated by where it leaves the seat in the match: each seat still in weighs
e^(room / ROOM_SCALE), its room being what it may still be charged before going out, and the
seat's share of the weights is its rough chance to win. So a charge matters more the closer
it brings the seat to the limit, and in a larger table an opponent's charge matters less than
the seat's own. A world cut short by the horizon charges every hand its penalty now, halved
(somebody is likely, not sure, to close).

Not seated (level:hard plays normal). Measured against normal, whole games heads-up, seats
alternated (the same seeds with the level's seat on each side): this search 46.3 % of 67
(round 2, its own picks cost 1.01 +/- 0.43 points a hand in paired checks). Round 3 looked
for a stronger heuristic instead: sixteen one-parameter changes of the normal player
(CARD_WEIGHT 5/12, TAKE_MARGIN -1/3, DANGER_WEIGHT 0/8, PEN_BASE 0.2/0.8, PEN_SLOPE 0/0.15,
HORIZON 4/9, HORIZON_DECAY 0.25/1, SINGLE_HOPE 0.25/1) and four blends all stayed within
46-53 % of 194-364 games each (95 % intervals +/- 5-6 points, every one covering 50 % but
SINGLE_HOPE 1 at 30 %): the normal player sits on a plateau. The same search handed the true
deal (other hands and the stock's order) wins 86.0 % [82.5, 88.9] of 456: what the seat
cannot see, not the search, is what it lacks: handed the other hands only (the stock
shuffled afresh in each of its 8 worlds) it still wins 70.4 % [57.2, 80.9] of 54, at p99
103 ms. So the worlds' opponent hands are the lever. Round 4 put the hand's public history in
the table (`known`: pile cards seen going into a hand and not thrown since; `shunned`: cards
thrown or passed over since the last take), and the worlds deal each opponent its known cards
and draw the rest shy of cards fitting its shunned ones (FIT_WEIGHT 0.25, worlds.py): 51.9 %
[43.4, 60.3] of 131 heads-up (p50 0.8, p99 141, max 330 ms); four seats 23.3 % [18.4, 29.1]
of 240 (x0.93 the fair 25 %; p99 146, max 368 ms). The sampler's guess of the hands is still
far from the true hands' 70 %: a take says more than its card (the taker most likely held
two of its partners), which the worlds do not read yet.

Round 5 dealt each taken card two partners (not kept: branch wip-ramino5): at seat 0's
discards in 20 seeded heads-up games the worlds then put 29.1 % of an opponent's cards in its hand
(27.8 % without), miss its penalty by 17.5 points (21.6) and guess it 4.9 points low
(without, 6.5 high: the worlds' opponents further from closing than real ones). Rated by a search
handed the true hands (32 worlds) at 371 searched discards, neither choice beats the normal
one (mean gain -0.9e-3 and +0.0e-3 of a win, both noise: the true-hand search's own best
move is worth 8.3e-3, about its noise). Whole games, seed 7, the same 150 seeds: on 46.0 %
[38.2, 54.0] (p50 0.6, p99 104, max 274 ms); two runs with it all but off (a bug, and the
worlds' random stream shifted) 48.0 % [40.2, 55.9] and 44.7 % [36.9, 52.7]: three points are
noise here.
Still short of the 58 %: the worlds' guess of the hands stays coarse (three cards in ten
right), and a sharper one needs more than the history holds; the search's own noise at 8
worlds is as large as the gains it looks for (16 worlds halve its changes, gain no better).

Round 6 compared decision by decision (benchmarks/bench_ramino_hard.py: at each searched
decision of seeded heads-up normal games the search's move and the normal one, each played out
to the hand's end by normal players over the same 8 stock orders; gains in `standing`, a share
of a win, per searched decision, +/- one standard error). Handed the true other hands, the
search gains +1.3e-3 +/- 0.7e-3 a discard with quick play-outs and +3.8e-3 +/- 1.1e-3 with
normal ones, but searching the take loses (-1.8e-3 +/- 0.7e-3). Over the worlds it is no better
than normal where it departs from it: the discard -1.7e-3 +/- 0.7e-3 (normal play-outs alike;
the bench's default run, 300 s from seed 1000: -0.55e-3 +/- 0.51e-3 over 2,947 searched
discards, 921 departures), the take -2.2e-3 +/- 0.6e-3, and its most confident departures no
better (gap over 0.08: -8.6e-3 +/- 6.5e-3 each). At its departures (894) it mostly throws a
lower card than normal (69 %, -3.3e-3 each), even against an opponent holding at most two
unmatched cards (107 of 132); what decides a departure is feeding the next player (+28.9e-3 when
only normal's card joins the next hand, -28.4e-3 when only its own does), which only the true
hands show. Worlds weighted by how likely the normal player throws an opponent's last throw from
the hand dealt it put 27.6 % of its cards right (27.5 % without; 28.5 % with 16 hands tried
each), and opponents played on twice the hand's turns cut the penalty's bias (+8.9 to +0.8
points, error 21.3 to 18.2) yet still lose -0.9e-3 +/- 0.8e-3 a discard: neither is kept. The
search over sampled worlds is no stronger than the normal player's public guess of the next
hand. One-parameter changes of the normal player, judged the same way at every draw or discard
they change (330 s, 24,886 decisions, seeds from 4000), all lose, in e-3 of a win a decision:
DANGER_WEIGHT 6 -0.20 +/- 0.06, 1.5 -0.05 +/- 0.04; PEN_BASE 0.6 -0.07 +/- 0.04; PEN_SLOPE 0.1
-0.05 +/- 0.03; TAKE_MARGIN 3 -0.04 +/- 0.02; TAKER_FACTOR 2.5 -0.04 +/- 0.02: the normal player
is at a local best decision by decision too. Whole games as the code stands, seed 7: 47.3 %
[39.5, 55.3] of 150 heads-up (p50 0.6, p99 98, max 275 ms).

Round 7 measured the one fact the true hands teach (benchmarks/bench_ramino_feed.py): would the
next player take this discard? The normal player with the truth of it in place of its own
reading (`Know.feed`, weight unchanged) wins 71.7 % [66.3, 76.5] of 300 heads-up (75.3 % in
another 300), 32.3 % [27.3, 37.8] of 300 at four seats (fair 25 %); with that truth blurred to an
AUC of about 0.76 (Gaussian noise, sigma 1), 57.7 % [52.0, 63.1] heads-up; blurred to about
0.64 (sigma 2), 50.7 %. The public history reads it far less well: the normal player's reading
scores AUC 0.563 (it never reads the next player's known cards); a logistic model of public
features (his known cards by how they fit the card, what he threw or passed over, the unseen
copies) 0.653 on 50,235 cards, and richer readings no better: every pairwise product 0.665,
the whole pile with its throwers 0.667, per-card holding chances (AUC 0.686 for holding)
combined into partner pairs 0.669; worlds dealt by those holding chances put 28.5 % of his
cards right (the sampler 28.2 %, uniform but his known cards 25.6 %). In play the model wins
50.7 % [45.0, 56.3] of 300 heads-up (52.0 % in another 300; decision by decision +0.09e-3
+/- 0.05e-3 of a win, nothing at four seats). A 58 % player needs a reading near AUC 0.76;
what the seat sees gives about 0.66.
"""

from __future__ import annotations

import math

from ..hard import Budget, Search, choose
from .actions import Discard, RaminoAction
from .ai import _discard_scores, choose_action
from .ai_know import arranged, know
from .game import RaminoGame
from .penalty import penalty
from .rollout import quick_move
from .state import TURN_PHASES
from .views import RaminoHand
from .worlds import sample

ROOM_SCALE = 25.0  # points of room that make a seat e times likelier to outlast another
CHIPS_SCALE = 2.0  # likewise in chips, in the chips game
CLOSE_CALL = 6.0  # discards within this many cost points of the best are compared
CUT_CHARGE = 0.5  # share of its penalty a hand cut short is charged
BUDGET = Budget(worlds=8, horizon=40, candidates=3, margin=0.02)

Mark = tuple[int, int]  # the hand's number and the version of the world before the move


def candidates(view: RaminoHand) -> list[str]:
    """Return the discards worth comparing, the normal player's best first."""
    if view.table.phase != "discard" or any(m.startswith("close") for m in view.legal):
        return []
    allowed = [str(a.card) for a in view.moves if isinstance(a, Discard)]
    k = know(view)
    ranked = _discard_scores(k, view.hand, arranged(view.arrangement), allowed, k.draws)
    best = ranked[0][0]
    return [f"discard {card}" for cost, card in ranked if cost <= best + CLOSE_CALL]


def mark(game: RaminoGame) -> Mark:
    """Return the hand in play, to tell when it has ended."""
    return game.hand_no, game.version


def settled(start: Mark, game: RaminoGame) -> bool:
    """Whether the hand of the move has ended (the next is dealt, or the game is over)."""
    return game.hand_no != start[0] or game.phase not in TURN_PHASES


def standing(start: Mark, game: RaminoGame, seat: int) -> float:
    """Return the seat's rough chance to win the match from where the world stands."""
    if game.winner is not None:
        return 1.0 if game.winner == seat else 0.0
    if seat in game.eliminated:
        return 0.0
    rooms = {s: _room(game, s) for s in game.active()}
    if not settled(start, game):
        rooms = {s: room - _cut_charge(game, s) for s, room in rooms.items()}
    scale = CHIPS_SCALE if game.opts.chips else ROOM_SCALE
    top = max(rooms.values())
    weights = {s: math.exp((room - top) / scale) for s, room in rooms.items()}
    return weights[seat] / sum(weights.values())


def _room(game: RaminoGame, seat: int) -> float:
    """Return how far the seat stands from going out (its chips in the chips game)."""
    total = game.totals[seat]
    return float(total if game.opts.chips else game.opts.elimination_limit - total)


def _cut_charge(game: RaminoGame, seat: int) -> float:
    """Return what a hand cut short is likely to cost the seat."""
    if game.opts.chips:
        return 0.0
    return CUT_CHARGE * penalty(game.hands[seat], game.penalty_rules)


def _play(game: RaminoGame, seat: int, move: str) -> None:
    game.apply(seat, move)


SEARCH: Search[RaminoHand, RaminoGame, Mark] = Search(
    seat=lambda view: view.seat, normal=choose_action, candidates=candidates, sample=sample,
    play=_play, policy=quick_move, mark=mark, settled=settled, value=standing,
    budget=BUDGET)


def hard_action(view: RaminoHand) -> RaminoAction:
    """Return the hard player's action: always one of view.moves."""
    chosen = str(choose(SEARCH, view))
    return next(m for m in view.moves if str(m) == chosen)


__all__ = ["BUDGET", "SEARCH", "candidates", "hard_action", "standing"]
