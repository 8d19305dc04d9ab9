"""The one name for JSON data the bot keeps: engine snapshots, session meta, stored options."""

from __future__ import annotations

from typing import Any, TypeAlias

# A JSON object as json.loads returns it. The one place the bot, the host and the adapters let
# `Any` in for data: its values are whatever JSON holds, read field by field where used.
JsonDict: TypeAlias = dict[str, Any]
