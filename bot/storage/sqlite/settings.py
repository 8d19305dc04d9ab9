"""SQLite `SettingsRepository`: per-server settings."""

from __future__ import annotations

import json
from typing import Any

from bot.storage.records import GuildSettings, changed_settings
from bot.storage.rows import SAVE_SETTINGS, dump
from bot.storage.sqlite.connection import SqliteConnection


class SqliteSettings(SqliteConnection):
    """Server settings on the shared connection."""

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        """Return the server's settings, or the defaults if it never saved any."""
        async with self._reading():
            return await self._get_guild_settings(guild_id)

    async def _get_guild_settings(self, guild_id: int) -> GuildSettings:
        rows = list(
            await self._conn.execute_fetchall(
                "SELECT locale, use_threads, hand_delivery, turn_seconds, extra,"
                " rate_computer_games"
                " FROM guild_settings WHERE guild_id = ?",
                (guild_id,),
            )
        )
        if not rows:
            return GuildSettings()
        r = rows[0]
        return GuildSettings(
            locale=r["locale"],
            use_threads=bool(r["use_threads"]),
            hand_delivery=r["hand_delivery"],
            turn_seconds=r["turn_seconds"],
            extra=json.loads(r["extra"]),
            rate_computer_games=bool(r["rate_computer_games"]),
        )

    async def set_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change some settings of a server (keyword per field) and return all of them."""
        async with self._writing() as conn:
            settings = changed_settings(await self._get_guild_settings(guild_id), changes)
            await conn.execute(
                SAVE_SETTINGS,
                (
                    guild_id,
                    settings.locale,
                    int(settings.use_threads),
                    settings.hand_delivery,
                    settings.turn_seconds,
                    dump(settings.extra),
                    int(settings.rate_computer_games),
                ),
            )
        return settings
