"""Gin computer players against OpenSpiel's simple gin bot, on the same deals in both seats.

Our engine is the referee and OpenSpiel's `gin_rummy` runs beside it in lockstep: our deal is
fed to OpenSpiel as its chance outcomes, every action taken in one engine is applied in the
other, and after each action the bench checks that hands, upcard, discard pile and stock agree,
and at the hand's end that both engines scored the same points.

Where the two rule sets differ our rules decide: RULE_DIFFERENCES below says how, and is
printed with the figures.

Each deal is played twice, our player in either seat (a mirrored pair): points per hand are
printed with a 95 % interval clustered by pair, and games to 100 are chained from the same hands
(the dealer alternating every hand, as the rules say), once with us dealing first and once not.
The hands are played from 0–0, so a score-aware player sees no score here.

Run: python -m benchmarks.bench_gin_openspiel [--pairs N] [--h2h N] [--games N] [--seed S]
Full run (issue 29; about 75 min for the searching player on this machine, less when idle):
    nice -n 19 python -m benchmarks.bench_gin_openspiel --pairs 5000 --h2h 1000 --only hard
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import pyspiel  # type: ignore[import-not-found]

from benchmarks.bench_gin import win_rate
from benchmarks.bench_ramino import wilson
from engine.cards import Card
from engine.gin import GinGame, preset
from engine.gin.ai import PublicLog, choose_action, greedy_action
from engine.gin.ai_hard import choose_action_hard, choose_action_hard_v1
from engine.gin.deadwood import min_deadwood
from engine.gin.options import GinOptions
from engine.gin.views import GinHand, HandReport

Policy = Callable[[GinHand, random.Random], str]

# OpenSpiel's gin_rummy defaults in our options: knock card 10, gin 25, undercut 25, and
# (the two that differ from our standard preset) no big gin and no undercut bonus on a tie.
BENCH_OPTIONS = GinOptions(knock_limit=10, gin_bonus=25, undercut_bonus=25, big_gin=False,
                           undercut_bonus_on_tie=False)
OS_SUITS = "SCDH"  # OpenSpiel's card id is suit * 13 + rank - 1 with suits s, c, d, h
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56


class Divergence(AssertionError):
    """The two engines disagree."""


def os_card(text: str) -> int:
    """Return OpenSpiel's id of a card given as our text."""
    card = Card.parse(text)
    return OS_SUITS.index(card.suit) * 13 + card.rank - 1


