"""Logging for the process: one readable line per record on stderr."""

from __future__ import annotations

import logging
import sys

FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"

# Libraries whose DEBUG records carry what must stay private: discord.py logs every payload
# (a DM's hand, its prompt), the database drivers every statement with its parameters (each
# saved snapshot: every hand, the stock, the seed). They never log below INFO.
QUIET_LIBRARIES = ("discord", "aiosqlite", "asyncpg")


def setup_logging(level: str) -> None:
    """Send log records at `level` and above to stderr."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT, datefmt="%H:%M:%S"))
    handler.addFilter(_drop_voice_warnings)
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    quiet = max(logging.getLevelName(level), logging.INFO)
    for name in QUIET_LIBRARIES:
        logging.getLogger(name).setLevel(quiet)


def _drop_voice_warnings(record: logging.LogRecord) -> bool:
    """Hide discord.py's start-up notes about missing voice libraries: we use no voice."""
    return not (
        record.name == "discord.client" and "voice will NOT be supported" in str(record.msg)
    )
