"""Rummy 500 pace: seconds a person waits between his turns against two computers.

The real bot under SimCord, default settings: Alice opens a Rummy 500 table, adds two
computers and starts; seeded deals. Alice plays the computer player's choice of move by
clicking her DM's controls. Time is SimCord's virtual clock, moved in small steps, so what
is counted is the waiting a person experiences (Rummy! windows, the computers' pauses), not
the machine's speed. A gap runs from the end of her turn (her discard) to the start of her
next one (her draw may begin); gaps across a new deal are left out.

Three people are measured. When a Rummy! window waits for Alice (she has opened) she looks for
REACTION seconds, then claims if the computer player would, otherwise:
- "prompt" presses "No claim" (when the table offers it);
- "idle" presses nothing and lets the window run out;
- "autopass" sets her hand's "Pass on every Rummy!" button to "this game" on her first turn
  (issue 26): no window waits for her, and she never claims.

Run: python -m benchmarks.bench_r500_pace [--turns 120] [--seed 7] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import simcord

from bot.app import RummyBot
from bot.sandbox import build_world
from bot.settings import Settings
from cogs.host import GameHost, Runtime, ScriptedDeals
from engine.rummy500 import Rummy500Game
from engine.rummy500.ai import choose_action, choose_claim

TARGET_SECONDS = 8.0  # issue 10: under 8 s between a person's turns, two computers, defaults
REACTION = 1.0  # seconds a person takes to look at a discard before he calls or passes
STEP = 0.25  # virtual seconds per clock step (the resolution of the figures)
NO_CLAIM = "No claim"
# Measured with this file on main at 3e3aabb (before issue 10), --seed 7: there is no
# "No claim" there, so both people wait alike. "prompt": 120 gaps; "idle": the first 33, after
# which that code's 1.5-s windows kept a timer due while Alice clicked, and SimCord's settle
# window ran out.
BEFORE = {"prompt": (17.5, 20.5), "idle": (17.5, 19.0)}  # (median, p90) seconds


@dataclass
class Person:
    """How Alice answers a Rummy! window that waits for her."""

    name: str
    presses_no_claim: bool
    passes_every_window: bool = False  # her hand's button, set once per game


class Pace:
    """Alice against two computers; her moves are clicks, the clock moves in steps."""

    def __init__(self, env: simcord.Env, bot: RummyBot, person: Person, seed: int) -> None:
        self.env, self.bot, self.person, self.seed = env, bot, person, seed
        self.world = build_world(env)
        self.alice = self.world.members[0]
        self.deals = ScriptedDeals()
        self.games = 0
        self.gaps: list[float] = []
        self.answered = -1  # the game version of the last window Alice answered

    @property
    def host(self) -> GameHost:
        """The bot's game host."""
        cog: Any = self.bot.get_cog("Rummy")
        return cog.host  # type: ignore[no-any-return]

    def running(self) -> Runtime | None:
        """Return the game being played, if any."""
        return next(iter(self.host.runtimes.values()), None)

    def now(self) -> float:
        """Return SimCord's virtual time in seconds."""
        return self.env.now().timestamp()

    async def new_game(self) -> Runtime:
        """Alice opens a table, adds two computers and starts it; return the game."""
        self.host.deals = self.deals
        self.deals.queue("rummy500", seed=self.seed + self.games)
        self.games += 1
        await self.alice.slash(self.world.channel, "rummy new", game="rummy500")
        lobby = newest(self.world.channel.history(), "Start")
        for _ in range(2):
            await self.alice.click(lobby, label="Add computer")
        await self.alice.click(lobby, label="Start")
        rt = self.running()
        assert rt is not None, "the game did not start"
        return rt

    async def measure(self, turns: int) -> list[float]:
        """Play until `turns` gaps between Alice's turns are measured; return them."""
        try:
            await self.play_games(turns)
        except TimeoutError:
            # A move took longer than SimCord's settle window (a very busy machine): the
            # gaps measured so far stand; the clock figures do not depend on the machine.
            print(f"  ({self.person.name}: stopped after {len(self.gaps)} gaps, the machine "
                  "was too busy for SimCord's settle window)")
        return self.gaps

    async def play_games(self, turns: int) -> None:
        """Start games and play them until `turns` gaps are measured."""
        rt = await self.new_game()
        while len(self.gaps) < turns:
            if self.running() is None:
                rt = await self.new_game()
            if alices_turn(rt):
                await self.play_turn(rt)
                await self.wait_for_alice(rt)
            else:
                await self.env.advance_time(STEP)

    async def play_turn(self, rt: Runtime) -> None:
        """Click Alice's moves until her turn ends."""
        while self.person.passes_every_window and rt.autopass(0) != "game":
            message = dm_of(self.alice)  # off, this hand, this game: a click each
            button = next(str(c.custom_id) for c in children(message)
                          if ":autopass:" in str(c.custom_id))
            await self.alice.user.click(message, custom_id=button)
        while self.running() is rt and alices_turn(rt):
            view = rt.game.private_view(0)
            await self.play(str(choose_action(view)), rt)

    async def wait_for_alice(self, rt: Runtime) -> None:
        """Move the clock (answering windows as the person does) until Alice may play."""
        start, hand = self.now(), game_of(rt).hand_no
        while self.running() is rt and not alices_turn(rt):
            if (waits_for_alice(rt) and self.answered != rt.game.version
                    and not self.person.passes_every_window):
                self.answered = rt.game.version
                await self.env.advance_time(REACTION)
                await self.answer_window(rt)
            else:
                await self.env.advance_time(STEP)
        if self.running() is rt and game_of(rt).hand_no == hand:
            self.gaps.append(self.now() - start)

    async def answer_window(self, rt: Runtime) -> None:
        """Claim if the computer player would; else press "No claim" if the person does."""
        if not waits_for_alice(rt):
            return
        table = newest(self.world.channel.history(), "My hand")
        claim = choose_claim(rt.game.private_view(0))
        if claim is not None:
            answer = await self.alice.click(table, label="Rummy!")
            if any(children(answer.response)):  # several melds: choose the computer's one
                await self.alice.select(answer.response, [str(claim)],
                                        custom_id=component(answer.response, ":table_choice"))
        elif self.person.presses_no_claim and NO_CLAIM in labels(table):
            await self.alice.click(table, label=NO_CLAIM)

    async def play(self, action: str, rt: Runtime) -> None:
        """Make one move of Alice's by the controls of her DM."""
        verb, _, rest = action.partition(" ")
        if verb in ("draw", "decline"):
            await self.click(verb)
        elif verb == "take":  # two steps: the depth, then the melds
            await self.click("ui_take")
            await self.select("ui_take", [rest.split()[0]])
            await self.select("take", [rest])
        elif verb == "meld":
            await self.select("meld", [rest])  # the menu offers each meld whole
        elif verb == "layoff":  # the card, then its meld when it fits more than one
            version = rt.game.version
            await self.select("ui_lay", [rest.split()[0]])
            if rt.game.version == version:
                await self.select("layoff", [rest])
        else:
            await self.select(verb, rest.split()[:1])

    async def click(self, action: str) -> None:
        """Click the button of Alice's hand that sends `action`."""
        message = dm_of(self.alice)
        await self.alice.user.click(message, custom_id=component(message, f":{action}"))

    async def select(self, verb: str, values: list[str]) -> None:
        """Choose values in the select of Alice's hand that completes `verb`."""
        message = dm_of(self.alice)
        await self.alice.user.select(message, values, custom_id=component(message, f":{verb}"))


