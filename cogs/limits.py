"""Discord's limits on what a message carries, and cutting text to fit them."""

from __future__ import annotations

CONTENT = 2000  # characters of a message's content
BUTTON_LABEL = 80
OPTION_TEXT = 100  # a select option's label, value or description
OPTIONS = 25  # options of one select
PLACEHOLDER = 150
CUSTOM_ID = 100
ECHO = 100  # characters of a member's own text that an answer repeats


def cut(text: str, limit: int) -> str:
    """Return the text cut to `limit` characters, ending with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
