"""Mahjong gin: pile takes by depth, open melds and lay-offs, both seats scoring (gin.md)."""

from __future__ import annotations

import json

import pytest

from engine.cards import Card, parse_cards
from engine.errors import BadOption, RulesError
from engine.gin import GinGame, GinOptions, MahjongGin, parse_action, preset
from engine.gin.actions import LayOff, MeldCards, TakeDiscard, TakePile
from engine.gin.ai import choose_action
from engine.gin.deadwood import meld_rules
from engine.gin.mahjong import hand_value, mahjong_value
from engine.melds import make_meld
from engine.table import Entry, Table

from ..texts import strings
from .scripted import scripted

MJ = preset("mahjong")
# Seat 0 (A) does not deal. Upcard 8C; A draws 9H and throws 3H, B draws 7D and throws 5D:
# the pile is then … 8C 3H 5D, as in worked example 17, with A to play.
A_HAND = "8H 8S 3H 10D JD QD AH AS AC 5H"
B_HAND = "2C 3C 4C 5D KH 9S 6H 2S 4H 9D"
STOCK = "9H 7D 5C 6S"


def example_17(a_hand: str = A_HAND, stock: str = STOCK) -> GinGame:
    """Play to A's third turn, the pile ending 8C 3H 5D."""
    g = scripted(a_hand, B_HAND, upcard="8C", stock=stock, options=MJ)
    for seat, text in ((0, "pass"), (1, "pass"), (0, "draw"), (0, "discard 3H"),
                       (1, "draw"), (1, "discard 5D")):
        g.apply(seat, text)
    assert [c.text for c in g.discard[-3:]] == ["8C", "3H", "5D"] and g.turn == 0
    return g


def refused(g: GinGame, seat: int, text: str, code: str) -> None:
    """The action is refused with this code and nothing changes."""
    before = json.dumps(g.to_json(), sort_keys=True)
    with pytest.raises(RulesError) as err:
        g.apply(seat, text)
    assert err.value.code == code, err.value
    assert json.dumps(g.to_json(), sort_keys=True) == before


def legal(g: GinGame, seat: int) -> set[str]:
    return {str(a) for a in g.legal_actions(seat)}


# --- options, values, text forms ---------------------------------------------------------


def test_the_mahjong_preset_is_the_rules_file_row() -> None:
    assert (MJ.play_style, MJ.knock_rule, MJ.big_gin, MJ.target_score) == (
        "mahjong", "none", False, 500)
    assert (MJ.game_bonus, MJ.line_bonus, MJ.shutout_double, MJ.mahjong_gin_bonus) == (
        0, 0, False, 25)
    assert GinOptions(play_style="mahjong").mahjong


@pytest.mark.parametrize("bad", [{"match_format": "hollywood"}, {"deep_discard_pickup": True}])
def test_mahjong_refuses_what_it_cannot_combine_with(bad: dict[str, object]) -> None:
    with pytest.raises(BadOption) as err:
        GinOptions.from_dict({"play_style": "mahjong", **bad})
    assert err.value.params["key"] in bad


def test_mahjong_card_values() -> None:
    values = {t: mahjong_value(Card.parse(t)) for t in ("AS", "2H", "5D", "9C", "10S", "JH", "KD")}
    assert values == {"AS": 15, "2H": 5, "5D": 5, "9C": 5, "10S": 10, "JH": 10, "KD": 10}
    assert hand_value(parse_cards("KH 9S")) == 15


@pytest.mark.parametrize("text, action", [
    ("take 3", TakePile(3)), ("take 1", TakeDiscard()), ("take", TakeDiscard()),
    ("meld 8C,8H,8S", MeldCards(((Card.parse("8C"), Card.parse("8H"), Card.parse("8S")),))),
    ("layoff 9D B", LayOff(Card.parse("9D"), "B")),
    ("layoff 9D b low", LayOff(Card.parse("9D"), "B", "low")),
])
def test_actions_print_and_parse(text: str, action: object) -> None:
    assert parse_action(text) == action
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["take 0", "take x", "meld 8C,,8H", "layoff 9D", "layoff 9D 1"])
def test_bad_action_texts_are_refused(text: str) -> None:
    with pytest.raises(RulesError):
        parse_action(text)


# --- worked example 17 -------------------------------------------------------------------


def test_example_17_depth_three_is_legal_with_8h_8s_and_owes_8c() -> None:
    g = example_17()
    moves = legal(g, 0)
    assert {"draw", "take", "take 3"} <= moves and "take 2" not in moves  # 3H has no use
    refused(g, 0, "take 2", "pile_card_owed")
    g.apply(0, "take 3")
    assert [c.text for c in g.hands[0][-3:]] == ["8C", "3H", "5D"] and g.owed == Card.parse("8C")
    assert g.public_view().owed == "8C"
    refused(g, 0, "discard 5H", "pile_card_owed")  # 8C not used yet
    assert not any(m.startswith("discard") for m in legal(g, 0))
    assert "meld 8S,8H,8C" in legal(g, 0)  # sets listed in suit order
    g.apply(0, "meld 8C,8H,8S")
    assert g.owed is None and "discard 5H" in legal(g, 0)
    refused(g, 0, "discard 3H", "taken_card_discard")  # taken this turn, not the last card


