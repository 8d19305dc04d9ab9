"""Host pieces without Discord: game records, runtimes and a host on a stand-in bot."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.storage import GameRecord
from cogs.adapters import Deal
from cogs.host import GameHost, Runtime
from cogs.host.settings import TableSettings
from cogs.registry import adapter_for
from engine.session import GameSession, SessionHooks
from tests.engine.gin.scripted import deck_order

ALICE, BRUNO = 101, 202
# Alice (seat 0) is not the dealer, so she acts first: take or pass the upcard.
DECK = deck_order("AS 2S 3S 4H 5H 6H 7C 8C 9C 10C", "KS QH JD 9S 7D 5S 3H KH 2D 6C",
                  upcard="4D", stock="JC")


def gin_record(options: dict[str, Any] | None = None, game_id: int = 1) -> GameRecord:
    """Return a running gin table of Alice and Bruno, as storage returns it."""
    seats: list[Any] = [
        {"user_id": ALICE, "name": "Alice", "is_bot": False, "locale": "it"},
        {"user_id": BRUNO, "name": "Bruno", "is_bot": False, "locale": "en"},
    ]
    return GameRecord(
        id=game_id, guild_id=1, channel_id=2, thread_id=None, game="gin", preset="standard",
        options=options if options is not None else {}, seats=seats, host_id=ALICE,
        status="running", state=None, state_version=0, table_message_id=None,
        lobby_message_id=None, created_at="", updated_at="",
    )


def gin_runtime(record: GameRecord | None = None) -> Runtime:
    """Return a runtime of a scripted gin deal (Bruno deals, Alice acts first)."""
    record = record or gin_record()
    adapter = adapter_for("gin")
    game = adapter.new_game(adapter.options("standard", {}), 2, Deal((tuple(DECK),), 1))

    async def persist(*_args: Any) -> None:
        return None

    session = GameSession(game, SessionHooks(load=adapter.load, persist=persist,
                                             choose=adapter.choose))
    return Runtime(record, adapter, session, TableSettings.of(record))


def offline_client() -> discord.Client:
    """A bot never connected: it finds no channel, and makes handles on messages by id."""
    return discord.Client(intents=discord.Intents.none())


def offline_host(bot_delay: float | None = None) -> GameHost:
    """A game host on a bot never connected, without storage (its tests store nothing)."""
    return GameHost(offline_client(), storage=None, bot_delay=bot_delay)  # type: ignore[arg-type]


@pytest.fixture
def host() -> GameHost:
    """A game host on a stand-in bot (no Discord, no storage)."""
    return offline_host()
