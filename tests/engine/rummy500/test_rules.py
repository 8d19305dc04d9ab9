"""Rummy 500 rules beyond the worked examples: options, errors, dealing, ends of hands and games."""

from __future__ import annotations

import json
from dataclasses import asdict, replace
from typing import Any

import pytest

from engine.cards import Card, make_deck, parse_cards
from engine.errors import (
    BadCard,
    BadOption,
    BadState,
    CardNotInHand,
    DoesNotFit,
    FirstMeldTooLow,
    GameOver,
    IllegalMove,
    InvalidMeld,
    KeyCardUnused,
    NoSuchMeld,
    NotOpened,
    NotYourTurn,
    RulesError,
    StockEmpty,
    SystemOnly,
    WrongPhase,
)
from engine.rummy500 import (
    PRESETS,
    ClaimRummy,
    DeclineDiscards,
    Discard,
    DrawStock,
    EndClaims,
    LayOff,
    MeldCards,
    NameSpecial,
    Rummy500Game,
    Rummy500Options,
    TakeDiscards,
    parse_action,
    preset,
)
from engine.rummy500.errors import (
    ClaimTooLate,
    DeadEnd,
    LastCardPlayable,
    MustDrawStock,
    NoSuchPosition,
    OwnDiscard,
    StockNotEmpty,
)
from engine.rummy500.events import Announced, Declined, DrawnCard, Drew
from engine.rummy500.views import ClaimWindow

from ..played import refused
from .scripted import crafted, event, kinds, scripted

C = Card.parse


def texts(game: Rummy500Game, seat: int) -> list[str]:
    return [str(a) for a in game.legal_actions(seat)]


# --- options -----------------------------------------------------------------------------


def test_defaults_match_the_options_table() -> None:
    o = Rummy500Options()
    assert o.to_dict() == {
        "top_card_free": False, "draw_stock_until_opened": False, "min_first_meld": 0,
        "go_out_without_discard": "never", "last_discard_unplayable": False,
        "reuse_discards": 0, "rummy_rule": True, "rummy_call": "manual",
        "rummy_window_seconds": 10, "target_score": 500, "elimination_score": None,
        "win_by_closing_only": False, "game_mode": "points", "closings_to_win": 2,
        "special_card": None, "special_card_value": 40, "special_card_per_hand": False,
        "scala40_values": False}
    assert Rummy500Options.from_dict(o.to_dict()) == o


@pytest.mark.parametrize("key,value", [
    ("min_first_meld", -1), ("elimination_score", 0), ("elimination_score", 5),
    ("rummy_window_seconds", 0), ("special_card", "JK"), ("special_card", "ZZ"),
    ("special_card", "qs"), ("go_out_without_discard", "sometimes"), ("rummy_call", "shout"),
    ("game_mode", "race"), ("reuse_discards", -1), ("target_score", 0),
    ("closings_to_win", 0), ("special_card_value", 0), ("top_card_free", "yes"),
    ("min_first_meld", 1.5), ("elimination_score", True),
])
def test_invalid_options_are_refused(key: str, value: Any) -> None:
    with pytest.raises(BadOption) as info:
        Rummy500Options(**{key: value})
    assert info.value.code == "bad_option" and info.value.params == {"key": key, "value": value}


def test_from_dict_refuses_unknown_keys_and_presets() -> None:
    with pytest.raises(BadOption) as info:
        Rummy500Options.from_dict({"jokers": 2})
    assert info.value.params["key"] == "jokers"
    assert next(iter(PRESETS)) == "standard" and PRESETS["standard"] == Rummy500Options()
    it = PRESETS["italian"]
    assert (it.min_first_meld, it.draw_stock_until_opened, it.go_out_without_discard,
            it.last_discard_unplayable, it.reuse_discards, it.elimination_score) == (
        40, True, "seed_redraw", True, 1, -101)
    assert PRESETS["closings"].game_mode == "closings"
    assert PRESETS["announce"].rummy_call == "announce"
    assert preset("scala40", target_score=300).target_score == 300
    with pytest.raises(BadOption):
        preset("nope")


