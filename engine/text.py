"""Reading numbers out of what players type, one way for every game.

`str.isdigit()` also accepts superscripts (²), other scripts' digits (٣) and
mathematical letters (𝟐) that `int()` either refuses or silently reads, and `int()`
of thousands of digits trips Python's integer-string limit. A player's number is a
short run of ASCII digits, and nothing else.
"""

from __future__ import annotations

ASCII_DIGITS = frozenset("0123456789")


def small_int(text: str, max_digits: int = 9) -> int | None:
    """Return the number that 1 to `max_digits` ASCII digits stand for, else None."""
    if not 0 < len(text) <= max_digits or not ASCII_DIGITS.issuperset(text):
        return None
    return int(text)
