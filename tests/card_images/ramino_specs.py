"""Ramino pictures as its adapter will ask for them, captions in English or Italian.

The captions are written here the way the adapter's catalogue entries will say them;
the renderer only draws what it is given.
"""

from __future__ import annotations

from card_images import (
    HandEndRow,
    HandEndSpec,
    HandSpec,
    PilesPanel,
    SeatGridPanel,
    SeatRowsPanel,
    SeatSpec,
    TableSpec,
    seat_tags,
)

NAMES = ["Alice", "Computer 1", "Bartholomew", "Computer 3", "Dora", "Computer 5",
         "Computer 6", "Eve"]
TOTALS = [47, 80, 105, 12, 99, 0, 64, 30]
LIMIT = 101
PILE = ["2S", "9C", "KD", "JK", "7H", "QS", "10D"]

WORDS = {
    "en": {"title": "Ramino: hand 4", "turn": "{name}'s turn", "stock": "Stock: 41",
           "discard": "Discard", "order": "Order ↓", "dealer": "dealer", "out": "out",
           "back": "re-entered", "headings": ["cards", "total", "to go"],
           "footer": "Out above 101 points.", "hand": "Your hand: Ramino",
           "penalty": "Penalty", "end": "Hand 4 — Alice closes", "closed": "closed"},
    "it": {"title": "Ramino: mano 4", "turn": "Turno di {name}", "stock": "Tallone: 41",
           "discard": "Scarto", "order": "Giro ↓", "dealer": "mazziere", "out": "eliminato",
           "back": "rientrato", "headings": ["carte", "totale", "mancano"],
           "footer": "Si esce sopra i 101 punti.", "hand": "La tua mano: Ramino",
           "penalty": "Penalità", "end": "Mano 4 — Alice chiude", "closed": "chiude"},
}


def ramino_seat(i: int, locale: str, turn: int, out: bool = False,
                back: bool = False) -> SeatSpec:
    """Return seat `i` as Ramino shows it: figures for the score sheet, states as tags."""
    words = WORDS[locale]
    tags = [words["out"]] if out else [words["back"]] if back else []
    return SeatSpec(NAMES[i], 0 if out else 11 if i == turn else 10, str(TOTALS[i]),
                    is_turn=i == turn, note=words["dealer"] if i == 0 else "",
                    out=out, tags=tags, detail="" if out else str(LIMIT - TOTALS[i]))


def ramino_table(players: int, locale: str = "en", turn: int = 1, out: int | None = 2,
                 history: int = 4, direction: bool = True, rows: bool = True) -> TableSpec:
    """Return a Ramino table: seat `out` eliminated, Dora re-entered, the last discards.

    With `rows` the seats are score-sheet rows saying the order of play over them, else
    panels of a grid, the piles saying it.
    """
    words, tags = WORDS[locale], seat_tags(NAMES[:players])
    throwers = [""] + [tags[i % players] for i in range(1, len(PILE))]  # the upcard: nobody
    seats = [ramino_seat(i, locale, turn, out=i == out, back=i == 4) for i in range(players)]
    order = words["order"] if direction else ""
    piles = PilesPanel(stock_count=41, discard=list(PILE), stock_caption=words["stock"],
                       discard_caption=words["discard"], history=history, by=throwers,
                       direction="" if rows else order)
    seat_panel: SeatRowsPanel | SeatGridPanel = (
        SeatRowsPanel(seats, list(words["headings"]), order) if rows
        else SeatGridPanel(seats, note_no_melds=False))
    return TableSpec(title=words["title"], panels=[piles, seat_panel],
                     status=words["turn"].format(name=NAMES[turn]), footer=words["footer"])


ELEVEN = [["5C", "5D", "JK"], ["7H", "8H", "JK"], ["QS", "KS", "AS"]]


def ramino_hand(locale: str = "en") -> HandSpec:
    """Return an 11-card hand: three combinations with two jokers, then twin loose cards."""
    words = WORDS[locale]
    cards = [c for meld in ELEVEN for c in meld] + ["2D", "2D"]
    return HandSpec(cards, melds=ELEVEN, loose=["2D", "2D"], loose_value=4,
                    title=words["hand"], highlight=["2D"], loose_label=words["penalty"],
                    joker_for=["5S", "9H"])


END_ROWS = [
    ([["3H", "4H", "5H", "6H"], ["9S", "9D", "9C"], ["KC", "KD", "KS"]], [], 0, None),
    ([["7C", "8C", "9C"], ["JD", "JH", "JS"]], ["AS", "5D", "KH", "JK"], 47, "+47 → 127"),
    ([["2S", "3S", "JK"], ["QH", "QD", "QC", "QS"]], ["4D", "8H", "10C"], 22, "+22 → 57"),
    ([], ["AS", "3D", "5H", "7C", "9S", "JD", "KC", "2H", "4S", "6D"], 63, "+63 → 75"),
    ([["5C", "5D", "5H"], ["10H", "JH", "QH"], ["7S", "8S", "9S"]], ["AD"], 1, "+1 → 100"),
    ([["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C"]], [], 0, "0 → 0"),
    ([["4S", "4H", "JK"], ["8D", "9D", "10D"]], ["KS", "KH", "QD", "2C"], 42, "+42 → 106"),
]


def ramino_hand_end(locale: str = "en", rows: int = 7) -> HandEndSpec:
    """Return the end of a hand of seven: Alice closed, every other hand charged."""
    words = WORDS[locale]
    return HandEndSpec(words["end"], [
        HandEndRow(NAMES[i], melds, [], loose, value, points or words["closed"],
                   loose_label=words["penalty"])
        for i, (melds, loose, value, points) in enumerate(END_ROWS[:rows])])
