"""The SQLite backend of the storage contract (aiosqlite, one file, WAL mode).

No sqlite3 type or error leaves this package: public methods raise the errors
of `bot.storage.records`, with the driver's exception chained.
"""

from bot.storage.sqlite.backend import SqliteStorage, open_sqlite

__all__ = ["SqliteStorage", "open_sqlite"]