@pytest.mark.parametrize("players", [1, 6])
def test_two_to_five_players(players: int) -> None:
    with pytest.raises(BadOption):
        Rummy500Game(players=players)


# --- actions as text ---------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "draw", "take 3 7C,7D,7S 9H,9S,9D", "take 5", "decline", "meld 4C,5C,6C 9S,9H,9D",
    "layoff 8D B", "layoff AS B high", "discard 4S", "claim 8H B", "claim AS B low",
    "end_claims", "special QS", "special none",
])
def test_actions_round_trip_as_text(text: str) -> None:
    action = parse_action(text)
    assert str(action) == text and parse_action(str(action)) == action


def test_parsed_shapes() -> None:
    assert parse_action("take 3 7C,7D,7S") == TakeDiscards(3, (tuple(parse_cards("7C 7D 7S")),))
    assert parse_action("layoff AS B high") == LayOff(C("AS"), "B", "high")
    assert parse_action("claim 8H b") == ClaimRummy(C("8H"), "B", None)
    assert parse_action("special none") == NameSpecial(None)
    assert isinstance(parse_action("draw"), DrawStock)
    assert isinstance(parse_action("decline"), DeclineDiscards)
    assert isinstance(parse_action("end_claims"), EndClaims)
    assert isinstance(parse_action("meld 2C,3C,4C"), MeldCards)
    assert parse_action("discard 10h") == Discard(C("10H"))


@pytest.mark.parametrize("text,error", [
    ("discard XX", BadCard), ("meld 4C,ZZ,6C", BadCard), ("discard JK", BadCard),
    ("", IllegalMove), ("jump", IllegalMove), ("take x", IllegalMove),
    ("layoff 8D", IllegalMove), ("layoff 8D B sideways", IllegalMove),
    ("meld 4C,,5C", IllegalMove), ("draw now", IllegalMove), ("layoff 8D 7", IllegalMove),
])
def test_malformed_text(text: str, error: type[RulesError]) -> None:
    with pytest.raises(error):
        parse_action(text)


# --- dealing -----------------------------------------------------------------------------


def test_dealing_order_face_up_card_and_first_player() -> None:
    deck = [c.text for c in make_deck()]
    g = Rummy500Game(players=3, decks=[deck], first_dealer=1)
    for seat, offset in ((2, 0), (0, 1), (1, 2)):  # the player after the dealer gets card 0
        assert [c.text for c in g.hands[seat]] == deck[offset:21:3]
    assert g.pile == [C(deck[21])] and g.stock[0] == C(deck[22]) and len(g.stock) == 30
    assert g.turn == 2 and g.to_act() == [2] and g.phase == "draw"
    assert "take 1" not in texts(g, 2)  # the face-up card is taken only into a new meld


def test_first_player_may_take_the_face_up_card_into_a_meld() -> None:
    g = scripted(["2C 9D JS KH 5S 5D QD", "3D 9C 9H 7S 2H 7H 4C", "2D 10C 10H 6S 3S 8H KD",
                  "AD JC JH 8S 6D 9S KS"], up="5H")
    assert "take 1 5S,5H,5D" in texts(g, 0)
    e = event(g.apply(0, "take 1 5S,5H,5D"), "take")
    assert e.public.melds[0].id == "A" and g.opened[0]


