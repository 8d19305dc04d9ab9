"""A table's settings: the record's preset and what its `options` JSON holds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TypedDict, Unpack

from bot.jsondata import JsonDict
from bot.storage import GameRecord

_KNOWN = ("rules", "turn_seconds", "hand_delivery", "locale")


class SettingChanges(TypedDict, total=False):
    """The settings a table's host may change."""

    preset: str
    rules: Mapping[str, object]
    turn_seconds: int
    hand_delivery: str
    locale: str


@dataclass(frozen=True)
class TableSettings:
    """How one table plays: preset, rule overrides, turn time, hand delivery, language.

    Stored as the game record's `preset` column and its `options` JSON
    (`rules`, `turn_seconds`, `hand_delivery`, `locale`); keys it does not know
    are kept as they are. Rows written before a key existed read its default.
    """

    preset: str
    rules: Mapping[str, object] = field(default_factory=dict)
    turn_seconds: int = 0
    hand_delivery: str = "dm"  # "dm", or "channel": the "My hand" button answers ephemerally
    locale: str = "en"  # the language of the table's public messages
    extra: Mapping[str, object] = field(default_factory=dict)

    @classmethod
    def of(cls, record: GameRecord) -> TableSettings:
        """Read a game record's settings."""
        return cls.from_options(record.preset, record.options)

    @classmethod
    def from_options(cls, preset: str, options: JsonDict) -> TableSettings:
        """Read settings from a preset and an `options` mapping as storage keeps it."""
        return cls(
            preset=preset,
            rules=dict(options.get("rules") or {}),
            turn_seconds=int(options.get("turn_seconds", 0)),
            hand_delivery=str(options.get("hand_delivery", "dm")),
            locale=str(options.get("locale", "en")),
            extra={k: v for k, v in options.items() if k not in _KNOWN},
        )

    def to_options(self) -> JsonDict:
        """Return the `options` JSON object storage keeps (the preset has its own column)."""
        return {"rules": dict(self.rules), "turn_seconds": self.turn_seconds,
                "hand_delivery": self.hand_delivery, "locale": self.locale, **self.extra}

    def changed(self, **changes: Unpack[SettingChanges]) -> TableSettings:
        """Return a copy with some settings changed."""
        return replace(self, **changes)
