"""`python -m bot.ratings rebuild [DATABASE]`: rebuild every ladder from the results table.

DATABASE is a SQLite file or a PostgreSQL URL (default: RUMMY_DB, as the bot reads it). The
rebuilt ratings are the ones the games gave as they ended (bot/storage/ratings.py says how).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from bot.settings import Settings
from bot.storage import open_storage


async def rebuild(target: str) -> int:
    """Rebuild the ladders of the database at `target`; return how many games were rated."""
    storage = await open_storage(target)
    try:
        return await storage.rebuild_ratings()
    finally:
        await storage.close()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m bot.ratings", description=__doc__)
    parser.add_argument("command", choices=["rebuild"])
    parser.add_argument("database", nargs="?", help="SQLite file or PostgreSQL URL")
    args = parser.parse_args(argv)
    settings = Settings.load()
    target = args.database or settings.db_url or str(settings.db_path)
    games = asyncio.run(rebuild(target))
    print(f"Rebuilt the ratings from {games} rated games.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