def test_dealer_rotates_and_first_dealer_comes_from_the_seed() -> None:
    dealers = {Rummy500Game(players=4, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    g = crafted({0: "2D", 1: "KC", 2: "2C"}, melds=[(0, "KH KD KS")], players=3, dealer=0)
    g.apply(0, "discard 2D")
    assert g.dealer == 1 and g.turn == 2 and [len(h) for h in g.hands] == [7, 7, 7]
    assert [m.id for m in g.public_view().melds] == []


# --- ends of games -----------------------------------------------------------------------


def _finish(totals: list[int], opts: Rummy500Options, **extra: Any) -> tuple[Any, Rummy500Game]:
    """P1 goes out scoring 0; P2 holds KC (−10); P3 holds 2C (−5)."""
    g = crafted({0: "2D", 1: "KC", 2: "2C"}, players=3, totals=totals, options=opts,
                dealer=0, **extra)
    return g.apply(0, "discard 2D"), g


def test_elimination_last_one_standing_wins() -> None:
    opts = Rummy500Options(elimination_score=-101)
    events, g = _finish([0, -95, -96], opts)
    end = event(events, "hand_end").public
    assert end.eliminated == (1, 2) and g.winner == 0 and g.is_over
    assert event(events, "game_end").public.winner == 0


def test_elimination_at_exactly_the_score_and_dealer_skips_the_eliminated() -> None:
    opts = Rummy500Options(elimination_score=-101)
    events, g = _finish([0, -91, -95], opts)  # -101 out, -100 stays
    assert event(events, "hand_end").public.eliminated == (1,)
    assert g.eliminated == {1} and g.winner is None
    assert g.dealer == 2 and g.turn == 0  # seat 1 is skipped as dealer
    assert [len(h) for h in g.hands] == [7, 0, 7] and len(g.stock) == 52 - 14 - 1
    refused(g, 1, "draw", NotYourTurn)
    assert g.public_view().seats[1].eliminated


def test_elimination_of_everybody_eliminates_nobody() -> None:
    opts = Rummy500Options(elimination_score=-101)
    events, g = _finish([-101, -91, -96], opts)
    assert event(events, "hand_end").public.eliminated == () and g.eliminated == set()
    assert g.winner is None and g.hand_no == 2


def test_ties_at_target_play_another_hand_with_three_players() -> None:
    events, g = _finish([500, 510, 100], Rummy500Options())  # 500, 500, 95
    assert "game_end" not in kinds(events) and g.winner is None
    events, g = _finish([505, 510, 100], Rummy500Options())
    assert g.winner == 0


def test_win_by_closing_only() -> None:
    opts = Rummy500Options(win_by_closing_only=True)
    events, g = _finish([400, 700, 0], opts)  # P2 at 690 but did not go out
    assert event(events, "hand_end").public.totals == (400, 690, -5)
    assert g.winner is None and "game_end" not in kinds(events)
    _, g = _finish([500, 700, 0], opts)  # the closer wins at 500 although P2 has more
    assert g.winner == 0


def test_closings_mode_counts_closings_not_points() -> None:
    opts = Rummy500Options(game_mode="closings", closings_to_win=2)
    events, g = _finish([900, 0, 0], opts)
    assert g.winner is None and g.closings == [1, 0, 0]
    events, g = _finish([0, 0, 0], opts, closings=[1, 1, 0])
    assert g.winner == 0 and event(events, "game_end").public.closings == (2, 1, 0)


def test_closings_mode_stock_exhaustion_counts_for_nobody() -> None:
    g = crafted({0: "5D 2C", 1: "KD QC", 2: "9C 3D"}, players=3, stock="", rest_to=0,
                options=Rummy500Options(game_mode="closings", rummy_rule=False),
                closings=[1, 1, 1])
    events = g.apply(0, "discard 2C")
    end = event(events, "hand_end").public
    assert (end.reason, end.out) == ("stock", None)
    assert g.closings == [1, 1, 1] and g.winner is None


def test_game_over_refuses_everything() -> None:
    _, g = _finish([0, -95, -96], Rummy500Options(elimination_score=-101))
    assert g.to_act() == [] and g.legal_actions(0) == [] and g.phase == "over"
    refused(g, 0, "draw", GameOver)
    refused(g, 0, "end_claims", GameOver)


# --- special card per hand ---------------------------------------------------------------


def test_special_card_per_hand_named_by_the_dealer() -> None:
    opts = Rummy500Options(special_card_per_hand=True, special_card="QS")
    g = Rummy500Game(opts, players=3, seed=5, first_dealer=2)
    assert g.phase == "special" and g.to_act() == [2] and g.hand_no == 0
    assert len(g.legal_actions(2)) == 53 and g.legal_actions(0) == []
    refused(g, 0, "special 7H", NotYourTurn)
    refused(g, 2, "draw", WrongPhase)
    refused(g, 2, "special JK", BadCard)
    events = g.apply(2, "special 7H")
    assert kinds(events) == ["special", "deal"] and event(events, "deal").public \
        .special_card == "7H"
    assert g.values.special_card == "7H" and g.public_view().special_card == "7H"
    assert g.phase == "draw" and g.turn == 0 and len(g.hands[0]) == 7
    refused(g, 0, "special 7H", WrongPhase)


def test_special_card_per_hand_asks_again_after_each_hand() -> None:
    opts = Rummy500Options(special_card_per_hand=True)
    g = crafted({0: "2D", 1: "7H QS"}, players=2, options=opts, special="7H")
    end = event(g.apply(0, "discard 2D"), "hand_end").public
    assert end.seats[1].in_hand == 40 + 10
    assert g.phase == "special" and g.to_act() == [g.dealer]
    g.apply(g.dealer, "special none")
    assert g.special is None and g.phase == "draw"


# --- draw step ---------------------------------------------------------------------------


def test_draw_stock_until_opened() -> None:
    opts = Rummy500Options(draw_stock_until_opened=True)
    g = scripted(["2C 9D JS KH 5S 5D QD", "3D 9C 9H 7S 2H 7H 4C", "2D 10C 10H 6S 3S 8H KD",
                  "AD JC JH 8S 6D 9S KS"], up="5H", options=opts)
    assert texts(g, 0) == ["draw"]
    err = refused(g, 0, "take 1 5S,5H,5D", MustDrawStock)
    assert err.params == {"reason": "not_opened"}


def test_take_errors() -> None:
    g = crafted({1: "7D 7S QH 3C 5S 6H 8D", 0: "9H 9D"}, pile="7C 2H 9S KD 4C", turn=1,
                phase="draw")
    refused(g, 1, "take 6 7C,7D,7S", NoSuchPosition)
    refused(g, 1, "take 0", NoSuchPosition)
    refused(g, 1, "take 1 7C,7D,QH", InvalidMeld)
    refused(g, 1, "take 1 7C,7D,7S 5S,6H", InvalidMeld)
    refused(g, 1, "take 1 7C,7D,7S,7H", CardNotInHand)
    refused(g, 1, "take 1 7C,7D,7S 7C,7D,7S", InvalidMeld)
    refused(g, 1, "take 2 7C,7D,7S", CardNotInHand)  # 7C stays below the key card
    refused(g, 1, "take 3 5S,6H,8D", InvalidMeld)
    refused(g, 1, "take 5 3C,4C,5S", InvalidMeld)
    refused(g, 1, "meld 7D,7S,7C", WrongPhase)
    refused(g, 1, "discard 7D", WrongPhase)
    refused(g, 0, "draw", NotYourTurn)
    refused(g, 1, "decline", StockNotEmpty)


def test_take_with_other_taken_cards_in_a_second_meld_and_discarded() -> None:
    g = crafted({1: "7D 7S JH 3C 4C", 0: "9H 9D"}, pile="7C 2H 5C QH KH", turn=1, phase="draw")
    g.apply(1, "take 1 7C,7D,7S 3C,4C,5C")
    assert sorted(g.hands[1]) == sorted(parse_cards("JH 2H QH KH"))
    assert "meld JH,QH,KH" in texts(g, 1)
    g.apply(1, "discard KH")  # a taken card may go straight back


def test_min_first_meld_by_a_take_with_several_melds() -> None:
    opts = Rummy500Options(min_first_meld=40)
    g = crafted({1: "7D 7S JH QH 2C 9C", 0: "9H 9D"}, pile="7C 2H KH", turn=1, phase="draw",
                options=opts)
    err = refused(g, 1, "take 1 7C,7D,7S", FirstMeldTooLow)
    assert err.params == {"minimum": 40, "points": 15}
    takes = [a for a in g.legal_actions(1) if isinstance(a, TakeDiscards)]
    assert takes and all(len(a.melds) == 2 for a in takes)
    g.apply(1, "take 1 7C,7D,7S JH,QH,KH")
    assert g.opened[1]


def test_empty_stock_draw_and_decline() -> None:
    g = crafted({0: "5D 2C", 1: "KD QC", 2: "9C 3D"}, players=3, stock="", rest_to=0, turn=1,
                phase="draw")
    refused(g, 1, "draw", StockEmpty)
    assert texts(g, 1)[0] == "decline"


# --- Decisions 23 and 24 -----------------------------------------------------------------


def _window_with_empty_stock(next_hand: str, **kw: Any) -> Rummy500Game:
    """P1 discards 8H onto 2C with an empty stock; P3 owns run 5H 6H 7H."""
    return crafted({0: "8H 4S", 1: next_hand, 2: "KD 3D"}, players=3, stock="", rest_to=0,
                   melds=[(2, "5H 6H 7H")], pile="2C", **kw)


def test_decision_23_auto_decline_waits_for_the_window() -> None:
    g = _window_with_empty_stock("KC QD")
    events = g.apply(0, "discard 8H")
    assert "decline" not in kinds(events) and g.claim_open and g.to_act() == [1]
    assert texts(g, 1) == ["decline"]
    events = g.apply(-1, "end_claims")
    assert kinds(events)[:3] == ["claims_closed", "decline", "hand_end"]
    assert event(events, "decline").public == Declined(auto=True)


def test_decision_23_take_judged_on_the_pile_after_the_claim() -> None:
    g = _window_with_empty_stock("8S 8D KC")
    g.apply(0, "discard 8H")
    assert "take 2 8S,8H,8D" in texts(g, 1)
    events = g.apply(2, "claim 8H A")  # the card P2 could take is gone: he is declined for
    assert kinds(events)[:4] == ["claim", "claims_closed", "decline", "hand_end"]

    g = _window_with_empty_stock("8S 8D KC")
    g.apply(0, "discard 8H")
    events = g.apply(-1, "end_claims")
    assert kinds(events) == ["claims_closed"] and g.to_act() == [1]
    g.apply(1, "take 2 8S,8H,8D")


def test_decision_23_without_rummy_rule_the_discard_declines_at_once() -> None:
    g = _window_with_empty_stock("KC QD", options=Rummy500Options(rummy_rule=False))
    events = g.apply(0, "discard 8H")
    assert kinds(events)[:3] == ["discard", "decline", "hand_end"]
    assert not event(events, "discard").public.claim_window


def test_explicit_decline_during_the_window_and_reuse_limit() -> None:
    g = _window_with_empty_stock("KC QD", options=Rummy500Options(reuse_discards=1))
    g.apply(0, "discard 8H")
    events = g.apply(1, "decline")
    assert kinds(events) == ["claims_closed", "decline", "reuse", "draw"]
    assert g.stock == [C("8H")] and g.reuses == 1
    g.apply(1, "discard KC")
    g.apply(2, "draw")
    events = g.apply(2, "discard KD")
    assert g.stock == [] and g.claim_open
    g.apply(-1, "end_claims")  # seat 0 could take the kings: he is not declined for
    assert g.to_act() == [0] and texts(g, 0)[0] == "decline"
    events = g.apply(0, "decline")  # the one reuse of the hand is spent: the hand ends
    assert "hand_end" in kinds(events) and "reuse" not in kinds(events)


def _redraw(stock: str, reuse: int = 0, **kw: Any) -> Rummy500Game:
    """seed_redraw: P2 emptied his hand last turn; P1 discards 9H onto 9C 9D."""
    opts = Rummy500Options(go_out_without_discard="seed_redraw", reuse_discards=reuse)
    return crafted({0: "9H 4S", 1: "", 2: "KD 3D"}, players=3, options=opts, stock=stock,
                   rest_to=0 if stock == "" else None, melds=[(1, "5H 6H 7H")], pile="9C 9D",
                   **kw)


def test_seed_redraw_must_draw_then_lay_off_or_discard() -> None:
    g = _redraw("8H 5D 6C 2S")
    g.apply(0, "discard 9H")
    assert texts(g, 1) == ["draw"]
    err = refused(g, 1, "take 1 9C,9D,9H", MustDrawStock)
    assert err.params == {"reason": "empty_hand"}
    g.apply(1, "draw")
    assert g.hands[1] == [C("8H")] and texts(g, 1) == ["layoff 8H A"]
    refused(g, 1, "discard 8H", LastCardPlayable)
    events = g.apply(1, "layoff 8H A")
    assert "empty_hand" in kinds(events) and g.turn == 2 and g.hands[1] == []
    g.apply(2, "draw")
    g.apply(2, "discard 3D")
    g.apply(-1, "end_claims")
    g.apply(0, "draw")
    g.apply(0, "discard 4S")
    g.apply(1, "draw")  # 2S fits nothing: he must discard it and goes out
    assert texts(g, 1) == ["discard 2S"]
    end = event(g.apply(1, "discard 2S"), "hand_end").public
    assert (end.reason, end.out) == ("out", 1)


def test_decision_24_empty_hand_and_empty_stock() -> None:
    g = _redraw("")
    g.apply(0, "discard 9H")
    events = g.apply(-1, "end_claims")
    end = event(events, "hand_end").public
    assert (end.reason, end.out) == ("stock", None)

    g = _redraw("", reuse=1)
    g.apply(0, "discard 9H")
    events = g.apply(-1, "end_claims")
    assert kinds(events) == ["claims_closed", "decline", "reuse", "draw"]
    assert g.hands[1] == [C("9C")] and texts(g, 1) == ["discard 9C"]
    assert event(g.apply(1, "discard 9C"), "hand_end").public.out == 1


# --- play step ---------------------------------------------------------------------------


def test_play_errors() -> None:
    opts = Rummy500Options(last_discard_unplayable=True)
    g = crafted({0: "9D 4S 5C", 1: "QD 2H"}, melds=[(1, "6D 7D 8D"), (1, "KC KH KD KS")],
                options=opts)
    refused(g, 0, "layoff 9D A", NotOpened)
    refused(g, 0, "discard QH", CardNotInHand)
    refused(g, 0, "draw", WrongPhase)
    refused(g, 0, "meld 9D,4S,5C", InvalidMeld)
    g = crafted({0: "9D 4S AS", 1: "QD 2H"}, melds=[(1, "6D 7D 8D"), (1, "KC KH KD KS"),
                                                      (0, "2C 3C 4C")], options=opts)
    refused(g, 0, "layoff 9D Z", NoSuchMeld)
    refused(g, 0, "layoff 4S A", DoesNotFit)
    refused(g, 0, "layoff 9D A low", DoesNotFit)
    refused(g, 0, "layoff AS B", DoesNotFit)  # a set holds at most 4
    refused(g, 0, "layoff QH A", CardNotInHand)
    g.apply(0, "layoff 9D A high")  # naming the only end is accepted
    g.apply(0, "discard 4S")
    g = crafted({0: "9D", 1: "QD 2H"}, melds=[(1, "6D 7D 8D"), (0, "2C 3C 4C")], options=opts)
    err = refused(g, 0, "discard 9D", LastCardPlayable)
    assert err.params == {"card": "9D", "melds": ["A"]}


def test_the_free_card_left_alone_is_a_dead_end() -> None:
    opts = Rummy500Options(top_card_free=True)
    g = crafted({0: "6S", 1: "KD QC"}, melds=[(0, "7S 8S 9S")], pile="AC", phase="draw",
                options=opts)
    g.apply(0, "take 1")
    err = refused(g, 0, "layoff 6S A", DeadEnd)
    assert err.params == {"card": "AC"}
    assert texts(g, 0) == ["discard 6S"]
    opts = replace(opts, go_out_without_discard="seed_redraw")
    g = crafted({0: "6S", 1: "KD QC"}, melds=[(0, "7S 8S 9S")], pile="AC", phase="draw",
                options=opts)
    g.apply(0, "take 1")
    refused(g, 0, "layoff 6S A", DeadEnd)  # the ace would fit nothing: he would be stuck
    g = crafted({0: "6S", 1: "KD QC"}, melds=[(0, "7S 8S 9S"), (1, "AS AH AD")], pile="AC",
                phase="draw", options=opts)
    g.apply(0, "take 1")
    g.apply(0, "layoff 6S A")  # the ace can still be played
    assert texts(g, 0) == ["layoff AC B"]
    assert "empty_hand" in kinds(g.apply(0, "layoff AC B"))


def test_runs_never_pass_13_cards_or_wrap() -> None:
    g = crafted({0: "2H KD 9S", 1: "8D 4H"},
                melds=[(1, "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"), (1, "QH KH AH"),
                       (1, "AD 2D 3D")], opened=[0])
    assert not any(t.startswith("layoff") for t in texts(g, 0))


def test_claim_errors_and_the_next_player_claiming_before_drawing() -> None:
    g = crafted({0: "8H 2C 4S", 1: "KD QD", 2: "9C 3D", 3: "JS 4D"},
                melds=[(0, "5H 6H 7H"), (1, "10C 10D 10S")])
    refused(g, 1, "claim 8H A", ClaimTooLate)  # no window yet
    g.apply(0, "discard 8H")
    assert g.claim_targets(1) == [ClaimRummy(C("8H"), "A")] and g.claim_targets(0) == []
    assert g.claim_targets(2) == []  # not opened
    refused(g, 0, "claim 8H A", OwnDiscard)
    refused(g, 1, "claim 2C A", ClaimTooLate)  # an older or other card
    refused(g, 1, "claim 8H B", DoesNotFit)
    refused(g, 1, "claim 8H C", NoSuchMeld)
    refused(g, 2, "claim 8H A", NotOpened)
    refused(g, 9, "claim 8H A", NotYourTurn)
    assert not any(str(a).startswith(("claim", "end_claims")) for a in g.legal_actions(1))
    g.apply(1, "claim 8H A")
    assert g.to_act() == [1] and g.phase == "draw"
    refused(g, -1, "end_claims", ClaimTooLate)
    g.apply(1, "draw")


def test_announce_reveals_claimable_discards_only() -> None:
    def play(call: str, card: str) -> tuple[list[Any], Rummy500Game]:
        g = crafted({0: "8H 2C 4S", 1: "KD QD"}, melds=[(0, "5H 6H 7H")],
                    options=Rummy500Options(rummy_call=call))
        return g.apply(0, f"discard {card}"), g
    events, g = play("announce", "8H")
    assert event(events, "rummy_announce").public == Announced(card="8H", fits=("A",))
    assert g.public_view().claim == ClaimWindow(open=True, card="8H", discarder=0, fits=("A",))
    events, g = play("announce", "2C")
    assert "rummy_announce" not in kinds(events) and g.claim_open
    events, g = play("manual", "8H")
    assert "rummy_announce" not in kinds(events) and g.public_view().claim.fits is None
    assert g.claimable and g.claim_open


def test_no_window_without_rummy_rule_and_end_claims_from_the_session_only() -> None:
    g = crafted({0: "8H 2C 4S", 1: "KD QD"}, melds=[(0, "5H 6H 7H")],
                options=Rummy500Options(rummy_rule=False))
    assert not event(g.apply(0, "discard 8H"), "discard").public.claim_window
    assert not g.claim_open and g.claim_targets(1) == []
    g = crafted({0: "8H 2C 4S", 1: "KD QD"}, melds=[(0, "5H 6H 7H")])
    g.apply(0, "discard 2C")
    for seat in (0, 1, 2, 3):  # the discarder or anyone else would stop the others claiming
        refused(g, seat, "end_claims", SystemOnly)
    assert g.claim_open
    g.apply(-1, "end_claims")
    assert not g.claim_open and g.pile[-1] == C("2C")


def test_immediate_go_out_by_a_take() -> None:
    opts = Rummy500Options(go_out_without_discard="immediate")
    g = crafted({1: "7D 7S", 0: "9H 9D"}, pile="7C", turn=1, phase="draw", options=opts)
    end = event(g.apply(1, "take 1 7C,7D,7S"), "hand_end").public
    assert end.out == 1 and end.seats[1].hand_score == 15


# --- views and persistence ---------------------------------------------------------------


def test_views_hide_hands_and_drawn_cards() -> None:
    g = scripted(["2C 9D JS KH 5S 5D QD", "3D 9C 9H 7S 2H 7H 4C", "2D 10C 10H 6S 3S 8H KD",
                  "AD JC JH 8S 6D 9S KS"], up="5H", stock="QC")
    draw = event(g.apply(0, "draw"), "draw")
    assert draw.public == Drew(52 - 29 - 1) and draw.private == DrawnCard("QC")
    public = json.dumps(asdict(g.public_view()))
    assert not hasattr(g.public_view(), "hand") and "QC" not in public
    mine = g.private_view(0)
    assert "QC" in mine.hand and mine.legal and mine.seat == 0
    assert g.public_view().seats[0].cards == 8


def test_json_round_trip_mid_hand_with_an_open_window() -> None:
    g = crafted({0: "8H 2C 4S", 1: "KD QD", 2: "9C 3D", 3: "JS 4D"},
                melds=[(0, "5H 6H 7H"), (1, "10C 10D 10S")])
    g.apply(0, "discard 8H")
    data = json.loads(json.dumps(g.to_json()))
    h = Rummy500Game.from_json(data)
    assert h.to_json() == g.to_json() and h.claim_open and h.claim_card == C("8H")
    assert h.claim_targets(1) == g.claim_targets(1)
    assert event(h.apply(1, "claim 8H A"), "claim").public.points == 5


@pytest.mark.parametrize("change", [
    {"schema": 99}, {"game": "gin"}, {"hands": None}, {"phase": "dance"}, {"players": 7},
    {"pile": ["2C", "2C"]}, {"options": {"jokers": 1}}, {"melds": [{"id": "A"}]},
    {"claim": {"open": True, "card": "AS", "discarder": 0}},
])
def test_bad_snapshots_raise_bad_state(change: dict[str, Any]) -> None:
    g = Rummy500Game(players=3, seed=1)
    data = {**g.to_json(), **change}
    with pytest.raises(BadState):
        Rummy500Game.from_json(data)


def test_version_counts_accepted_actions_only() -> None:
    g = Rummy500Game(players=2, seed=4)
    seat = g.to_act()[0]
    with pytest.raises(RulesError):
        g.apply(seat, "discard AS" if C("AS") not in g.hands[seat] else "discard 2S")
    assert g.version == 0
    g.apply(seat, "draw")
    assert g.version == 1


def test_unknown_action_object_is_refused() -> None:
    g = Rummy500Game(players=2, seed=4)
    with pytest.raises(IllegalMove):
        g.verify(g.turn, "draw")  # type: ignore[arg-type]


def test_meld_ids_restart_each_hand_and_key_card_rule_messages() -> None:
    g = crafted({0: "2D 5S 5H 5C", 1: "KC"}, melds=[(1, "KH KD KS")], players=2)
    assert event(g.apply(0, "meld 5S,5H,5C"), "meld").public.melds[0].id == "B"
    g.apply(0, "discard 2D")
    assert g.hand_no == 2 and g.melds == []
    g2 = replace(Rummy500Options(), top_card_free=False)
    g3 = crafted({0: "2D 3D"}, pile="KC", phase="draw", players=2, options=g2)
    err = refused(g3, 0, "take 1", KeyCardUnused)
    assert err.params == {"card": "KC"}


def test_each_hands_points_are_kept_in_the_snapshot_for_the_score_sheet() -> None:
    _, g = _finish([100, 50, 20], Rummy500Options())
    assert g.board.hands == [[0, -10, -5]]
    saved = json.loads(json.dumps(g.to_json()))
    assert saved["hand_points"] == [[0, -10, -5]]
    assert Rummy500Game.from_json(saved).board.hands == [[0, -10, -5]]
    del saved["hand_points"]  # saved before the sheet existed: no hand listed, totals kept
    older = Rummy500Game.from_json(saved)
    assert older.board.hands == [] and older.totals == g.totals
    saved["hand_points"] = [[1, 2]]  # a row that is not one figure per seat
    with pytest.raises(BadState):
        Rummy500Game.from_json(saved)
