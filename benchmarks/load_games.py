"""One process's share of the load benchmark: its games, their computers and the probes.

`play(target, first, count, …)` deals games `first … first+count-1` (the five games in turn,
each at a usual table size, every seat a normal computer as `/rummy addbot` seats it), stores
them, plays them under load and returns the raw figures as JSON-able data, so that a worker
process can print them for the parent to merge (bench_load.py).
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import random
import time
import tracemalloc
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.app import settle_after_ready
from bot.storage import Storage, open_storage
from bot.storage.postgres import is_postgres_url, open_postgres
from cogs.adapters import DEFAULT_LEVEL, Deal
from cogs.adapters.base import GameAdapter
from cogs.host.deciders import Decide, Deciders
from cogs.host.sessions import snapshot_text
from cogs.registry import GAMES
from engine.game import Event, Game
from engine.session import GameSession, SessionHooks, StaleAction

# Seats per game: a usual table (Canasta in partnerships, the Italian games at four).
SEATS = {"gin": 2, "rummy500": 3, "ramino": 4, "ramino51": 4, "canasta": 4}
# The session's own turn timers never fire during a run: the bench paces the computers itself.
NEVER = 1e9
LAG_TICK = 0.005  # how often the loop-lag probe asks to wake up (s)


@dataclass(frozen=True)
class Pace:
    """How the run plays: a move per game every `interval` s for `seconds`, games starting
    after up to `advance` untimed moves; `settle`: the startup heap frozen as the bot does."""

    interval: float
    seconds: float
    advance: int
    settle: bool = True
    pool: int = 0  # PostgreSQL connections per process (0: the bot's own default)
    young: int = 0  # the collector's first threshold (0: the bot's, set once ready)
    workers: int = 1  # computers' worker processes (RUMMY_COMPUTER_WORKERS; 0: on the loop)


@dataclass
class Figures:
    """What one process measured (ms), kept raw so that processes can be merged."""

    latencies: list[float] = field(default_factory=list)  # due -> submit returned
    writes: list[float] = field(default_factory=list)  # the storage write alone
    decisions: dict[str, list[float]] = field(default_factory=dict)  # per game
    lag: list[float] = field(default_factory=list)  # how late the loop woke the probe
    gc_pauses: list[float] = field(default_factory=list)  # full (generation 2) collections
    failed: Counter[str] = field(default_factory=Counter)
    stale: int = 0  # moves refused as stale (a claim window moved the game first)
    redecided: int = 0  # moves decided again at their due time (the game had moved)
    idle: int = 0  # due times with nobody to act (a claim window open)

    def to_json(self) -> dict[str, Any]:
        """Return the figures as JSON-able data."""
        return {"latencies": self.latencies, "writes": self.writes,
                "decisions": self.decisions, "lag": self.lag, "gc_pauses": self.gc_pauses,
                "failed": dict(self.failed), "stale": self.stale,
                "redecided": self.redecided, "idle": self.idle}


@dataclass
class Table:
    """One game of the run: its adapter, its stored id and its session."""

    adapter: GameAdapter
    game_id: int
    session: GameSession


def adapter_of(index: int) -> GameAdapter:
    """Return the game of table number `index`: the five games in turn."""
    return GAMES[index % len(GAMES)]


def dealt(index: int, advance: int) -> Game:
    """Deal game number `index` and let its computers play up to `advance` moves (untimed),
    so that the run finds games at every stage of a hand, as a live bot does."""
    adapter = adapter_of(index)
    options = adapter.options(adapter.presets()[0], {})
    game: Game = adapter.new_game(options, SEATS[adapter.name], Deal(seed=index))
    rng = random.Random(index)
    for _ in range(rng.randrange(advance + 1)):
        acting = game.to_act()
        if game.is_over or not acting:
            break
        game.apply(acting[0], adapter.choose(game, acting[0]))
    return game


def hooks_for(storage: Storage, adapter: GameAdapter, holder: list[Table],
              figures: Figures, deciders: Deciders) -> SessionHooks:
    """Return hooks as the host builds them (cogs/host/sessions.py): every seat a normal
    computer deciding where the host's would (a worker, or here), each move saved with the
    host's snapshot, its write timed."""
    loop = asyncio.get_running_loop()

    async def persist(g: Game, seat: int, action: Any, _events: list[Event]) -> None:
        table = holder[0]
        text = snapshot_text(g, table.session)
        start = loop.time()
        await storage.record_action(table.game_id, seat, str(action), text, g.version + 1)
        figures.writes.append((loop.time() - start) * 1000)
        deciders.moved(table.game_id, seat, str(action), g.version, g.is_over)

    def choose(g: Game, seat: int) -> str:
        return adapter.choose(g, seat, DEFAULT_LEVEL)

    def away(seat: int) -> Decide | None:
        return deciders.for_seat(adapter.name, seat, DEFAULT_LEVEL, holder[0].game_id)

    return SessionHooks(load=adapter.load, persist=persist, choose=choose,
                        is_computer=lambda _seat: True, react=adapter.react,
                        new_deal=adapter.new_deal, away=away)


