"""The PostgreSQL backend (asyncpg): the storage several bot processes can share."""

from bot.storage.postgres.backend import PostgresStorage, is_postgres_url, open_postgres
from bot.storage.postgres.connection import redacted

__all__ = ["PostgresStorage", "is_postgres_url", "open_postgres", "redacted"]
