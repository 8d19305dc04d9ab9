"""The Ramino adapter: what a timer plays for an absent player, and the words of each rule."""

from __future__ import annotations

import pytest

from card_images import PilesPanel, SeatRowsPanel, render_table
from cogs.adapters.base import option_text, rules_line
from cogs.adapters.ramino import RAMINO, stands_for
from cogs.host.scoresheet import sheet_rows, sheet_text
from engine.ramino import RaminoGame, RaminoOptions, preset
from tests.card_images.legibility import drawn_texts
from tests.engine.ramino.scripted import crafted, scripted

NAMES = ["Alice", "Bruno", "Chiara", "Dario"]
# Alice closes by discarding 2C after taking KS; Bruno is left with 70, Chiara with 5.
ALICE = "3H 4H 5H 6H 9S 9D 9C KC KD 2C"
BRUNO = "AS 3C 5D 7S 8D 10C JH QS 2D 4S"
CHIARA = "2H 2S 2D 7C 8C 9C QH QD QS 5S"
DARIO = "4C 4D 4H 6S 7S 8S 10D 10S 10H 9H"


def test_a_timer_takes_the_forced_upcard_and_never_closes_for_an_absent_player() -> None:
    game = scripted([ALICE, BRUNO, CHIARA], up="KS")
    assert RAMINO.default_move(game, 0) == "take"
    game.apply(0, "take")
    assert "close 2C" in [str(a) for a in game.legal_actions(0)]
    move = RAMINO.default_move(game, 0)
    assert move.startswith("discard ")  # a close is the player's own decision


def test_a_timer_draws_rather_than_taking_and_declines_a_re_entry() -> None:
    game = scripted([ALICE, BRUNO, CHIARA], up="KS")
    game.apply(0, "take")
    game.apply(0, "discard 2C")
    assert RAMINO.default_move(game, 1) == "draw"
    offered = scripted([ALICE, BRUNO, CHIARA, DARIO], up="KS",
                       options=preset("classic", reentry=True, elimination_limit=20))
    offered.apply(0, "take")
    offered.apply(0, "close 2C")
    assert offered.to_act() == [1]
    assert RAMINO.default_move(offered, 1) == "decline"


def test_the_table_says_who_is_out_who_came_back_and_how_far_each_is_from_the_limit() -> None:
    game = crafted({0: ALICE, 1: BRUNO, 2: CHIARA, 3: DARIO}, totals=[0, 120, 47, 90],
                   eliminated=[1], reentries=[0, 0, 0, 1])
    spec = RAMINO.table_spec(game, NAMES, "en")
    seats = spec.seats
    assert spec.panel(SeatRowsPanel).headings == ["cards", "total", "to go"]
    assert seats[1].out and seats[1].tags == ["out"] and seats[3].tags == ["back in"]
    assert (seats[2].score, seats[2].detail) == ("47", "54") and seats[1].detail == ""
    assert not seats[1].is_turn and not seats[0].out
    assert seats[1].card_count == 0 and seats[0].card_count == 10, "an out seat holds nothing"
    italian = RAMINO.table_spec(game, NAMES, "it")
    rows = italian.panel(SeatRowsPanel)
    assert rows.headings == ["carte", "totale", "al limite"]
    assert italian.seats[1].tags == ["fuori"] and rows.direction == "Giro ↓"


def play_out(game: RaminoGame) -> None:
    """Let the computer player finish the game for everybody."""
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(seat, RAMINO.choose(game, seat))


def test_the_score_sheet_leaves_blank_the_hands_an_out_player_sat_out() -> None:
    game = scripted([ALICE, BRUNO, CHIARA], up="KS", options=preset("classic",
                                                                   elimination_limit=20))
    game.apply(0, "take")
    game.apply(0, "close 2C")  # Bruno is out with 70; Alice and Chiara play on
    play_out(game)
    sheet = RAMINO.score_sheet(game)
    assert sheet.hands[0] == (0, 70, 5) and len(sheet.hands) > 1
    assert all(hand[1] is None for hand in sheet.hands[1:])
    rows = sheet_text(sheet, NAMES, "en", 2000).split("```")[1].strip().splitlines()
    assert rows[1].split()[:3] == ["1", "0", "70"] and rows[2].split()[2] == "–"
    assert rows[-1].split()[2] == "70"


def test_a_re_entry_is_a_row_of_the_score_sheet_so_it_adds_up() -> None:
    game = scripted([ALICE, BRUNO, CHIARA, DARIO], up="KS",
                    options=preset("classic", reentry=True, elimination_limit=20))
    game.apply(0, "take")
    game.apply(0, "close 2C")
    game.apply(1, "reenter")  # Bruno comes back at the highest total left
    back_at = game.totals[1]
    play_out(game)
    sheet = RAMINO.score_sheet(game)
    rows = sheet_rows(sheet, "en", 99)
    assert rows[-1] == ("Re-entry", (0, back_at - 70, 0, 0))
    assert sheet_rows(sheet, "it", 99)[-1][0] == "Rientro"
    for seat in range(4):
        assert sum(values[seat] or 0 for _, values in rows) == sheet.totals[seat]


def test_the_chips_table_counts_chips() -> None:
    game = crafted({0: ALICE, 1: BRUNO, 2: CHIARA}, players=3, options=preset("chips"),
                   totals=[13, 9, 1])
    spec = RAMINO.table_spec(game, NAMES, "en")
    assert spec.panel(SeatRowsPanel).headings == ["cards", "chips"]
    assert [(s.score, s.detail) for s in spec.seats] == [("13", ""), ("9", ""), ("1", "")]


