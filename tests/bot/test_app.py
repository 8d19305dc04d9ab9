"""The bot process: settings, start-up, command sync and /about, under SimCord."""

from __future__ import annotations

import gc
import logging
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import discord
import pytest
import simcord
from discord.ext import commands

from bot import __version__
from bot.__main__ import describe_startup_error
from bot.app import (
    EXTENSIONS,
    YOUNG_COLLECTION,
    RummyBot,
    StartupError,
    bot_intents,
    prepare_database_path,
)
from bot.settings import DEFAULT_DB, SANDBOX_DB, Settings, SettingsError, parse_env_file
from tests.conftest import Sim

REPO = Path(__file__).resolve().parents[2]


# -- settings ---------------------------------------------------------------


def test_settings_defaults_without_any_variable() -> None:
    settings = Settings.load(environ={}, env_file=None)
    assert settings.token is None
    assert settings.db_path == DEFAULT_DB
    assert settings.log_level == "INFO"
    assert settings.guild_id is None
    assert settings.sandbox_port == 8765
    assert settings.bot_delay is None  # the host's own delay


def test_bot_delay_reads_seconds_and_the_sandbox_keeps_it() -> None:
    for raw, seconds in (("0.25", 0.25), ("0", 0.0), ("60", 60.0)):
        settings = Settings.load(environ={"RUMMY_BOT_DELAY": raw}, env_file=None)
        assert settings.bot_delay == seconds
        assert settings.for_sandbox().bot_delay == seconds


def test_min_turn_seconds_reads_whole_seconds_and_the_sandbox_keeps_it() -> None:
    assert Settings.load(environ={}, env_file=None).min_turn_seconds is None  # the cog's 15
    for raw, seconds in (("1", 1), ("15", 15), ("3600", 3600)):
        settings = Settings.load(environ={"RUMMY_MIN_TURN_SECONDS": raw}, env_file=None)
        assert settings.min_turn_seconds == seconds
        assert settings.for_sandbox().min_turn_seconds == seconds


def test_settings_read_env_file_and_environment_wins(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(
        "# local settings\n"
        "export DISCORD_TOKEN='abc.def'\n"
        "RUMMY_DB=games/my.sqlite3  # beside the bot\n"
        "\n"
        "RUMMY_LOG_LEVEL=debug\n"
        'RUMMY_GUILD_ID="123456789012345678"\n',
        encoding="utf-8",
    )
    settings = Settings.load(environ={"RUMMY_LOG_LEVEL": "warning"}, env_file=env_file)
    assert settings.token == "abc.def"
    assert settings.db_path == Path("games/my.sqlite3")
    assert settings.db_path_explicit
    assert settings.log_level == "WARNING"
    assert settings.guild_id == 123456789012345678


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("RUMMY_LOG_LEVEL", "LOUD"),
        ("RUMMY_GUILD_ID", "my-server"),
        ("RUMMY_GUILD_ID", "0"),
        ("RUMMY_SANDBOX_PORT", "70000"),
        ("RUMMY_SANDBOX_PORT", "-1"),
        # digits that str.isdigit() accepts and int() refuses, or reads as another number
        ("RUMMY_GUILD_ID", "²"),
        ("RUMMY_GUILD_ID", "٣٤"),
        ("RUMMY_GUILD_ID", "9" * 5000),
        ("RUMMY_SANDBOX_PORT", "８０８０"),
        ("RUMMY_SANDBOX_PORT", "³"),
        ("RUMMY_BOT_DELAY", "fast"),
        ("RUMMY_BOT_DELAY", "-1"),
        ("RUMMY_BOT_DELAY", "60.5"),
        ("RUMMY_BOT_DELAY", "²"),
        ("RUMMY_BOT_DELAY", "nan"),
        ("RUMMY_MIN_TURN_SECONDS", "0"),
        ("RUMMY_MIN_TURN_SECONDS", "3601"),
        ("RUMMY_MIN_TURN_SECONDS", "1.5"),
        ("RUMMY_MIN_TURN_SECONDS", "²"),
        ("RUMMY_SHARD_COUNT", "0"),
        ("RUMMY_SHARD_COUNT", "four"),
        ("RUMMY_SHARD_COUNT", "65536"),
        ("RUMMY_SHARDS", "0-3"),  # without RUMMY_SHARD_COUNT: shards of which total?
        ("RUMMY_LEASE_SECONDS", "soon"),
        ("RUMMY_LEASE_SECONDS", "0"),
        ("RUMMY_LEASE_SECONDS", "2.5"),
        ("RUMMY_LEASE_SECONDS", "3601"),
        ("RUMMY_LEASE_SECONDS", "-30"),
        ("RUMMY_LEASE_SECONDS", "nan"),
        ("RUMMY_LEASE_SECONDS", "³0"),
        ("RUMMY_HARD_WORKERS", "two"),
        ("RUMMY_HARD_WORKERS", "-1"),
        ("RUMMY_HARD_WORKERS", "65"),
        ("RUMMY_HARD_WORKERS", "²"),
    ],
)
def test_invalid_setting_names_the_variable_in_one_line(key: str, value: str) -> None:
    with pytest.raises(SettingsError) as caught:
        Settings.load(environ={key: value}, env_file=None)
    message = str(caught.value)
    assert key in message and repr(value) in message
    assert "\n" not in message


