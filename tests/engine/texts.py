"""What a view or an event payload shows: every text in it, as a player's client would read it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import asdict
from typing import Any


def strings(payload: Any) -> set[str]:
    """Return every text in a view or payload (a dataclass), read back from its JSON form."""
    def walk(x: Any) -> Iterator[str]:
        if isinstance(x, str):
            yield x
        elif isinstance(x, dict):
            for v in x.values():
                yield from walk(v)
        elif isinstance(x, list):
            for v in x:
                yield from walk(v)
    return set(walk(json.loads(json.dumps(asdict(payload)))))
