"""Process settings, read from the environment and an optional `.env` file."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from bot.storage.postgres import is_postgres_url
from engine.text import small_int

DEFAULT_DB = Path("data/rummy.sqlite3")
SANDBOX_DB = Path("data/sandbox.sqlite3")
DEFAULT_SANDBOX_PORT = 8765
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
MAX_BOT_DELAY = 60.0
MAX_TURN_SECONDS = 3600
MAX_SHARD_COUNT = 65535  # far past any bot: Discord asks for one shard per 1,000-2,500 servers
DEFAULT_LEASE_SECONDS = 30.0
# A lease is renewed every third of it: below 3 s the renewals would crowd the database, and
# past an hour a dead process's games would wait too long for another to take them.
LEASE_SECONDS_RANGE = (3.0, 3600.0)
MAX_WORKERS = 64
_SECONDS = re.compile(r"[0-9]+(\.[0-9]+)?")


class SettingsError(ValueError):
    """A setting is missing or malformed; the message is one line for the user."""


@dataclass(frozen=True)
class Settings:
    """Everything the process reads from outside, validated."""

    token: str | None = None
    db_path: Path = DEFAULT_DB
    db_path_explicit: bool = False
    db_url: str | None = None  # RUMMY_DB naming a PostgreSQL database instead of a file
    log_level: str = "INFO"
    guild_id: int | None = None
    sandbox_port: int = DEFAULT_SANDBOX_PORT
    bot_delay: float | None = None  # seconds a computer waits before moving; None: the host's
    # The shortest turn `/rummy settings` accepts; None: the host's (15 s). The sandbox's
    # automated tests lower it to play 1-second turns; players never need less.
    min_turn_seconds: int | None = None
    # Discord's sharding: the total number of shards (None: Discord's recommended count) and
    # the ones this process runs (None: all of them), so several processes can split them.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    # How long a game's lease lasts (PostgreSQL): a dead process's games wait this long for
    # another to take them over; renewed every third of it.
    lease_seconds: float = DEFAULT_LEASE_SECONDS
    # Processes working out the hard computers' moves (100-500 ms each), so that no game
    # waits for another's hard computer; 0: on the event loop. Started at the first one.
    hard_workers: int = 1
    # Processes where the easy and normal computers decide, each keeping a copy of its games
    # (RUMMY_COMPUTER_WORKERS; unset: 1 on SQLite, whose one process carries every game, 0 on
    # PostgreSQL, whose load is split by running more processes); 0: on the event loop, as a
    # bot built in code (the tests: SimCord cannot see a worker's answer coming) and the
    # sandbox decide.
    computer_workers: int = 0

    @classmethod
    def load(
        cls, environ: Mapping[str, str] | None = None, env_file: Path | None = Path(".env")
    ) -> Settings:
        """Read settings; real environment variables win over the `.env` file."""
        values: dict[str, str] = {}
        if env_file is not None and env_file.is_file():
            values.update(parse_env_file(env_file))
        values.update(os.environ if environ is None else environ)
        return cls.from_mapping(values)

    @classmethod
    def from_mapping(cls, values: Mapping[str, str]) -> Settings:
        """Validate raw string values into settings."""
        raw_db = _text(values, "RUMMY_DB")
        url = raw_db if raw_db is not None and is_postgres_url(raw_db) else None
        shard_count = _shard_count(_text(values, "RUMMY_SHARD_COUNT"))
        return cls(
            token=_text(values, "DISCORD_TOKEN"),
            db_path=Path(raw_db) if raw_db and url is None else DEFAULT_DB,
            db_path_explicit=raw_db is not None,
            db_url=url,
            log_level=_log_level(_text(values, "RUMMY_LOG_LEVEL")),
            guild_id=_guild_id(_text(values, "RUMMY_GUILD_ID")),
            sandbox_port=_port(_text(values, "RUMMY_SANDBOX_PORT")),
            bot_delay=_bot_delay(_text(values, "RUMMY_BOT_DELAY")),
            min_turn_seconds=_min_turn(_text(values, "RUMMY_MIN_TURN_SECONDS")),
            shard_count=shard_count,
            shard_ids=_shard_ids(_text(values, "RUMMY_SHARDS"), shard_count),
            lease_seconds=_lease_seconds(_text(values, "RUMMY_LEASE_SECONDS")),
            hard_workers=_workers("RUMMY_HARD_WORKERS", _text(values, "RUMMY_HARD_WORKERS")),
            computer_workers=_workers("RUMMY_COMPUTER_WORKERS",
                                      _text(values, "RUMMY_COMPUTER_WORKERS"),
                                      default=computer_workers_by_default(url is not None)),
        )

    def for_sandbox(self) -> Settings:
        """Return the settings the local sandbox runs with."""
        # A sandbox must never write into the real bot's database by accident,
        # and its one simulated server has no RUMMY_GUILD_ID to sync to.
        db_path = self.db_path if self.db_path_explicit else SANDBOX_DB
        # Its computers decide on the loop: SimCord waits for a bot's work to settle before
        # it answers a click, and a worker's answer is work it cannot see end.
        return replace(self, token=None, db_path=db_path, guild_id=None, computer_workers=0)


def parse_env_file(path: Path) -> dict[str, str]:
    """Parse simple `KEY=VALUE` lines; `#` comments, blanks and `export ` are allowed."""
    values: dict[str, str] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        stripped = stripped.removeprefix("export ").lstrip()
        key, sep, value = stripped.partition("=")
        key = key.strip()
        parsed = _unquote(value.strip())
        if not sep or not key.replace("_", "").isalnum() or parsed is None:
            raise SettingsError(f"{path.name} line {number}: expected KEY=VALUE")
        values[key] = parsed
    return values


def _unquote(value: str) -> str | None:
    """Strip matching quotes or a trailing ` #` comment; None for an unclosed quote."""
    if value[:1] in ("'", '"'):
        end = value.find(value[0], 1)
        return None if end == -1 else value[1:end]
    # An unquoted value may carry a trailing comment, as in most .env dialects.
    return value.split(" #", 1)[0].rstrip()


def _text(values: Mapping[str, str], key: str) -> str | None:
    value = values.get(key, "").strip()
    return value or None


def _log_level(raw: str | None) -> str:
    if raw is None:
        return "INFO"
    level = raw.upper()
    if level not in LOG_LEVELS:
        raise SettingsError(f"RUMMY_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, got {raw!r}")
    return level


def _guild_id(raw: str | None) -> int | None:
    if raw is None:
        return None
    guild_id = small_int(raw, max_digits=20)  # Discord ids are 64-bit: at most 20 digits
    if not guild_id:
        raise SettingsError(f"RUMMY_GUILD_ID must be a server id (a positive number), got {raw!r}")
    return guild_id


def _port(raw: str | None) -> int:
    if raw is None:
        return DEFAULT_SANDBOX_PORT
    port = small_int(raw, max_digits=5)
    if port is None or port > 65535:
        raise SettingsError(f"RUMMY_SANDBOX_PORT must be a port number 0-65535, got {raw!r}")
    return port


def _bot_delay(raw: str | None) -> float | None:
    if raw is None:
        return None
    if not _SECONDS.fullmatch(raw) or float(raw) > MAX_BOT_DELAY:
        raise SettingsError(
            f"RUMMY_BOT_DELAY must be seconds from 0 to {MAX_BOT_DELAY:g}, got {raw!r}")
    return float(raw)


def _min_turn(raw: str | None) -> int | None:
    if raw is None:
        return None
    seconds = small_int(raw, max_digits=4)
    if not seconds or seconds > MAX_TURN_SECONDS:
        raise SettingsError(
            f"RUMMY_MIN_TURN_SECONDS must be whole seconds from 1 to {MAX_TURN_SECONDS}, "
            f"got {raw!r}")
    return seconds


def _shard_count(raw: str | None) -> int | None:
    if raw is None:
        return None
    count = small_int(raw, max_digits=5)
    if not count or count > MAX_SHARD_COUNT:
        raise SettingsError(
            f"RUMMY_SHARD_COUNT must be a shard count from 1 to {MAX_SHARD_COUNT}, got {raw!r}")
    return count


def _shard_ids(raw: str | None, count: int | None) -> tuple[int, ...] | None:
    """Read `0-3`, `0,2` or `0-1,4` into sorted shard ids below `count`."""
    if raw is None:
        return None
    if count is None:
        # Which shards are "0-3" of depends on the total: every process must agree on it.
        raise SettingsError(f"RUMMY_SHARDS needs RUMMY_SHARD_COUNT, got RUMMY_SHARDS={raw!r}")
    ids: list[int] = []
    for part in raw.split(","):
        first, dash, last = part.strip().partition("-")
        low, high = small_int(first.strip(), max_digits=5), small_int(last.strip(), max_digits=5)
        if low is None or (dash and (high is None or high < low)):
            raise SettingsError(
                f"RUMMY_SHARDS must list shard ids such as 0-3 or 0,2, got {raw!r}")
        ids.extend(range(low, (high if dash and high is not None else low) + 1))
    if len(set(ids)) != len(ids) or max(ids) >= count:
        raise SettingsError(
            f"RUMMY_SHARDS must name each shard once, from 0 to {count - 1}, got {raw!r}")
    return tuple(sorted(ids))


def computer_workers_by_default(postgres: bool) -> int:
    """Return RUMMY_COMPUTER_WORKERS unset: one on SQLite, whose one process carries every
    game; none on PostgreSQL, whose processes split the games (their workers would share the
    same cores: bench_load's p99 60 ms with them, 37 ms without, 2026-11-28)."""
    return 0 if postgres else 1


def _workers(name: str, raw: str | None, default: int = 1) -> int:
    if raw is None:
        return default
    workers = small_int(raw, max_digits=2)
    if workers is None or workers > MAX_WORKERS:
        raise SettingsError(f"{name} must be a number of processes from 0 to"
                            f" {MAX_WORKERS}, got {raw!r}")
    return workers


def _lease_seconds(raw: str | None) -> float:
    if raw is None:
        return DEFAULT_LEASE_SECONDS
    low, high = LEASE_SECONDS_RANGE
    if not _SECONDS.fullmatch(raw) or not low <= float(raw) <= high:
        raise SettingsError(
            f"RUMMY_LEASE_SECONDS must be seconds from {low:g} to {high:g}, got {raw!r}")
    return float(raw)