def test_shards_read_ranges_and_lists_of_the_shard_count() -> None:
    default = Settings.load(environ={}, env_file=None)
    assert (default.shard_count, default.shard_ids) == (None, None)  # Discord's count, all
    for raw, ids in (("0-3", (0, 1, 2, 3)), ("0,2", (0, 2)), ("5, 0-1", (0, 1, 5)), ("7", (7,))):
        settings = Settings.load(environ={"RUMMY_SHARD_COUNT": "8", "RUMMY_SHARDS": raw},
                                 env_file=None)
        assert (settings.shard_count, settings.shard_ids) == (8, ids)
    alone = Settings.load(environ={"RUMMY_SHARD_COUNT": "4"}, env_file=None)
    assert (alone.shard_count, alone.shard_ids) == (4, None)  # all four in this process


def test_lease_seconds_read_seconds_and_the_sandbox_keeps_them() -> None:
    assert Settings.load(environ={}, env_file=None).lease_seconds == 30.0
    for raw, seconds in (("3", 3.0), ("6", 6.0), ("12.5", 12.5), ("3600", 3600.0)):
        settings = Settings.load(environ={"RUMMY_LEASE_SECONDS": raw}, env_file=None)
        assert settings.lease_seconds == seconds
        assert settings.for_sandbox().lease_seconds == seconds


@pytest.mark.parametrize("raw", ["0-4", "4", "3-1", "0,0", "0-2,1", "a-b", "0-", "-1", "1,,2", ","])
def test_bad_shard_lists_name_the_setting_and_the_value(raw: str) -> None:
    environ = {"RUMMY_SHARD_COUNT": "4", "RUMMY_SHARDS": raw}
    with pytest.raises(SettingsError) as caught:
        Settings.load(environ=environ, env_file=None)
    message = str(caught.value)
    assert "RUMMY_SHARDS" in message and repr(raw) in message
    assert "\n" not in message