def stored(game: Game) -> dict[str, Any]:
    """Return the game's state as a freshly started game's: its moves so far were never
    stored, so its version starts again at 0 (stored 1), as the host's first snapshot."""
    data = game.to_json()
    data["version"] = 0
    return data


async def open_tables(storage: Storage, first: int, count: int, advance: int,
                      figures: Figures, deciders: Deciders) -> tuple[list[Table], int]:
    """Deal, store and start the games; return them and their heap (bytes, tracemalloc)."""
    texts = [json.dumps(stored(dealt(i, advance))) for i in range(first, first + count)]
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    tables = []
    for i, text in zip(range(first, first + count), texts, strict=True):
        tables.append(await open_table(storage, i, text, figures, deciders))
    heap = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return tables, heap


async def open_table(storage: Storage, index: int, text: str, figures: Figures,
                     deciders: Deciders) -> Table:
    """Store one dealt game and wrap it in its session."""
    adapter = adapter_of(index)
    game = adapter.load(json.loads(text))
    game_id = await storage.create_game(guild_id=1, channel_id=10_000 + index,
                                        game=adapter.name, host_id=1)
    await storage.start_game(game_id, snapshot_text(game, None))
    holder: list[Table] = []
    session = GameSession(game, hooks_for(storage, adapter, holder, figures, deciders),
                          bot_delay=NEVER)
    holder.append(Table(adapter, game_id, session))
    session.start()
    return holder[0]


@dataclass
class Plan:
    """A computer's move decided ahead of its due time, for the game's version then."""

    version: int
    seat: int
    action: Any


async def decide(table: Table, figures: Figures) -> Plan | None:
    """Ask the computer to act for the game's acting seat as the host's turn job does (its
    hook `choose`, on the event loop), and time it."""
    game = table.session.game
    acting = game.to_act()
    if game.is_over or not acting:
        return None
    seat, version, start = acting[0], game.version, asyncio.get_running_loop().time()
    away = table.session.hooks.away(seat)
    action = (table.session.hooks.choose(game, seat) if away is None
              else await away(table.session.state_text(), version))
    elapsed = (asyncio.get_running_loop().time() - start) * 1000
    figures.decisions.setdefault(table.adapter.name, []).append(elapsed)
    return Plan(version, seat, action)


async def move(table: Table, plan: Plan | None, due: float, figures: Figures) -> None:
    """Submit the planned move (decided again if the game moved meanwhile); time it from
    its due time, so that any wait for the event loop counts."""
    loop = asyncio.get_running_loop()
    if plan is None or plan.version != table.session.game.version:
        figures.redecided += plan is not None
        plan = await decide(table, figures)
        if plan is None:
            figures.idle += 1
            return
    try:
        await table.session.submit(plan.seat, plan.action, expected_version=plan.version)
    except StaleAction:  # a claim window moved the game first: refused, as a live click
        figures.stale += 1
    except Exception as error:  # counted and printed: a failed move is a lost action
        figures.failed[type(error).__name__] += 1
    else:
        figures.latencies.append((loop.time() - due) * 1000)