# ----- reading the game and the messages ---------------------------------------------------------


def game_of(rt: Runtime) -> Rummy500Game:
    game = rt.game
    assert isinstance(game, Rummy500Game)
    return game


def alices_turn(rt: Runtime) -> bool:
    """Whether Alice may act now (her draw may begin even while a window is open)."""
    return not rt.game.is_over and 0 in rt.game.to_act()


def waits_for_alice(rt: Runtime) -> bool:
    """Whether a Rummy! window is open that Alice may claim (she opened, she did not discard)."""
    window = rt.game.public_view().claim
    return window.open and 0 in game_of(rt).reactors()


def children(message: Any) -> Iterator[Any]:
    for row in getattr(message, "components", []):
        yield from getattr(row, "children", [row])


def labels(message: Any) -> list[str]:
    return [c.label for c in children(message) if getattr(c, "label", None)]


def component(message: Any, suffix: str) -> str:
    """Return the custom id of the message's one component whose id ends with `suffix`."""
    found = [c.custom_id for c in children(message) if str(c.custom_id).endswith(suffix)]
    assert len(found) == 1, (suffix, [c.custom_id for c in children(message)])
    return str(found[0])


def newest(history: Any, label: str) -> discord.Message:
    """Return the newest message of the channel with a button labelled `label`."""
    for message in reversed(history):
        if label in labels(message):
            return message  # type: ignore[no-any-return]
    raise AssertionError(f"no message with {label!r}")


def dm_of(member: simcord.MemberActor) -> discord.Message:
    message = member.user.dm_channel.last_message
    assert message is not None, "no hand message"
    return message


# ----- running and reporting ---------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    """Return the q-th percentile (nearest rank)."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


async def measure(person: Person, turns: int, seed: int) -> list[float]:
    """Run one person's games in a fresh bot and SimCord; return the gaps measured."""
    with tempfile.TemporaryDirectory() as folder:
        bot = RummyBot(Settings(db_path=Path(folder) / "pace.sqlite3"))
        try:
            # Below the computers' 1.5-s pause, so their moves wait for the clock steps.
            async with simcord.run(bot, settle_timeout=1.4) as env:
                return await Pace(env, bot, person, seed).measure(turns)
        finally:
            await bot.close_storage()


def report(person: Person, gaps: list[float]) -> bool:
    """Print one person's figures beside main's; return whether the target is met."""
    median, p90 = statistics.median(gaps), statistics.quantiles(gaps, n=10)[-1]
    before = BEFORE.get(person.name)
    main = (f"main: median {before[0]:.1f} s, p90 {before[1]:.1f} s" if before
            else "main: no such button")
    print(f"{person.name:>8}: {len(gaps)} gaps between Alice's turns: median {median:.1f} s, "
          f"p90 {p90:.1f} s, max {max(gaps):.1f} s  ({main})")
    return median < TARGET_SECONDS


def main() -> None:
    """Parse the options, measure both people, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=120)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="30 turns (make bench)")
    args = parser.parse_args()
    turns = 30 if args.quick else args.turns
    print(f"Rummy 500, Alice and two computers, default settings, seed {args.seed}; "
          f"a person looks {REACTION:g} s at a window that waits for him; clock step {STEP:g} s")
    people = [Person("prompt", True), Person("idle", False), Person("autopass", False, True)]
    met = [report(p, asyncio.run(measure(p, turns, args.seed))) for p in people]
    print(f"target: median under {TARGET_SECONDS:g} s for a person who answers the window: "
          + ("met" if met[0] else "NOT met"))
    sys.exit(0 if met[0] else 1)


if __name__ == "__main__":
    main()
