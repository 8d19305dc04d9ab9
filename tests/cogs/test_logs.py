"""What the bot logs never shows a hidden card or a seed (the game's or a deal's), at any
level (DEBUG included).

Whole games are played with the process's own logging set up at DEBUG, and every record
that reaches its handler is read: the database driver's statements carry each saved
snapshot (every hand, the stock, the shuffle seed), so they must never reach it.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator

import pytest

from bot.logging_setup import setup_logging
from cogs.host import ScriptedDeals
from engine.base import deal_seed
from tests.cogs.conftest import cancel_game, open_table, set_turn_seconds, texts
from tests.conftest import Sim

# A card as the engine writes it (7H, 10S) or as players read it (7♥), and snapshot fields.
CARD = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9AJQK])[SHDC♠♥♦♣](?![\w♠♥♦♣])")
SNAPSHOT_WORDS = ('"hands"', '"stock"', '"seed"', "'hands'", "'stock'", "'seed'")


class Everything(logging.Handler):
    """Keep every record the process's handler would write, formatted the same way."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.name}: {self.format(record)}")


@pytest.fixture
def debug_logs() -> Iterator[Everything]:
    """Set the process's logging up at DEBUG and collect what it would print."""
    root = logging.getLogger()
    saved = (list(root.handlers), root.level,
             {name: logging.getLogger(name).level for name in logging.root.manager.loggerDict})
    setup_logging("DEBUG")
    collected = Everything()
    collected.setFormatter(root.handlers[0].formatter)
    root.addHandler(collected)
    yield collected
    root.handlers[:], level, levels = saved[0], saved[1], saved[2]
    root.setLevel(level)
    for name, old in levels.items():
        logging.getLogger(name).setLevel(old)


def leaks(lines: list[str]) -> list[str]:
    """Return the lines that name a card or carry a snapshot's fields."""
    return [line for line in lines
            if CARD.search(line) or any(word in line for word in SNAPSHOT_WORDS)]


async def test_whole_games_at_debug_log_no_card_and_no_seed(
        sim: Sim, deals: ScriptedDeals, debug_logs: Everything) -> None:
    await set_turn_seconds(sim, 30)
    deals.queue("gin", seed=7)
    deals.queue("rummy500", seed=20261121)
    gin = await open_table(sim, sim.bruno)
    await sim.alice.click(gin, label="Start")
    for _ in range(12):  # timeouts, then the computers play the gin hand on
        await sim.env.advance_time(30)
    await cancel_game(sim, sim.alice)
    r500 = await open_table(sim, sim.bruno, sim.chiara, game="rummy500")
    await sim.alice.click(r500, label="Start")
    for _ in range(400):  # nobody plays: the computers take the seats and finish
        if any("wins the game" in line for line in texts(sim)):
            break
        await sim.env.advance_time(30)
    assert any("wins the game" in line for line in texts(sim))
    assert len(debug_logs.lines) > 100  # DEBUG was on: the records were there to read
    assert leaks(debug_logs.lines) == []
    # no deal's seed either (fair shuffles): a live hand's would tell its cards
    seeds = [deal_seed(game_seed, n) for game_seed in (7, 20261121) for n in range(1, 60)]
    assert [line for line in debug_logs.lines if any(s in line for s in seeds)] == []