def test_example_17_depth_three_is_illegal_without_a_use_for_8c_depth_one_is_free() -> None:
    g = example_17(A_HAND.replace("8S", "KS"))
    refused(g, 0, "take 3", "pile_card_owed")
    assert "take 3" not in legal(g, 0) and "take" in legal(g, 0)
    g.apply(0, "take")  # depth 1: 5D, no obligation
    assert g.owed is None and g.hands[0][-1] == Card.parse("5D")
    g.apply(0, "discard KS")


def test_example_17_scores_115_and_5() -> None:
    g = MahjongGin(MJ, seed=3)
    g.table = Table()
    for seat, cards, layoff in ((0, "8C 8H 8S", ""), (0, "10D JD QD", ""), (0, "AH AS AC", ""),
                                (1, "2C 3C 4C", "5C")):
        kind = "set" if cards[0] == cards[3] or cards.startswith("A") else "run"
        meld = g.table.add(seat, kind, suit="" if kind == "set" else cards[-1],
                           rank=parse_cards(cards)[0].rank, low=parse_cards(cards)[0].rank)
        for card in parse_cards(cards):
            meld.place(Entry(card, seat, mahjong_value(card)), "high")
        for card in parse_cards(layoff):
            meld.place(Entry(card, 1 - seat if seat == 0 else seat, mahjong_value(card),
                             "layoff"), "high")
    g.hands = [[], parse_cards("KH 9S")]
    tally = g.tally(0)
    assert tally.put_down == (90, 20) and tally.held == (0, 15) and tally.bonus == (25, 0)
    assert tally.totals == (115, 5)


# --- a whole hand: lay-off on the opponent's meld, gin by the discard, both scored -------


def test_a_hand_to_gin_by_the_discard_scores_both_seats() -> None:
    g = example_17()
    g.apply(0, "take 3")
    g.apply(0, "meld 8C,8H,8S 10D,JD,QD AH,AS,AC")
    assert [m.id for m in g.table] == ["A", "B", "C"]
    g.apply(0, "discard 9H")  # holds 5H 3H 5D
    g.apply(1, "draw")  # 5C
    g.apply(1, "meld 2C,3C,4C,5C")
    refused(g, 1, "layoff 9D A", "does_not_fit")
    refused(g, 1, "layoff 9D Z", "no_such_meld")
    g.apply(1, "layoff 9D B")  # on A's meld, credited to B
    b_meld = g.table.get("B")
    assert [e.card.text for e in b_meld.entries] == ["9D", "10D", "JD", "QD"]
    assert (b_meld.owner, b_meld.entries[0].by, b_meld.entries[0].how) == (0, 1, "layoff")
    view = g.public_view()
    assert view.put_down == (105 - 15, 25)
    shown = {m.id: m for m in view.melds}
    assert shown["B"].cards == ("9D", "10D", "JD", "QD") and shown["D"].owner == 1
    assert [(e.by, e.how, e.value) for e in shown["B"].entries][:2] == [
        (1, "layoff", 5), (0, "meld", 10)]
    g.apply(1, "discard 4H")
    g.apply(0, "take")
    g.apply(0, "meld 3H,4H,5H")
    events = g.apply(0, "discard 5D")  # the last card: gin by the discard
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["discard", "gin", "hand_end"]
    report = events[2].public.result
    assert report.mahjong.put_down == (105, 25) and report.mahjong.held == (0, 30)
    assert report.mahjong.totals == (130, -5) and report.winner == 0
    assert g.scores().running == (130, -5) and g.hand_no == 2 and not g.table.melds


def test_a_meld_that_leaves_the_owed_card_no_use_is_refused() -> None:
    g = example_17("7H 8H 8S 9H 3H 10D JD QD AH 2D", stock="10C 7D")
    g.apply(0, "take 3")
    refused(g, 0, "meld 7H,8H,9H", "pile_card_owed")
    g.apply(0, "meld 10D,JD,QD")  # leaves 8C its set: allowed
    g.apply(0, "meld 8C,8H,8S")
    assert g.owed is None


def test_gin_by_lay_offs_ends_the_hand_without_a_discard() -> None:
    g = scripted("2C 3C 4C 5D 6D 7D 8H 9H 10H KC", "AS 2S 3S 4H 5H 6H 7C 8C 9C KD",
                 upcard="JH", stock="2D QH", options=MJ)
    g.apply(0, "take_upcard")
    g.apply(0, "meld 2C,3C,4C 5D,6D,7D 8H,9H,10H")
    refused(g, 0, "discard JH", "taken_card_discard")  # KC is still held
    g.apply(0, "discard KC")
    g.apply(1, "draw")
    g.apply(1, "discard KD")
    g.apply(0, "draw")  # QH
    g.apply(0, "layoff JH C")
    events = g.apply(0, "layoff QH C")
    assert [e.kind for e in events[:3]] == ["layoff", "gin", "hand_end"]
    tally = events[2].public.result.mahjong
    assert tally.put_down == (70, 0) and tally.held == (0, 60) and tally.totals == (95, -60)


