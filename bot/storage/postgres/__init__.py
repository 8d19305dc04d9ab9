"""The PostgreSQL backend (asyncpg): the storage several bot processes can share."""

from bot.storage.postgres.backend import PostgresStorage, is_postgres_url, open_postgres

__all__ = ["PostgresStorage", "is_postgres_url", "open_postgres"]
