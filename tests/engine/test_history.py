"""The public history both pile games keep: cards seen going into a hand, cards shunned."""

from __future__ import annotations

from engine.cards import Card
from engine.history import PublicHistory


class Table(PublicHistory):
    """Three seats and their history, nothing else."""

    @property
    def players(self) -> int:
        return 3


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def test_a_take_is_known_until_shown_and_clears_what_the_seat_shunned() -> None:
    t = Table()
    t.clear_history()
    t.note_passed(1, Card.parse("9C"))
    t.note_thrown(1, Card.parse("KD"))
    t.note_taken(1, cards("7H 7S"))
    assert (t.known, t.shunned) == ([[], ["7H", "7S"], []], [[], [], []])
    t.note_shown(1, cards("7H 2C"))  # a card never seen going in changes nothing
    t.note_thrown(1, Card.parse("7S"))
    assert (t.known, t.shunned) == ([[], [], []], [[], ["7S"], []])


def test_the_history_goes_into_the_snapshot_and_the_view_and_an_old_snapshot_loads() -> None:
    t = Table()
    t.clear_history()
    t.note_taken(0, cards("QH"))
    t.note_passed(2, Card.parse("4D"))
    again = Table()
    again.load_history(t.history_json())
    assert again.history_view() == {"known": (("QH",), (), ()), "shunned": ((), (), ("4D",))}
    again.load_history({})  # saved before the history existed
    assert again.history_view() == {"known": ((), (), ()), "shunned": ((), (), ())}
