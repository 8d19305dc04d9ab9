"""Contract: per-server settings, their defaults and their validation (every backend)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.storage import GuildSettings, Storage
from tests.bot.storage.conftest import Opener
from tests.bot.storage.helpers import GUILD


async def test_guild_settings_defaults_and_update(store: Storage) -> None:
    assert await store.get_guild_settings(GUILD) == GuildSettings(
        locale=None, use_threads=False, hand_delivery="dm", turn_seconds=120, extra={}
    )
    updated = await store.set_guild_settings(GUILD, locale="it", hand_delivery="channel")
    assert (updated.locale, updated.hand_delivery, updated.turn_seconds) == ("it", "channel", 120)
    await store.set_guild_settings(GUILD, turn_seconds=0, extra={"rating": "openskill"})
    settings = await store.get_guild_settings(GUILD)
    assert settings == GuildSettings(
        locale="it",
        use_threads=False,
        hand_delivery="channel",
        turn_seconds=0,
        extra={"rating": "openskill"},
    )
    assert await store.get_guild_settings(GUILD + 1) == GuildSettings()


async def test_guild_settings_survive_reopen(open_store: Opener) -> None:
    first = await open_store()
    await first.set_guild_settings(GUILD, use_threads=True, extra={"ranks": ["A", "10♥"]})
    await first.close()
    second = await open_store()
    try:
        assert await second.get_guild_settings(GUILD) == GuildSettings(
            use_threads=True, extra={"ranks": ["A", "10♥"]}
        )
    finally:
        await second.close()


async def test_guild_settings_refuse_bad_values(store: Storage) -> None:
    with pytest.raises(ValueError, match="hand_delivery"):
        await store.set_guild_settings(GUILD, hand_delivery="pigeon")
    with pytest.raises(ValueError, match="turn_seconds"):
        await store.set_guild_settings(GUILD, turn_seconds=-5)
    with pytest.raises(ValueError, match="colour"):
        await store.set_guild_settings(GUILD, colour="red")
    assert await store.get_guild_settings(GUILD) == GuildSettings()


@pytest.mark.parametrize(
    ("changes", "error", "words"),
    [
        ({"turn_seconds": 1.5}, ValueError, "turn_seconds"),
        ({"turn_seconds": "60"}, ValueError, "turn_seconds"),
        ({"hand_delivery": "DM"}, ValueError, "hand_delivery"),
        ({"extra": ["not", "a", "dict"]}, TypeError, "extra"),
        ({"shade": 1, "colour": "red"}, ValueError, "colour, shade"),
    ],
)
async def test_a_refused_change_writes_nothing(
    store: Storage, changes: dict[str, Any], error: type[Exception], words: str
) -> None:
    saved = await store.set_guild_settings(GUILD, locale="en", turn_seconds=30)
    with pytest.raises(error, match=words):
        await store.set_guild_settings(GUILD, locale="it", **changes)
    assert await store.get_guild_settings(GUILD) == saved
    assert await store.get_guild_settings(GUILD + 1) == GuildSettings()