def test_malformed_env_file_line_is_reported_with_its_number(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("RUMMY_DB=a.sqlite3\nthis is not a setting\n", encoding="utf-8")
    with pytest.raises(SettingsError, match=r"^\.env line 2: expected KEY=VALUE$"):
        parse_env_file(env_file)


def test_a_postgresql_url_in_rummy_db_names_a_server_for_the_bot_and_the_sandbox() -> None:
    for url in ("postgresql://rummy:pw@db.example:5432/rummy", "postgres://rummy@/rummy"):
        settings = Settings.load(environ={"RUMMY_DB": url}, env_file=None)
        assert settings.db_url == url and settings.db_path == DEFAULT_DB
        assert settings.for_sandbox().db_url == url  # named, so the sandbox uses it too
    assert Settings.load(environ={"RUMMY_DB": "data/x.sqlite3"}, env_file=None).db_url is None


def test_sandbox_uses_its_own_database_unless_one_is_named() -> None:
    default = Settings.load(environ={"RUMMY_GUILD_ID": "42"}, env_file=None).for_sandbox()
    assert default.db_path == SANDBOX_DB
    assert default.guild_id is None  # the sandbox's one server is not RUMMY_GUILD_ID
    named = Settings.load(environ={"RUMMY_DB": "x.sqlite3"}, env_file=None).for_sandbox()
    assert named.db_path == Path("x.sqlite3")


# -- database path ------------------------------------------------------------


def test_database_folder_is_created(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "rummy.sqlite3"
    prepare_database_path(path)
    assert path.parent.is_dir()


def test_database_under_a_file_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x", encoding="utf-8")
    with pytest.raises(StartupError, match="cannot create database folder"):
        prepare_database_path(blocker / "rummy.sqlite3")


def test_database_path_that_is_a_folder_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(StartupError, match="is a directory"):
        prepare_database_path(tmp_path)


async def test_a_database_the_storage_cannot_read_is_a_startup_error(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database, only text long enough to look like a file" * 40)
    bot = RummyBot(Settings(db_path=junk))
    with pytest.raises(StartupError, match=r"cannot open database at .*junk\.sqlite3: "):
        await bot.open_storage()
    with pytest.raises(RuntimeError):
        bot.storage  # noqa: B018 - nothing was opened


def _run_module(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("RUMMY_", "DISCORD_"))}
    clean["PYTHONPATH"] = str(REPO)
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        check=False,
        cwd=tmp_path,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_unwritable_database_stops_python_m_bot_with_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("x", encoding="utf-8")
    done = _run_module(tmp_path, RUMMY_DB=str(blocker / "rummy.sqlite3"), RUMMY_SANDBOX_PORT="0")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("rummy-bot: cannot create database folder")
    assert str(blocker) in last


def test_invalid_setting_stops_python_m_bot_with_one_line(tmp_path: Path) -> None:
    done = _run_module(tmp_path, RUMMY_SANDBOX_PORT="http")
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "rummy-bot: RUMMY_SANDBOX_PORT must be a port number 0-65535, got 'http'"
    )


def test_login_and_intent_failures_read_as_one_line() -> None:
    login = describe_startup_error(discord.LoginFailure("Improper token has been passed."))
    intents = describe_startup_error(discord.PrivilegedIntentsRequired(shard_id=0))
    assert login is not None and "DISCORD_TOKEN" in login and "\n" not in login
    assert intents is not None and "Developer Portal" in intents and "\n" not in intents
    assert describe_startup_error(ValueError("a bug")) is None  # bugs keep their traceback


# -- the bot under SimCord ------------------------------------------------------


def test_bot_asks_for_no_privileged_intent() -> None:
    intents = bot_intents()
    assert intents.guilds
    assert not (intents.members or intents.presences or intents.message_content)


async def test_bot_starts_where_no_privileged_intent_is_approved(
    make_bot: Callable[[], RummyBot],
) -> None:
    async with simcord.run(make_bot(), approved_intents=discord.Intents.none()) as env:
        guild = env.create_guild("Strict")
        channel = guild.create_text_channel("rummy")
        member = guild.add_member(env.create_user("Alice"))
        result = await member.slash(channel, "about")
        assert result.ephemeral


async def test_only_a_bot_on_discord_logs_whom_it_connected_as_and_freezes_its_heap(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.app")
    # Without a token (the sandbox, SimCord) the line would say "in 0 servers": it stays out.
    # Once ready on Discord, the startup heap leaves full collections, which walked it during
    # players' moves (bench_bot's worst moves), and young collections come less often.
    threshold = gc.get_threshold()
    try:
        for token, on_discord in ((None, False), ("a-token", True)):
            gc.unfreeze()
            bot = RummyBot(Settings(token=token, db_path=tmp_path / f"{token}.sqlite3"))
            try:
                # A bot with a token asks Discord for its shard count; SimCord is told it.
                async with simcord.run(bot, shard_count=1):
                    pass
            finally:
                await bot.close_storage()
            assert ("connected as TestBot in 0 servers" in caplog.text) is on_discord
            assert (gc.get_freeze_count() > 0) is on_discord
            assert (gc.get_threshold()[0] == YOUNG_COLLECTION) is on_discord
    finally:
        gc.unfreeze()  # the test process keeps collecting everything, as it did
        gc.set_threshold(*threshold)


async def test_setup_hook_opens_the_database_and_syncs_commands(
    sim: Sim, bot_settings: Settings
) -> None:
    assert bot_settings.db_path.is_file()
    with sqlite3.connect(bot_settings.db_path) as db:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    assert "games" in tables  # the migrations ran
    assert await sim.bot.storage.unfinished_games() == []
    assert "cogs.meta" in EXTENSIONS and "cogs.meta" in sim.bot.extensions
    syncs = [r for r in sim.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert len(syncs) == 1 and "/guilds/" not in syncs[0].path
    assert "about" in sim.alice.available_commands(sim.channel)


async def test_about_answers_only_the_member_who_asked(sim: Sim) -> None:
    result = await sim.bruno.slash(sim.channel, "about")
    assert result.ephemeral
    assert result.response is not None
    text = result.response.content
    assert "Rummy Bot" in text and __version__ in text and "Gin Rummy" in text
    seen_by_alice = [m.content for m in sim.channel.history(viewer=sim.alice)]
    assert text not in seen_by_alice
    assert text in [m.content for m in sim.channel.history(viewer=sim.bruno)]


async def test_guild_id_syncs_commands_to_that_server_only(tmp_path: Path) -> None:
    settings = Settings(db_path=tmp_path / "g.sqlite3", guild_id=4242424242424242)
    bot = RummyBot(settings)
    try:
        async with simcord.run(bot) as env:
            home = env.create_guild("Home", id=settings.guild_id)
            other = env.create_guild("Elsewhere")
            home_member = home.add_member(env.create_user("Alice"))
            other_member = other.add_member(env.create_user("Bruno"))
            home_channel = home.create_text_channel("rummy")
            other_channel = other.create_text_channel("rummy")
            assert "about" in home_member.available_commands(home_channel)
            assert "about" not in other_member.available_commands(other_channel)
            paths = [r.path for r in env.http_requests if r.method == "PUT"]
            assert paths == [f"/applications/{bot.application_id}/guilds/4242424242424242/commands"]
    finally:
        await bot.close_storage()


async def test_restorers_run_after_storage_opens_and_one_failure_spares_the_rest(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    bot = RummyBot(Settings(db_path=tmp_path / "r.sqlite3"))
    seen: list[str] = []

    async def broken(b: RummyBot) -> None:
        raise RuntimeError("corrupt snapshot")

    async def working(b: RummyBot) -> None:
        seen.append(f"{len(await b.storage.unfinished_games())} unfinished")

    bot.add_game_restorer(broken)
    bot.add_game_restorer(working)
    try:
        async with simcord.run(bot):
            assert seen == ["0 unfinished"]
            assert "corrupt snapshot" in caplog.text
    finally:
        await bot.close_storage()


async def test_restart_reopens_the_same_database(sim: Sim, bot_settings: Settings) -> None:
    first = sim.bot
    await sim.bruno.slash(sim.channel, "about")
    second = await sim.restart()
    assert second is not first and sim.bot is second
    assert second.settings.db_path == bot_settings.db_path
    result = await sim.alice.slash(sim.channel, "about")
    assert result.ephemeral
    with pytest.raises(RuntimeError):
        first.storage  # noqa: B018 - the old bot's database is closed


async def test_a_bot_on_two_of_four_shards_answers_in_its_guilds(tmp_path: Path) -> None:
    settings = Settings(db_path=tmp_path / "s.sqlite3", shard_count=4, shard_ids=(1, 3))
    bot = RummyBot(settings)
    try:
        async with simcord.run(bot) as env:
            assert isinstance(bot, commands.AutoShardedBot)
            assert bot.shard_count == 4 and sorted(bot.shards) == [1, 3]
            for shard in (1, 3):
                guild = env.create_guild(f"Shard {shard}", shard_id=shard)
                assert bot.owns_guild(guild.id)
                assert bot.get_guild(guild.id).shard_id == shard  # type: ignore[union-attr]
                member = guild.add_member(env.create_user(f"Player {shard}"))
                result = await member.slash(guild.create_text_channel("rummy"), "about")
                assert result.ephemeral and result.response is not None
            assert not bot.owns_guild(env.create_guild("Elsewhere", shard_id=2).id)
    finally:
        await bot.close_storage()


def test_one_process_on_every_shard_owns_every_guild(tmp_path: Path) -> None:
    everything = RummyBot(Settings(db_path=tmp_path / "a.sqlite3", token="t"))
    assert everything.shard_count is None and everything.owns_guild(123 << 22)
    some = RummyBot(Settings(db_path=tmp_path / "b.sqlite3", shard_count=2, shard_ids=(1,)))
    assert some.owns_guild(1 << 22) and not some.owns_guild(2 << 22)


def test_env_example_copied_as_is_keeps_the_sandbox_apart() -> None:
    settings = Settings.load(environ={}, env_file=REPO / ".env.example")
    assert settings.token is None  # an empty token means: run the sandbox
    assert settings.for_sandbox().db_path == SANDBOX_DB
