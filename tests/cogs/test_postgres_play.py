"""The bot on PostgreSQL (RUMMY_DB=postgresql://…): the restart and results tests, again.

The same end-to-end tests as on SQLite, imported here, with the bot's database on the real
server the tests start: what survives a restart, and what reaches the leaderboard.
"""

from __future__ import annotations

import logging
from pathlib import Path

import asyncpg
import pytest

from bot.app import RummyBot, StartupError
from bot.settings import Settings
from bot.storage.postgres import PostgresStorage
from tests.cogs.conftest import open_table
from tests.cogs.test_ramino_stats import (
    test_a_chips_game_and_a_penalty_game_each_count_on_their_own_board,
)
from tests.cogs.test_ratings import (
    test_a_ramino_game_is_rated_by_its_places,
    test_the_final_table_and_stats_tell_the_new_ratings,
    test_the_rating_leaderboard_lists_provisional_players_apart,
)
from tests.cogs.test_restart import (
    test_a_takeover_survives_restarts_and_im_back_returns_the_seat,
    test_a_timeout_before_a_restart_still_counts_after_it,
    test_the_player_to_act_uses_his_old_dm_after_a_restart,
)
from tests.cogs.test_results import (
    test_leaderboard_and_stats_after_a_one_hand_game,
    test_the_host_abandons_a_running_game,
)
from tests.conftest import Sim
from tests.postgres_server import PostgresServer

__all__ = [
    "test_a_chips_game_and_a_penalty_game_each_count_on_their_own_board",
    "test_a_ramino_game_is_rated_by_its_places",
    "test_a_takeover_survives_restarts_and_im_back_returns_the_seat",
    "test_a_timeout_before_a_restart_still_counts_after_it",
    "test_leaderboard_and_stats_after_a_one_hand_game",
    "test_the_final_table_and_stats_tell_the_new_ratings",
    "test_the_host_abandons_a_running_game",
    "test_the_player_to_act_uses_his_old_dm_after_a_restart",
    "test_the_rating_leaderboard_lists_provisional_players_apart",
]


@pytest.fixture
async def bot_settings(tmp_path: Path, postgres_server: PostgresServer) -> Settings:
    """Settings read from RUMMY_DB naming the test server's (emptied) database."""
    await postgres_server.empty()
    settings = Settings.from_mapping({"RUMMY_DB": postgres_server.dsn()})
    assert settings.db_url == postgres_server.dsn()
    return settings


async def test_games_are_stored_on_the_server(sim: Sim, postgres_server: PostgresServer) -> None:
    assert isinstance(sim.bot.storage, PostgresStorage)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.click(lobby, label="Start")
    conn = await asyncpg.connect(postgres_server.dsn())
    try:
        rows = await conn.fetch("SELECT game, status, state_version FROM games")
    finally:
        await conn.close()
    assert [tuple(r) for r in rows] == [("gin", "running", 1)]


async def test_the_log_and_a_refusal_never_show_the_password(
    postgres_server: PostgresServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.app")
    # The test server trusts local connections, so a password is accepted and ignored.
    with_password = (f"postgresql://{postgres_server.user}:s3cret@/postgres"
                     f"?host={postgres_server.root}")
    bot = RummyBot(Settings.from_mapping({"RUMMY_DB": with_password}))
    await bot.open_storage()
    await bot.close_storage()
    assert f"storage open at postgresql://{postgres_server.user}:***@/" in caplog.text
    unreachable = with_password.replace(str(postgres_server.root), "/nonexistent")
    with pytest.raises(StartupError) as refused:
        await RummyBot(Settings.from_mapping({"RUMMY_DB": unreachable})).open_storage()
    assert "cannot open database at postgresql://" in str(refused.value)
    assert "s3cret" not in str(refused.value) + caplog.text
