"""Numbers as players type them: short runs of ASCII digits, nothing else."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.text import small_int


@pytest.mark.parametrize(("typed", "number"), [("0", 0), ("7", 7), ("10", 10), ("007", 7),
                                               ("123456789", 123456789)])
def test_ascii_digits_read_as_their_number(typed: str, number: int) -> None:
    assert small_int(typed) == number


@pytest.mark.parametrize("typed", [
    "", " 7", "7 ", "-1", "+1", "1_0", "1.0", "0x1", "1e3",
    "²", "³", "¹⁰", "𝟐", "٣", "०", "７", "Ⅻ", "½", "1²",
    "1234567890",  # one digit past the default limit
    "9" * 5000,    # past Python's integer-string limit: refused, never a ValueError
])
def test_anything_else_is_not_a_number(typed: str) -> None:
    assert small_int(typed) is None


def test_the_limit_is_the_callers() -> None:
    assert small_int("10", max_digits=2) == 10
    assert small_int("100", max_digits=2) is None
    assert small_int("1" * 30, max_digits=30) == int("1" * 30)


@settings(max_examples=300, derandomize=True)
@given(st.text(max_size=12))
def test_any_text_is_a_number_exactly_when_it_prints_back(text: str) -> None:
    number = small_int(text)
    if number is None:
        assert not (text.isascii() and text.isdigit() and len(text) <= 9)
    else:
        assert int(text) == number and text.isascii()