def test_the_table_shows_the_last_discards_with_who_threw_them() -> None:
    game = scripted([BRUNO, ALICE, CHIARA], up="KS",
                    options=preset("classic", direction="reverse"))
    assert game.to_act() == [1]  # the dealer's right-hand neighbour, backwards
    game.apply(1, "take")
    game.apply(1, "discard 2C")
    spec = RAMINO.table_spec(game, NAMES, "en")
    piles = spec.panel(PilesPanel)
    assert piles.discard[-1] == "2C" and piles.by[-1] == "Br"
    assert piles.history == len(piles.discard) - 1
    assert spec.panel(SeatRowsPanel).direction == "Order ↑"


def test_a_ramino_close_doubles_the_charges_and_says_so() -> None:
    game = scripted(["3D 4D 5D 6D 7D 8D 9D 10D JD 2C", BRUNO, CHIARA], up="QD",
                    options=preset("classic", ramino_multiplier=2))
    game.apply(0, "take")
    ended = RAMINO.hand_end(game, game.apply(0, "close 2C"), NAMES, "en")
    assert ended is not None
    spec, lines = ended
    assert lines[:3] == ["Alice closed with a ramino (×2)!", "Alice: penalty 0 → 0 (total 0)",
                         "Bruno: penalty 70 ×2 → +140 (total 140)"]
    assert spec.title == "Hand 1: Alice closed with a ramino (×2)!"
    assert [r.points for r in spec.rows] == ["closed", "+140 (×2) · out", "+10 (×2)"]


def test_the_rules_summary_names_every_rule_a_table_changed() -> None:
    plain = RAMINO.rules_summary(RaminoOptions(), "en")
    assert plain[0].startswith("Form sets and runs in your hand (10 cards)")
    assert "Above 101 points you are out; the last player left wins." in plain
    changed = RAMINO.rules_summary(preset("points", joker_penalty=20, colore_multiplier=2,
                                          reentry=True, max_reentries=2, stake_per_point=5,
                                          elimination_limit=201), "en")
    text = "\n".join(changed)
    for words in ("at most 10 points in unmatched cards", "an unmatched joker costs 20",
                  "colore multiplies the others' penalties by 2", "up to 2 times",
                  "owes the winner 5 per point", "Above 201 points"):
        assert words in text, words
    chips = RAMINO.rules_summary(preset("chips"), "it")
    assert chips[-1] == ("10 mani, 10 gettoni a testa all'inizio; chi chiude vince un gettone "
                         "da ogni altro giocatore.")


def test_an_unlimited_rebuild_count_reads_as_unlimited() -> None:
    spec = RaminoOptions.spec("stock_rebuilds")
    assert option_text(spec, None, "en") == "Stock rebuilds: unlimited"
    assert option_text(spec, None, "it") == "Rifacimenti del mazzo: senza limite"
    assert spec.parse("unlimited") is None and spec.parse("2") == 2
    assert rules_line(RAMINO, "classic", {"stock_rebuilds": 1}, "en") == (
        "Rules: Classic (zero close, out above 101), changed: Stock rebuilds 1")


def test_a_joker_in_a_combination_says_which_card_it_stands_for() -> None:
    assert stands_for(["7H", "JK", "9H"]) == ["8H"]
    assert stands_for(["JK", "KD", "AD"]) == ["QD"]  # an ace after a king is high
    assert stands_for(["JK", "2H", "3H"]) == ["AH"]
    assert stands_for(["5D", "5C", "5S", "JK"]) == ["5H"]  # the one suit the set misses
    assert stands_for(["5D", "5C", "JK"]) == [""]  # two suits missing: left open
    assert stands_for(["7S", "8S", "9S"]) == []
    game = crafted({0: "7H 9H JK 3C 3D 3S KC KD KS 2C 4D"}, players=2, rest_to=1,
                   phase="discard")
    spec = RAMINO.hand_spec(game, 0, "suit", "en")
    assert ["7H", "JK", "9H"] in spec.melds and spec.joker_for == ["8H"]


def test_a_hand_laid_open_at_the_end_says_what_its_jokers_stood_for() -> None:
    game = scripted([ALICE, "7H JK 9H AS 3C 5D 10C QD 6S 4H", CHIARA], up="KS")
    game.apply(0, "take")
    ended = RAMINO.hand_end(game, game.apply(0, "close 2C"), NAMES, "en")
    assert ended is not None
    bruno = ended[0].rows[1]
    assert bruno.melds == [["7H", "JK", "9H"]] and bruno.joker_for == ["8H"]


def test_an_empty_pile_says_so_in_the_members_language(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    game = scripted([ALICE, BRUNO, CHIARA], up="KS")
    game.apply(0, "take")  # the upcard was the whole pile
    spec = RAMINO.table_spec(game, NAMES, "it")
    with drawn_texts(monkeypatch) as texts:
        render_table(spec)
    assert "vuoto" in [text for text, _, _ in texts]


def test_a_timer_takes_the_discard_rather_than_voiding_the_hand_for_an_absent_player() -> None:
    game = crafted({0: ALICE, 1: BRUNO, 2: CHIARA}, players=3, pile="5H 6H", stock="",
                   phase="draw", options=preset("classic", stock_rebuilds=0), rest_to=2)
    assert "draw" in [str(a) for a in game.legal_actions(0)]  # drawing would void the hand
    assert RAMINO.default_move(game, 0) == "take"
    rebuilt = crafted({0: ALICE, 1: BRUNO, 2: CHIARA}, players=3, pile="5H 6H", stock="",
                      phase="draw", rest_to=2)
    assert RAMINO.default_move(rebuilt, 0) == "draw"  # a rebuild keeps the hand going