def our_card(card_id: int) -> str:
    """Return our text of an OpenSpiel card id."""
    rank = card_id % 13 + 1
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank)) + OS_SUITS[card_id // 13]


def meld_ids(meld: tuple[str, ...]) -> list[int]:
    """Return OpenSpiel's meld action(s) for one of our melds (runs over 5 cards split)."""
    ids = sorted(os_card(c) for c in meld)
    if len({i % 13 for i in ids}) == 1:  # a set
        if len(ids) == 4:
            return [MELD_BASE + (ids[0] % 13) * 5 + 4]
        missing = next(s for s in range(4) if all(i // 13 != s for i in ids))
        return [MELD_BASE + (ids[0] % 13) * 5 + missing]
    out = []
    while ids:
        size = len(ids) if len(ids) <= 5 else (3 if len(ids) - 3 >= 3 else len(ids) - 3)
        piece, ids = ids[:size], ids[size:]
        suit, low = piece[0] // 13, piece[0] % 13
        base = {3: 65 + suit * 11, 4: 109 + suit * 10, 5: 149 + suit * 9}[len(piece)]
        out.append(MELD_BASE + base + low)
    return out


@dataclass
class Tally:
    """One player's figures over a series of hands against the bot."""

    points: list[int] = field(default_factory=list)  # per hand, ours minus the bot's
    won: int = 0
    lost: int = 0
    dead: int = 0
    times: list[float] = field(default_factory=list)  # CPU seconds per decision
    replaced: Counter[str] = field(default_factory=Counter)  # bot moves our rules forbid
    ends: Counter[str] = field(default_factory=Counter)  # "we knock", "bot gin", "we undercut" …

    def add(self, report: HandReport, ours: int) -> None:
        """Count one hand's result from our seat's point of view."""
        if report.ender is not None:
            side = "we" if report.ender == ours else "bot"
            other = "bot" if side == "we" else "we"
            self.ends[f"{side} gin" if report.kind == "gin" else f"{side} knock"] += 1
            if report.kind == "undercut":
                self.ends[f"{other} undercut"] += 1
        if report.kind == "dead":
            self.dead += 1
        elif report.winner == ours:
            self.won += 1
        elif report.winner is not None:
            self.lost += 1
        sign = 0 if report.winner is None else (1 if report.winner == ours else -1)
        self.points.append(sign * report.points)


class Lockstep:
    """One hand played on our engine and on OpenSpiel's at once."""

    def __init__(self, seed: int, ours: int, policy: Policy, tally: Tally) -> None:
        self.game = GinGame(BENCH_OPTIONS, seed=seed, first_dealer=1)  # seat 0 opens
        self.ours, self.policy, self.tally = ours, policy, tally
        self.rng = random.Random(seed * 2 + ours)
        self.log = PublicLog()
        params = GAME.get_parameters()
        self.bot = pyspiel.make_simple_gin_rummy_bot(params, 1 - ours)
        self.state = GAME.new_initial_state()
        for card in [*self.game.hands[0], *self.game.hands[1], self.game.discard[-1]]:
            self.state.apply_action(os_card(card.text))
        self.check()

    def play(self) -> HandReport:
        """Play the hand to its end; return our engine's result."""
        while True:
            seat = self.game.turn
            text = self.our_move() if seat == self.ours else self.bot_move(seat)
            before = self.game.public_view()
            events = self.game.apply(seat, text)
            self.log.observe(before, seat, text, events)
            if any(e.kind == "hand_end" for e in events):
                report = self.game.last_result
                assert report is not None
                self.finish(report)
                return report
            self.check()

    def our_move(self) -> str:
        """Ask our player and mirror its move in OpenSpiel."""
        view = self.log.augment(self.game.private_view(self.ours))
        t0 = time.process_time()
        text = self.policy(view, self.rng)
        self.tally.times.append(time.process_time() - t0)
        self.mirror(text)
        return text

    def mirror(self, text: str) -> None:
        """Apply our action's text in OpenSpiel."""
        words = text.split()
        if words[0] in ("take", "take_upcard"):
            self.state.apply_action(DRAW_UPCARD)
        elif words[0] == "pass":
            self.state.apply_action(PASS)
        elif words[0] == "draw":
            self.state.apply_action(DRAW_STOCK)
            self.state.apply_action(os_card(self.game.stock[0].text))  # chance: our stock top
        elif words[0] == "discard":
            self.state.apply_action(os_card(words[1]))
        elif words[0] == "knock":
            self._apply(KNOCK)
            self._apply(os_card(words[1]))
        else:
            raise Divergence(f"no OpenSpiel action for {text!r}")

    def _apply(self, action: int) -> None:
        if action not in self.state.legal_actions():
            raise Divergence(f"OpenSpiel refuses {self.state.action_to_string(action)}:\n"
                             f"{self.state}")
        self.state.apply_action(action)

    def bot_move(self, seat: int) -> str:
        """Ask the bot, map its move to our text (replaced if our rules forbid it)."""
        legal = self.game.private_view(seat).legal
        if len(legal) == 1:  # e.g. the draw after two passes: nothing to decide
            self.mirror(legal[0])
            return legal[0]
        saved = self.state.clone()
        text = self._bot_text()
        if text in legal:
            return text
        self.tally.replaced[text.split()[0]] += 1
        self.state, self.bot = saved, pyspiel.make_simple_gin_rummy_bot(
            GAME.get_parameters(), 1 - self.ours)
        text = fallback(self.game.private_view(seat))
        self.mirror(text)
        return text

    def _bot_text(self) -> str:
        """Apply the bot's move in OpenSpiel and return its text in our engine."""
        phase = self.state.current_phase()
        action = self.bot.step(self.state)
        if action == KNOCK:
            self._apply(KNOCK)
            card = self.bot.step(self.state)
            self._apply(card)
            return f"knock {our_card(card)}"
        self._apply(action)
        if action == DRAW_UPCARD:
            return "take_upcard" if phase == pyspiel.gin_rummy.FIRST_UPCARD else "take"
        if action == DRAW_STOCK:
            self.state.apply_action(os_card(self.game.stock[0].text))
            return "draw"
        if action == PASS:
            return "pass"
        return f"discard {our_card(action)}"

    def check(self) -> None:
        """Raise Divergence unless both engines show the same table."""
        st, g = self.state, self.game
        hands = [sorted(our_card(c) for c in h) for h in st.hands()]
        pile = [our_card(c) for c in st.discard_pile()]
        if st.upcard() is not None:
            pile.append(our_card(st.upcard()))
        ours = [sorted(c.text for c in h) for h in g.hands]
        if hands != ours or pile != [c.text for c in g.discard] or st.stock_size() != len(
                g.stock) or st.current_player() != g.turn:
            raise Divergence(f"tables differ:\n{st}\nours: {ours} {g.discard} {len(g.stock)}")

    def finish(self, report: HandReport) -> None:
        """Lay the hand out in OpenSpiel as our engine did and check the score."""
        if report.kind == "dead":
            self._apply(PASS)  # OpenSpiel's wall: our rules end the hand here
        else:
            self.lay_out(report)
        if not self.state.is_terminal():
            raise Divergence(f"OpenSpiel's hand goes on:\n{self.state}")
        returns = self.state.returns()
        expect = [0.0, 0.0]
        if report.winner is not None:
            expect[report.winner] = report.points
            expect[1 - report.winner] = -report.points
        if list(returns) != expect:
            raise Divergence(f"scores differ: OpenSpiel {returns}, ours {expect} {report}")

    def lay_out(self, report: HandReport) -> None:
        """Apply the knocker's melds, then the defender's layoffs and melds."""
        knocker = report.ender
        assert knocker is not None
        for meld in report.reveals[knocker].melds:
            for action in meld_ids(meld):
                self._apply(action)
        self._apply(PASS)
        defender = report.reveals[1 - knocker]
        if report.kind != "gin":
            pending = [os_card(c) for c, _ in defender.layoffs]
            while pending:  # a card may need its neighbour laid off first
                card = next((c for c in pending if c in self.state.legal_actions()), None)
                if card is None:
                    raise Divergence(f"OpenSpiel refuses layoffs {pending}:\n{self.state}")
                self._apply(card)
                pending.remove(card)
            self._apply(PASS)
        for meld in defender.melds:
            for action in meld_ids(meld):
                self._apply(action)
        self._apply(PASS)


def fallback(view: GinHand) -> str:
    """Return the bot's replacement move: the least deadwood knock, else discard."""
    hand = list(view.hand)
    for verb in ("knock", "discard"):
        moves = [a for a in view.legal if a.startswith(verb + " ")]
        if moves:
            return min(moves, key=lambda a: (min_deadwood([c for c in hand if c != a.split()[1]]),
                                             -Card.parse(a.split()[1]).rank))
    return view.legal[0]


GAME = pyspiel.load_game("gin_rummy")


def play_hands(policy: Policy, deals: int, seed0: int,
               lockstep: type[Lockstep] = Lockstep) -> Tally:
    """Play each deal twice, our player in either seat; return the figures."""
    tally = Tally()
    for i in range(deals):
        for ours in (0, 1):
            tally.add(lockstep(seed0 + i, ours, policy, tally).play(), ours)
    return tally


def mean_ci(values: list[int] | list[float]) -> tuple[float, float, float]:
    """Return the mean and its 95 % normal confidence interval."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def pair_means(points: list[int]) -> list[float]:
    """Return each mirrored pair's mean points (hands 2i and 2i + 1 are one deal)."""
    return [(points[i] + points[i + 1]) / 2 for i in range(0, len(points) - 1, 2)]


def chained_games(points: list[int], target: int = 100) -> tuple[int, int]:
    """Return (won, played) of games to `target` chained from the hands, in both seat orders.

    Hand 2i is deal i with us in seat 0 (the non-dealer), 2i + 1 with us dealing. The dealer
    alternates every hand, so one chain takes deal 0 as non-dealer, deal 1 as dealer, … and the
    other the opposite hands: every hand is used once. An unfinished last game is left out.
    """
    won = played = 0
    for first in (0, 1):
        ours = theirs = 0
        for i in range(len(points) // 2):
            p = points[2 * i + (first + i) % 2]
            ours, theirs = ours + max(p, 0), theirs + max(-p, 0)
            if ours >= target or theirs >= target:
                won, played = won + (ours > theirs), played + 1
                ours = theirs = 0
    return won, played


def p99(times: list[float]) -> float:
    """Return the 99th percentile of the times."""
    return statistics.quantiles(times, n=100)[98] if len(times) > 1 else max(times, default=0)


def rows(t: Tally) -> list[tuple[str, str]]:
    """Return one player's figures as (label, value) lines."""
    decided = t.won + t.lost
    low, high = wilson(t.won, decided)
    mean, lo_m, hi_m = mean_ci(pair_means(t.points) if len(t.points) > 3 else t.points)
    games_won, games = chained_games(t.points)
    g_low, g_high = wilson(games_won, games)
    ms = [1000 * x for x in t.times]
    e = t.ends
    knocked = e["we knock"]
    return [("hands played", f"{len(t.points)}"),
            ("decided hands won", f"{100 * t.won / max(1, decided):.1f}% "
                                  f"[{100 * low:.1f}, {100 * high:.1f}]"),
            ("won / lost / dead", f"{t.won} / {t.lost} / {t.dead}"),
            ("points per hand (pairs)", f"{mean:+.2f} [{lo_m:+.2f}, {hi_m:+.2f}]"),
            ("games to 100 (chained)", f"{100 * games_won / max(1, games):.1f}% "
                                       f"[{100 * g_low:.1f}, {100 * g_high:.1f}] of {games}"),
            ("our knocks/gins/undercuts", f"{knocked} / {e['we gin']} / {e['we undercut']}"),
            ("bot knocks/gins/undercuts", f"{e['bot knock']} / {e['bot gin']} / "
                                          f"{e['bot undercut']}"),
            ("our knocks undercut", f"{100 * e['bot undercut'] / max(1, knocked):.1f}%"),
            ("decision CPU ms median", f"{statistics.median(ms):.2f}"),
            ("decision CPU ms p99", f"{p99(ms):.2f}"),
            ("bot moves replaced", f"{sum(t.replaced.values())} {dict(t.replaced)}")]


def side_by_side(title: str, tables: dict[str, list[tuple[str, str]]]) -> None:
    """Print players' figures in columns."""
    names = list(tables)
    print(title)
    print(f"  {'':24}" + "".join(f"{n:>30}" for n in names))
    for i, (label, _) in enumerate(tables[names[0]]):
        print(f"  {label:24}" + "".join(f"{tables[n][i][1]:>30}" for n in names))


def games_rows(policy: Policy, games: int, seed0: int) -> list[tuple[str, str]]:
    """Return the figures of whole games to 100 against the greedy baseline."""
    won, lost, drawn = win_rate(policy, greedy_action, games, preset("standard"), seed0)
    low, high = wilson(won, games)
    return [("games won", f"{100 * won / games:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"),
            ("won / lost / drawn", f"{won} / {lost} / {drawn}")]


RULE_DIFFERENCES = """rules: our engine referees; where OpenSpiel's gin_rummy differs
  - a tie after a knock scores 0 there (no undercut bonus): we play undercut_bonus_on_tie=False
  - no big gin there: we play big_gin=False
  - a discard leaving 2 stock cards opens its "wall" (the next player may knock with the upcard);
    our hand is dead there, so the bench passes the wall for both sides
  - the knocker lays melds and the defender lays off by hand there (the simple bot never lays off);
    ours are arranged by the engine, so the bench lays both hands out as our engine did
  - there a taken upcard may be thrown back (twice in a row ends the hand); ours forbids it, so
    such a bot move is replaced by its least-deadwood legal knock or discard (counted below)
  - there runs are laid in pieces of at most 5 cards (the bench splits longer ones) and a
    run takes at most two lay-offs in a row at one end (never met on these deals: it would
    show as a score disagreement)"""

def head_to_head(games: int, seed0: int) -> list[tuple[str, str]]:
    """Return the figures of whole games to 100, hard against today's hard (v1)."""
    won, lost, drawn = win_rate(choose_action_hard, choose_action_hard_v1, games,
                                preset("standard"), seed0)
    low, high = wilson(won, games)
    return [("games won", f"{100 * won / games:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"),
            ("won / lost / drawn", f"{won} / {lost} / {drawn}")]


PLAYERS: dict[str, Policy] = {"normal (choose_action)": choose_action,
                              "hard v1 (choose_action_hard_v1)": choose_action_hard_v1,
                              "hard (choose_action_hard)": choose_action_hard}


def main() -> None:
    """Print every player's figures against the bot and the greedy baseline."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=1000,
                        help="deals per player against the bot, each played in both seats")
    parser.add_argument("--games", type=int, default=0,
                        help="whole games to 100 per player against greedy (0: none)")
    parser.add_argument("--h2h", type=int, default=200,
                        help="whole games to 100, hard against today's hard (0: none)")
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--only", help="play only the players whose name contains this")
    parser.add_argument("--quick", action="store_true", help="200 hands, 20 games (make bench)")
    args = parser.parse_args()
    if args.quick:
        args.pairs, args.games, args.h2h = 100, 20, 20
    players = {n: p for n, p in PLAYERS.items() if args.only is None or args.only in n}
    print("our options: standard with big_gin=False, undercut_bonus_on_tie=False "
          "(OpenSpiel's gin_rummy: knock card 10, gin 25, undercut 25, no big gin, a tie is 0)")
    print(RULE_DIFFERENCES, flush=True)
    tables = {}
    for name, policy in players.items():
        t0 = time.perf_counter()
        tables[name] = rows(play_hands(policy, max(1, args.pairs), args.seed))
        tables[name].append(("wall seconds", f"{time.perf_counter() - t0:.0f}"))
        print(f"{name}: " + "; ".join(f"{k} {v}" for k, v in tables[name]), flush=True)
    side_by_side(f"against OpenSpiel's simple bot, {args.pairs} deal pairs each, both seats "
                 "(95 % CI in brackets, points clustered by pair)", tables)
    if args.games:
        side_by_side(f"whole games to 100 against greedy_action, {args.games} each",
                     {n: games_rows(p, args.games, args.seed) for n, p in players.items()})
    if args.h2h:
        t0 = time.perf_counter()
        side_by_side(f"whole games to 100 (standard), hard against hard v1, {args.h2h} games, "
                     "seats and first dealers alternated", {"hard": head_to_head(args.h2h,
                                                                                  args.seed)})
        print(f"  wall seconds {time.perf_counter() - t0:.0f}")


if __name__ == "__main__":
    main()
