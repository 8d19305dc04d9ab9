"""How well the public history tells which discard the next player would take, and its worth.

Run: python -m benchmarks.bench_ramino_feed [--quick] [--seconds 80] [--games 300] [--players 2]
     [--seed 3000]
Normal players play seeded games (their first three hands). At every discard, for each card
the seat may throw, the label is whether the next player would take it (its normal choice
with that card on the pile). Two readings of that chance are scored by AUC (the chance that a
card taken reads likelier than a card left) on the second half of the cards: the normal
player's (`danger`), and a logistic model of public features (the next player's known cards,
what he threw or passed over, the copies still unseen) fitted on the first half. Then whole
games: the normal player reading the next player by the truth, by the truth blurred, and by
the model, in place of its own reading (its weight unchanged), against normal players, the
reading seat taken in turn on each deal. The truth is read only at a discard (the take's
look-ahead keeps the normal reading): what knowing which card would feed the next player is
worth, and how much of it the public history holds.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from benchmarks.bench_levels import head_to_head, mean_interval
from benchmarks.bench_ramino import wilson
from benchmarks.bench_ramino_hard import HANDS
from engine.hard import view_seed
from engine.ramino import RaminoGame, RaminoOptions
from engine.ramino.actions import Discard, TakeDiscard
from engine.ramino.ai import choose_action
from engine.ramino.ai_know import JOKER, Know, danger, face, know, next_seat, positions
from engine.ramino.views import RaminoHand

FEATURES = ("bias", "chance", "known twin", "known rank", "known next", "known gap",
            "shunned", "thrown", "known cards", "rank unseen", "next unseen", "gap unseen")
# a reading of the next player at a view (the true game at hand, and what normal reads)
Reader = Callable[[RaminoHand, RaminoGame, Know], Callable[[int], float]]


@dataclass
class Sample:
    """The cards read at the discards: features, whether each was taken, and readings."""

    rows: list[list[float]] = field(default_factory=list)
    taken: list[bool] = field(default_factory=list)
    normal: list[float] = field(default_factory=list)  # the normal player's reading


def relation(f: int, g: int) -> int:
    """Return how two natural faces relate: 0 twins, 1 same rank, 2 next in a run, 3 a gap
    of one, -1 none."""
    if f == g:
        return 0
    if f % 13 == g % 13:
        return 1
    if f // 13 != g // 13:
        return -1
    gap = min(abs(p - q) for p in positions(f) for q in positions(g))
    return {1: 2, 2: 3}.get(gap, -1)


def features(view: RaminoHand, k: Know, f: int) -> list[float]:
    """Return the public features of throwing face f (a natural) to the next player."""
    table = view.table
    nxt = next_seat(table, view.seat)
    known = [face(c) for c in table.known[nxt] if face(c) != JOKER]
    related = [0.0] * 4
    for g in known:
        if (r := relation(f, g)) >= 0:
            related[r] += 1
    near = [[g for g in range(52) if relation(f, g) == r] for r in (1, 2, 3)]
    thrown = [face(t.card) for t in table.discards if t.by == nxt]
    plain = danger(replace(k, shed=frozenset(), next_took=False), f)
    return [1.0, plain, *related, float([face(c) for c in table.shunned[nxt]].count(f)),
            float(thrown.count(f)), float(len(known)),
            *(float(sum(k.unseen[g] for g in faces)) for faces in near)]


def takes(game: RaminoGame, seat: int, card: str) -> bool | None:
    """Return whether the next player would take the card thrown (None: the hand ends)."""
    world = RaminoGame.from_json(game.to_json())
    world.apply(seat, f"discard {card}")
    if world.phase != "draw":
        return None
    nxt = world.to_act()[0]
    return isinstance(choose_action(world.private_view(nxt)), TakeDiscard)


def throwable(view: RaminoHand) -> list[str]:
    """Return the natural cards the seat may throw at a plain discard (none when it closes)."""
    if view.table.phase != "discard" or any(m.startswith("close") for m in view.legal):
        return []
    cards = {str(a.card) for a in view.moves if isinstance(a, Discard)}
    return sorted(c for c in cards if face(c) != JOKER)


def games(players: int, seed: int) -> Iterator[tuple[RaminoGame, int]]:
    """Yield the seat to act in seeded normal games, their first hands, without end."""
    while True:
        game = RaminoGame(RaminoOptions(), players=players, seed=seed,
                          first_dealer=seed % players)
        seed += 1
        while not game.is_over and game.hand_no <= HANDS:
            seat = game.to_act()[0]
            yield game, seat
            game.apply(seat, choose_action(game.private_view(seat)))


def sample(players: int, seed: int, seconds: float) -> Sample:
    """Read every throwable card at the discards of seeded games for that many CPU seconds."""
    out, start = Sample(), time.process_time()
    for game, seat in games(players, seed):
        if time.process_time() - start >= seconds:
            return out
        view = game.private_view(seat)
        k = know(view)
        for card in throwable(view):
            taken = takes(game, seat, card)
            if taken is not None:
                out.rows.append(features(view, k, face(card)))
                out.taken.append(taken)
                out.normal.append(danger(k, face(card)))
    return out


def fit(rows: Sequence[Sequence[float]], labels: Sequence[bool], rounds: int = 12,
        ridge: float = 1e-3) -> list[float]:
    """Return logistic regression weights fitted by Newton's method."""
    n = len(rows[0])
    w = [0.0] * n
    for _ in range(rounds):
        grad = [ridge * x for x in w]
        hess = [[ridge * (i == j) for j in range(n)] for i in range(n)]
        for x, y in zip(rows, labels):
            p = logistic(x, w)
            for i in range(n):
                grad[i] += (p - y) * x[i]
                s = p * (1 - p) * x[i]
                for j in range(i, n):
                    hess[i][j] += s * x[j]
        for i in range(n):
            for j in range(i):
                hess[i][j] = hess[j][i]
        w = [a - b for a, b in zip(w, solve(hess, grad))]
    return w


