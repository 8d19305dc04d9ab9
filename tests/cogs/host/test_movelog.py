"""The table's running move log: its length, its fit in one message, and timer moves."""

from __future__ import annotations

from cogs.host.movelog import LOG_LINES, event_lines, extended, log_text
from cogs.limits import CONTENT
from cogs.registry import adapter_for
from engine.events import Drew
from engine.game import DrawnCard, Event
from engine.gin.events import Discarded

NAMES = ["Alice", "Bruno"]


def test_the_log_keeps_the_newest_lines_in_order() -> None:
    log = extended([], [f"move {n}" for n in range(5)])
    log = extended(log, [f"move {n}" for n in range(5, 12)])
    assert log == [f"move {n}" for n in range(12 - LOG_LINES, 12)]


def test_the_text_ends_with_the_status_in_bold() -> None:
    assert log_text(["Alice drew from the stock."], "Bruno's turn") == (
        "Alice drew from the stock.\n**Bruno's turn**")
    assert log_text([], "Alice's turn") == "**Alice's turn**"


def test_long_lines_drop_the_oldest_first_and_the_status_stays() -> None:
    lines = [f"{n} " + "x" * 400 for n in range(LOG_LINES)]
    text = log_text(lines, "Alice's turn")
    assert len(text) <= CONTENT
    assert text.endswith("**Alice's turn**")
    assert lines[-1] in text and lines[-2] in text and lines[0] not in text


def test_a_timers_moves_say_so_and_never_name_the_drawn_card() -> None:
    gin = adapter_for("gin")
    events = [Event("draw", 0, Drew(20), DrawnCard("7D")),
              Event("discard", 0, Discarded("KS"))]
    assert event_lines(gin, events, NAMES, "en", timed=0) == [
        "Time's up: Alice drew from the stock.", "Time's up: Alice discarded K♠\ufe0e."]
    assert event_lines(gin, events, NAMES, "it", timed=0) == [
        "Tempo scaduto: Alice ha pescato dal mazzo.", "Tempo scaduto: Alice ha scartato K♠\ufe0e."]
    # Nobody's clock: the plain lines.
    assert event_lines(gin, events, NAMES, "en", timed=None) == [
        "Alice drew from the stock.", "Alice discarded K♠\ufe0e."]


def test_a_timers_move_without_a_line_of_its_own_is_still_told() -> None:
    gin = adapter_for("gin")
    other = [Event("discard", 1, Discarded("KS")), Event("quiet", 0)]
    assert event_lines(gin, other, NAMES, "en", timed=0) == [
        "Time's up: the computer played for Alice.", "Bruno discarded K♠\ufe0e."]
