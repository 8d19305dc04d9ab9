"""Sharded processes: each restores the games of its own shards' servers only."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import simcord

from bot.app import RummyBot
from bot.settings import Settings
from bot.storage import GameRecord, open_storage
from tests.cogs.conftest import children

SHARDS = 2


def running_ids(bot: RummyBot) -> set[int]:
    """Return the ids of the games this process drives."""
    # The extension is loaded afresh by each bot: its class is not the one imported here.
    return set(bot.get_cog("Rummy").host.runtimes)  # type: ignore[union-attr]


async def start_gin(env: simcord.Env, shard: int) -> int:
    """In a new server on `shard`, Alice and Bruno start a gin game; return the server id."""
    guild = env.create_guild(f"Shard {shard}", shard_id=shard)
    channel = guild.create_text_channel("rummy")
    alice, bruno = (guild.add_member(env.create_user(name)) for name in ("Alice", "Bruno"))
    assert (await alice.slash(channel, "rummy new", game="gin")).ephemeral
    lobby = next(m for m in reversed(channel.history())
                 if any(getattr(c, "label", None) == "Join" for c in children(m)))
    await bruno.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    return guild.id


@asynccontextmanager
async def process(db: Path, shard_ids: Sequence[int] | None
                  ) -> AsyncIterator[tuple[RummyBot, simcord.Env]]:
    """Run one bot process on `db` with these shards of SHARDS (None: all of them)."""
    ids = tuple(shard_ids) if shard_ids is not None else None
    bot = RummyBot(Settings(db_path=db, shard_count=SHARDS, shard_ids=ids))
    try:
        async with simcord.run(bot) as env:
            yield bot, env
    finally:
        await bot.close_storage()


async def test_each_process_restores_only_the_games_of_its_shards(tmp_path: Path) -> None:
    db = tmp_path / "shared.sqlite3"
    async with process(db, None) as (everything, env):
        guilds = [await start_gin(env, shard) for shard in (0, 1, 1)]
        assert len(running_ids(everything)) == 3  # one process on every shard drives all
    games = {g.id: g.guild_id for g in await everything_games(db)}
    assert sorted(games.values()) == sorted(guilds)
    # SimCord runs one Env per event loop: the two processes start one after the other.
    for shard in (0, 1):
        async with process(db, (shard,)) as (bot, _):
            own = {game for game, guild in games.items() if (guild >> 22) % SHARDS == shard}
            assert running_ids(bot) == own and own
    async with process(db, None) as (again, _):
        assert running_ids(again) == set(games)  # one process, all shards: as before


async def everything_games(db: Path) -> list[GameRecord]:
    """Return the unfinished games stored in `db`."""
    storage = await open_storage(db)
    try:
        return await storage.unfinished_games()
    finally:
        await storage.close()