def logistic(x: Sequence[float], w: Sequence[float]) -> float:
    """Return the model's chance for the features."""
    z = sum(a * b for a, b in zip(x, w))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Return x with a·x = b (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [[*row, v] for row, v in zip(a, b)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(c + 1, n):
            ratio = m[r][c] / m[c][c]
            m[r] = [x - ratio * y for x, y in zip(m[r], m[c])]
    x = [0.0] * n
    for r in reversed(range(n)):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def auc(scores: Sequence[float], labels: Sequence[bool]) -> float:
    """Return the chance a taken card scores above a card left (ties count half)."""
    order = sorted(range(len(scores)), key=lambda i: scores[i])
    ranks = [0.0] * len(scores)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and scores[order[j + 1]] == scores[order[i]]:
            j += 1
        for t in range(i, j + 1):
            ranks[order[t]] = (i + j) / 2
        i = j + 1
    pos = sum(labels)
    neg = len(labels) - pos
    if not pos or not neg:
        return 0.5
    return (sum(r for r, y in zip(ranks, labels) if y) - pos * (pos - 1) / 2) / (pos * neg)


def model_reader(weights: Sequence[float]) -> Reader:
    """Return the fitted model's reading of the next player."""
    def read(view: RaminoHand, game: RaminoGame, k: Know) -> Callable[[int], float]:
        return lambda f: 1.0 if f == JOKER else logistic(features(view, k, f), weights)
    return read


def truth_reader(view: RaminoHand, game: RaminoGame, k: Know) -> Callable[[int], float]:
    """Return the truth at the discard (would the next player take it), else danger's."""
    cards = {face(c): c for c in throwable(view)}

    def read(f: int) -> float:
        if f not in cards:
            return danger(k, f)
        return 1.0 if takes(game, view.seat, cards[f]) else 0.0
    return read


def blurred(sigma: float) -> Reader:
    """Return the truth with Gaussian noise of that spread (clipped to 0 … 1), seeded by the
    view: a reading as good as AUC Φ(1 / (σ√2)) before the clipping."""
    def read(view: RaminoHand, game: RaminoGame, k: Know) -> Callable[[int], float]:
        true, rng = truth_reader(view, game, k), random.Random(view_seed(view))
        return lambda f: min(1.0, max(0.0, true(f) + rng.gauss(0.0, sigma)))
    return read


def play(reader: Reader, args: argparse.Namespace) -> tuple[int, list[float]]:
    """Return the games the reading seat won, and per game the share of the other seats it
    finished ahead of: whole games, the seat taken in turn (the same deal for each seat)."""
    won, ahead = 0, []
    for i in range(args.games):
        seed = args.seed + 100_000 + i // args.players
        ours = i % args.players
        game = RaminoGame(RaminoOptions(), players=args.players, seed=seed,
                          first_dealer=seed % args.players)
        while not game.is_over:
            seat = game.to_act()[0]
            view = game.private_view(seat)
            read = reading(reader, view, game) if seat == ours else know
            game.apply(seat, choose_action(view, read))
        won += game.winner == ours
        ahead.append(head_to_head(game.standings(), ours))
    return won, ahead


def reading(reader: Reader, view: RaminoHand, game: RaminoGame) -> Callable[[RaminoHand], Know]:
    """Return the normal player's reading of the view, with the reader's chance that the next
    player uses a card in place of its own (the view read once)."""
    k = know(view)
    read = replace(k, feed=reader(view, game, k))
    return lambda _: read


def share(won: int, ahead: list[float], players: int) -> str:
    """Return the games won with their 95 % Wilson interval, and past two seats the share of
    the other seats finished ahead of, with its interval."""
    played = len(ahead)
    low, high = wilson(won, played)
    out = f"wins {100 * won / max(1, played):.1f} % [{100 * low:.1f}, {100 * high:.1f}] of {played}"
    if players > 2:
        mean, low, high = mean_interval(ahead)
        out += f", ahead of a normal seat {100 * mean:.1f} % [{100 * low:.1f}, {100 * high:.1f}]"
    return out


def run(args: argparse.Namespace) -> str:
    """Return the printed lines: the readings' AUCs and the games each one wins."""
    data = sample(args.players, args.seed, args.seconds)
    half = len(data.rows) // 2
    weights = fit(data.rows[:half], data.taken[:half])
    rest, taken = data.rows[half:], data.taken[half:]
    model = [logistic(x, weights) for x in rest]
    lines = [f"ramino feed, {args.players} seats: {len(data.rows)} cards read, "
             f"{100 * sum(data.taken) / max(1, len(data.taken)):.1f} % taken; AUC on "
             f"{len(rest)}: normal {auc(data.normal[half:], taken):.3f}, "
             f"public model {auc(model, taken):.3f}",
             "  weights: " + ", ".join(f"{n} {w:+.2f}" for n, w in zip(FEATURES, weights))]
    readers = (("the truth", truth_reader), ("the truth blurred (sigma 1)", blurred(1.0)),
               ("the public model", model_reader(weights)))
    for name, reader in readers:
        won, ahead = play(reader, args)
        lines.append(f"  normal reading the next player by {name} against normal: "
                     f"{share(won, ahead, args.players)}")
    return "\n".join(lines)


def main() -> None:
    """Print how well each reading tells a taken discard, and what it is worth in play."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=80, help="CPU seconds read")
    parser.add_argument("--games", type=int, default=300, help="whole games per reading")
    parser.add_argument("--players", type=int, default=2, help="seats at the table")
    parser.add_argument("--seed", type=int, default=3000, help="first game's seed")
    parser.add_argument("--quick", action="store_true", help="about 10 s (make bench)")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.games = 4.0, 4
    print(run(args), flush=True)


if __name__ == "__main__":
    main()
