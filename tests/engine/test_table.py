"""The shared table melds: ids, sides as owners, credits, declared jokers, one meld per rank."""

from __future__ import annotations

import json

import pytest

from engine.cards import Card, joker
from engine.errors import IllegalMove, InvalidMeld, NoSuchMeld
from engine.table import Entry, Table, TableMeld, meld_id, parse_meld_id


def card(text: str, deck: int = 0) -> Card:
    return Card.parse(text, deck)


def round_trip(table: Table, one_meld_per_rank: bool = False) -> Table:
    return Table.from_list(json.loads(json.dumps(table.to_list())), one_meld_per_rank)


@pytest.mark.parametrize("index, expected", [
    (0, "A"), (1, "B"), (25, "Z"), (26, "AA"), (27, "AB"), (51, "AZ"), (52, "BA"),
    (701, "ZZ"), (702, "AAA"),
])
def test_meld_ids_run_a_to_z_then_aa(index: int, expected: str) -> None:
    assert meld_id(index) == expected


def test_the_table_names_melds_in_order_past_26() -> None:
    table = Table()
    ids = [table.add(0, "set", rank=r % 13 + 1).id for r in range(30)]
    assert ids[:3] == ["A", "B", "C"]
    assert ids[25:] == ["Z", "AA", "AB", "AC", "AD"]
    assert table.get("ab") is table.melds[27]  # ids are typed in any case
    assert len(table) == 30 and list(table) == table.melds


def test_an_unknown_id_is_refused() -> None:
    table = Table()
    table.add(0, "set", rank=7)
    with pytest.raises(NoSuchMeld) as err:
        table.get("b")
    assert err.value.params == {"meld": "b"}


def test_each_card_is_credited_to_the_seat_that_placed_it() -> None:
    table = Table()
    run = table.add(1, "run", suit="H", low=5)
    for i, text in enumerate(("5H", "6H", "7H")):
        run.place(Entry(card(text), 1, 5 + i), "high")
    run.place(Entry(card("4H"), 0, 4, "layoff"), "low")
    run.place(Entry(card("8H"), 2, 8, "claim"), "high")
    assert [c.text for c in run.cards] == ["4H", "5H", "6H", "7H", "8H"]
    assert (run.low, run.high, run.points) == (4, 8, 4 + 5 + 6 + 7 + 8)
    assert table.credits(1) == {"meld": 18}
    assert table.credits(0) == {"layoff": 4}
    assert table.credits(2) == {"claim": 8}
    assert table.credits(3) == {}


def test_owners_are_sides_and_partners_are_credited_apart() -> None:
    # Canasta with four players: side 0 is seats 0 and 2, side 1 is seats 1 and 3
    table = Table(one_meld_per_rank=True)
    sevens = table.add(0, "group", rank=7)
    sevens.place(Entry(card("7H"), 0, 5), "high")
    sevens.place(Entry(card("7S"), 0, 5), "high")
    sevens.place(Entry(card("7D"), 2, 5, "layoff"), "high")
    kings = table.add(1, "group", rank=13)
    kings.place(Entry(card("KH"), 3, 10), "high")
    assert table.owned_by(0) == [sevens] and table.owned_by(1) == [kings]
    assert table.credits(0) == {"meld": 10} and table.credits(2) == {"layoff": 5}
    assert [e.by for e in sevens.entries] == [0, 0, 2]


def test_one_meld_per_rank_finds_the_sides_meld_and_refuses_a_second() -> None:
    table = Table(one_meld_per_rank=True)
    sevens = table.add(0, "group", rank=7)
    assert table.of_rank(0, 7) is sevens
    assert table.of_rank(1, 7) is None  # the other side may open its own sevens
    assert table.of_rank(0, 8) is None
    theirs = table.add(1, "group", rank=7)
    assert table.of_rank(1, 7) is theirs
    with pytest.raises(InvalidMeld) as err:
        table.add(0, "group", rank=7)
    assert err.value.params == {"rank": 7}
    assert len(table) == 2


def test_without_the_option_a_side_may_hold_two_sets_of_a_rank() -> None:
    table = Table()
    first = table.add(0, "set", rank=7)
    table.add(0, "set", rank=7)
    assert len(table) == 2 and table.of_rank(0, 7) is first


def test_runs_are_not_ranked_melds() -> None:
    table = Table(one_meld_per_rank=True)
    table.add(0, "run", suit="S", rank=0, low=3)
    table.add(0, "run", suit="H", rank=0, low=3)
    assert table.of_rank(0, 0) is None and len(table) == 2


def test_a_declared_joker_keeps_what_it_stands_for_through_json() -> None:
    table = Table()
    run = table.add(0, "run", suit="H", low=5)
    run.place(Entry(card("5H"), 0, 5), "high")
    run.place(Entry(joker(), 0, 25, stands_for=card("6H")), "high")
    run.place(Entry(card("7H"), 1, 7, "layoff"), "high")
    assert run.declared() == "5H JK(6H) 7H"
    data = run.to_dict()["cards"][1]
    assert data == {"card": "JK", "by": 0, "value": 25, "how": "meld", "as": "6H"}
    back = round_trip(table).melds[0]
    assert back == run
    assert back.entries[1].stands_for == card("6H") and back.entries[1].card.is_joker
    assert back.declared() == "5H JK(6H) 7H"


def test_copies_from_another_pack_stay_apart_through_json() -> None:
    table = Table(one_meld_per_rank=True)
    group = table.add(1, "group", rank=9)
    for deck in (0, 1, 2):
        group.place(Entry(card("9C", deck), 1, 5), "high")
    back = round_trip(table, one_meld_per_rank=True)
    assert [c.deck for c in back.melds[0].cards] == [0, 1, 2]
    assert len(set(back.melds[0].cards)) == 3
    assert back.one_meld_per_rank and back == table


def test_a_one_pack_meld_keeps_the_rummy_500_format() -> None:
    # the format Rummy 500 snapshots were saved in before this module existed
    saved = {"id": "B", "owner": 2, "kind": "run", "suit": "S", "rank": 0, "low": 1,
             "cards": [{"card": "AS", "by": 2, "value": 5, "how": "meld"},
                       {"card": "2S", "by": 2, "value": 5, "how": "meld"},
                       {"card": "3S", "by": 0, "value": 5, "how": "claim"}]}
    meld = TableMeld.from_dict(saved)
    assert (meld.id, meld.owner, meld.kind, meld.suit, meld.low, meld.high) == (
        "B", 2, "run", "S", 1, 3)
    assert [e.stands_for for e in meld.entries] == [None, None, None]
    assert meld.to_dict() == saved
    assert list(meld.to_dict()) == list(saved)


def test_a_low_lay_off_extends_the_run_downwards() -> None:
    meld = TableMeld("A", 0, "run", "D", 0, 9)
    meld.place(Entry(card("9D"), 0), "high")
    meld.place(Entry(card("10D"), 0), "high")
    meld.place(Entry(card("8D"), 1, how="layoff"), "low")
    assert (meld.low, meld.high, [c.text for c in meld.cards]) == (8, 10, ["8D", "9D", "10D"])


def test_a_typed_meld_id_is_read_in_any_case_and_nothing_else_is() -> None:
    assert parse_meld_id("ab") == "AB"
    for word in ("7", "Ä", "ABCD", "A1", ""):
        with pytest.raises(IllegalMove):
            parse_meld_id(word)
