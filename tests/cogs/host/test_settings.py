"""Table settings: one typed record over the game row's preset and `options` JSON."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from bot.storage import open_storage
from cogs.host.settings import TableSettings

from .conftest import gin_record

# What `/rummy new` has always stored (before and after this record existed).
STORED = {"rules": {"knock_limit": 5, "big_gin": True}, "turn_seconds": 60,
          "hand_delivery": "channel", "locale": "it"}


def test_a_stored_row_reads_as_typed_settings_and_writes_back_the_same_json() -> None:
    settings = TableSettings.of(gin_record(STORED))
    assert settings == TableSettings(preset="standard", rules={"knock_limit": 5, "big_gin": True},
                                     turn_seconds=60, hand_delivery="channel", locale="it")
    assert settings.to_options() == STORED


@pytest.mark.parametrize("options", [{}, {"rules": {}}, {"rules": None, "turn_seconds": 0}])
def test_rows_missing_keys_read_the_defaults(options: dict[str, object]) -> None:
    settings = TableSettings.of(gin_record(options))
    assert (settings.rules, settings.turn_seconds, settings.hand_delivery, settings.locale) == (
        {}, 0, "dm", "en")


def test_keys_it_does_not_know_are_kept() -> None:
    stored = {**STORED, "tournament": {"round": 2}}
    settings = TableSettings.of(gin_record(stored))
    assert settings.extra == {"tournament": {"round": 2}}
    assert settings.to_options() == stored


def test_settings_are_frozen_and_changed_by_copy() -> None:
    settings = TableSettings.of(gin_record(STORED))
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.turn_seconds = 10  # type: ignore[misc]
    faster = settings.changed(turn_seconds=30, preset="oklahoma")
    assert (faster.turn_seconds, faster.preset) == (30, "oklahoma")
    assert settings.turn_seconds == 60 and faster.rules == settings.rules
    assert faster.to_options()["turn_seconds"] == 30


async def test_the_json_round_trips_through_storage(tmp_path: Path) -> None:
    storage = await open_storage(tmp_path / "settings.sqlite3")
    try:
        written = TableSettings("oklahoma", {"gin_bonus": 30}, 45, "dm", "en")
        game_id = await storage.create_game(
            guild_id=1, channel_id=2, game="gin", host_id=3, preset=written.preset,
            options=written.to_options(), seats=[])
        record = await storage.get_game(game_id)
        assert TableSettings.of(record) == written
        assert record.options == {"rules": {"gin_bonus": 30}, "turn_seconds": 45,
                                  "hand_delivery": "dm", "locale": "en"}
    finally:
        await storage.close()
