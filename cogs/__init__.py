"""Discord-facing code: slash commands, views and messages, one extension per module."""