async def player(table: Table, pace: Pace, until: float, seed: int, figures: Figures) -> None:
    """Make the game's next computer move every `pace.interval` seconds (with jitter)."""
    interval = pace.interval
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    await asyncio.sleep(rng.uniform(0, interval))  # games do not all decide at once
    due = loop.time() + interval * rng.uniform(0.8, 1.2)
    while due < until and not table.session.game.is_over:
        await asyncio.sleep(0)  # let the moves the last one scheduled (a window) go first
        plan = await decide(table, figures)
        await asyncio.sleep(max(0.0, due - loop.time()))
        await move(table, plan, due, figures)
        due += interval * rng.uniform(0.8, 1.2)


async def sample_lag(until: float, figures: Figures) -> None:
    """Note how late the event loop wakes a sleeper, every LAG_TICK, until `until`."""
    loop = asyncio.get_running_loop()
    while loop.time() < until:
        start = loop.time()
        await asyncio.sleep(LAG_TICK)
        figures.lag.append((loop.time() - start - LAG_TICK) * 1000)


def watch_gc(figures: Figures) -> Any:
    """Time every full garbage collection; return the callback (remove it at the end)."""
    started: list[float] = []

    def callback(phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        now = time.perf_counter()
        if phase == "start":
            started[:] = [now]
        elif started:
            figures.gc_pauses.append((now - started[0]) * 1000)

    gc.callbacks.append(callback)
    return callback


async def lost_at_end(storage: Storage, tables: list[Table]) -> int:
    """Count games whose stored version is not the version in memory (a lost action)."""
    lost = 0
    for table in tables:
        record = await storage.get_game(table.game_id)
        lost += record.state_version != table.session.game.version + 1
    return lost


async def play(target: str | Path, first: int, count: int, pace: Pace) -> dict[str, Any]:
    """Play games `first … first+count-1` on this storage; return the raw figures."""
    pooled = pace.pool and isinstance(target, str) and is_postgres_url(target)
    storage = await (open_postgres(str(target), max_connections=pace.pool) if pooled
                     else open_storage(target))
    figures = Figures()
    deciders = Deciders(0, pace.workers)
    try:
        await deciders.replicas.warm()  # as a bot running a while: its workers are up
        tables, heap = await open_tables(storage, first, count, pace.advance, figures,
                                         deciders)
        figures.writes.clear()
        if pace.settle:  # as the bot once ready, its running games restored
            settle_after_ready()
        if pace.young:
            gc.set_threshold(pace.young, *gc.get_threshold()[1:])
        loop = asyncio.get_running_loop()
        until = loop.time() + pace.seconds
        callback = watch_gc(figures)
        started, cpu = loop.time(), time.process_time()
        workers_cpu = workers_seconds(deciders)
        try:
            await asyncio.gather(sample_lag(until, figures),
                                 *(player(t, pace, until, first + i, figures)
                                   for i, t in enumerate(tables)))
        finally:
            gc.callbacks.remove(callback)
        elapsed, cpu = loop.time() - started, time.process_time() - cpu
        workers_cpu = workers_seconds(deciders) - workers_cpu
        for table in tables:
            table.session.close()
        lost = await lost_at_end(storage, tables)
    finally:
        await deciders.replicas.close()
        await storage.close()
    return {"games": count, "elapsed": elapsed, "cpu": cpu, "workers": pace.workers,
            "workers_cpu": workers_cpu,
            "heap": heap, "lost": lost, **figures.to_json()}


def workers_seconds(deciders: Deciders) -> float:
    """Return the CPU time the computers' workers have used so far (s, from /proc)."""
    total = 0
    for worker in deciders.replicas.running.values():
        if worker.process is not None:
            with open(f"/proc/{worker.process.pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime (clock ticks)
    return total / os.sysconf("SC_CLK_TCK")