def test_no_knock_and_no_big_gin_in_mahjong() -> None:
    g = example_17()
    g.apply(0, "draw")
    refused(g, 0, "knock 5H", "illegal_move")
    refused(g, 0, "big_gin", "illegal_move")
    assert not any(m.startswith(("knock", "big_gin")) for m in legal(g, 0))


def test_mahjong_moves_are_refused_outside_their_step_and_in_closed_gin() -> None:
    g = example_17()
    refused(g, 0, "meld 10D,JD,QD", "wrong_phase")
    refused(g, 0, "take 9", "illegal_move")
    g.apply(0, "draw")
    refused(g, 0, "take 3", "wrong_phase")
    refused(g, 0, "meld 10D,JD,AH", "invalid_meld")
    refused(g, 0, "meld 10D,JD,KD", "card_not_in_hand")
    closed = scripted(A_HAND, B_HAND, upcard="8C", stock=STOCK)
    refused(closed, 0, "take 1", "wrong_phase")
    closed.apply(0, "take_upcard")
    refused(closed, 0, "meld 10D,JD,QD", "illegal_move")


def test_dead_hand_scores_nothing_and_is_redealt() -> None:
    g = scripted(A_HAND, B_HAND, upcard="8C", stock="", options=MJ)
    g.stock = g.stock[:3]
    g.apply(0, "pass")
    g.apply(1, "pass")
    g.apply(0, "draw")
    events = g.apply(0, "discard 3H")
    end = next(e for e in events if e.kind == "hand_end").public.result
    assert end.kind == "dead" and end.mahjong is None and g.scores().running == (0, 0)


def test_equal_totals_past_the_target_play_another_hand() -> None:
    m = MahjongGin(MJ, seed=1).match
    assert m.record_all((300, 300), 0) == []
    assert m.record_all((250, 250), 1) == [] and not m.over and m.tied() == [0, 1]
    ended = m.record_all((10, -20), 0)
    assert m.over and m.winner == 0 and ended[0].totals == (560, 530)


def test_a_mahjong_game_round_trips_through_json_mid_turn() -> None:
    g = example_17()
    g.apply(0, "take 3")
    g.apply(0, "meld 10D,JD,QD")
    again = MahjongGin.from_json(json.loads(json.dumps(g.to_json())))
    assert again.to_json() == g.to_json() and again.owed == Card.parse("8C")
    assert legal(again, 0) == legal(g, 0)


def test_the_card_just_taken_may_go_as_the_last_card_going_gin() -> None:
    g = scripted("2C 3C 4C 5D 6D 7D 8H 9H 10H JH", "AS 2S 3S 4H 5H 6H 7C 8C 9C KD",
                 upcard="KS", options=MJ)
    g.apply(0, "take_upcard")
    refused(g, 0, "discard KS", "taken_card_discard")
    g.apply(0, "meld 2C,3C,4C 5D,6D,7D 8H,9H,10H,JH")
    assert legal(g, 0) == {"discard KS"}  # the last card: now it may go
    events = g.apply(0, "discard KS")
    tally = next(e for e in events if e.kind == "hand_end").public.result.mahjong
    assert tally.put_down == (60, 0) and tally.totals == (85, -65)  # B holds 15 + 8 × 5 + 10


def test_the_public_view_shows_the_table_but_no_card_still_held() -> None:
    g = example_17()
    g.apply(0, "take 3")
    g.apply(0, "meld 10D,JD,QD")
    held = {str(c) for h in g.hands for c in h}
    shown = strings(g.public_view())
    assert {"10D", "JD", "QD"} <= shown and not {"10D", "JD", "QD"} & held
    assert shown & held <= {"8C", "3H", "5D"}  # taken from the pile, in front of everybody


def test_mahjong_with_wrapping_runs_plays_to_the_end_with_valid_melds() -> None:
    opts = GinOptions.from_dict({**MJ.to_dict(), "aces": "high_low_wrap", "target_score": 150})
    g = MahjongGin(opts, seed=4)
    rules = meld_rules(True)
    for _ in range(5000):
        if g.is_over:
            break
        seat = g.to_act()[0]
        g.apply(seat, choose_action(g.private_view(seat)))
        for meld in g.table:
            make_meld(meld.cards, rules)
    assert g.is_over and max(g.scores().running) >= 150


def test_wrapping_runs_meld_and_take_lay_offs_round_the_corner() -> None:
    opts = GinOptions.from_dict({**MJ.to_dict(), "aces": "high_low_wrap"})
    g = scripted("QH KH AH 3D 5D 7S 9C JD 2S 4D", "2C 3C 4C 6D 8H 9S 6H 10S 4S 9D",
                 upcard="2H", options=opts)
    g.apply(0, "take_upcard")
    assert "meld QH,KH,AH" in legal(g, 0) and "layoff 2H A" not in legal(g, 0)
    g.apply(0, "meld QH,KH,AH")
    assert "layoff 2H A" in legal(g, 0)
    g.apply(0, "layoff 2H A")
    assert [c.text for c in g.table.get("A").cards] == ["QH", "KH", "AH", "2H"]
