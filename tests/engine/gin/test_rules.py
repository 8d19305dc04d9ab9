"""Gin rules beyond the worked examples: refusals, Oklahoma match play, options, formats."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from engine.errors import (
    BadOption,
    CardNotInHand,
    GameOver,
    IllegalMove,
    InvalidMeld,
    NotYourTurn,
    RulesError,
    TakenCardDiscard,
    WrongPhase,
)
from engine.gin import PRESETS, GinGame, GinOptions, preset
from engine.gin.errors import KnockTooHigh
from engine.gin.match import Match

from .scripted import scripted

HANDS = ("2C 3C 4C 5D 6D 8H 9H 10H KS JD", "AS 2S 3S 4H 5H 7H 7C 8C 9C KD")


def _state(g: GinGame) -> str:
    return json.dumps(g.to_json(), sort_keys=True)


@pytest.mark.parametrize("seat,action,error", [
    (1, "take_upcard", NotYourTurn),     # the dealer acts second on the upcard
    (0, "draw", WrongPhase),             # first take or pass the upcard
    (0, "discard 2C", WrongPhase),       # no card drawn yet
    (0, "big_gin", WrongPhase),
    (5, "pass", NotYourTurn),            # not a seat
])
def test_refused_actions_change_nothing_at_the_upcard(seat: int, action: str, error: type) -> None:
    g = scripted(*HANDS, upcard="QD")
    before = _state(g)
    with pytest.raises(error):
        g.apply(seat, action)
    assert _state(g) == before


@pytest.mark.parametrize("action,error", [
    ("discard AH", CardNotInHand),       # card not in hand
    ("knock KS", KnockTooHigh),          # over the limit
    ("discard QD", TakenCardDiscard),    # the card just taken
    ("knock QD", TakenCardDiscard),
    ("draw", WrongPhase),                # already drew
    ("take", WrongPhase),
    ("big_gin", IllegalMove),            # not all eleven melded
])
def test_refused_actions_change_nothing_mid_turn(action: str, error: type) -> None:
    g = scripted(*HANDS, upcard="QD")
    g.apply(0, "take_upcard")
    before = _state(g)
    with pytest.raises(error) as err:
        g.apply(0, action)
    assert isinstance(err.value, RulesError) and err.value.code == error.code
    assert err.value.message  # a sentence a player can read
    assert _state(g) == before
    with pytest.raises(NotYourTurn):
        g.apply(1, "discard AS")
    assert _state(g) == before


def test_error_codes_are_stable() -> None:
    codes = {c.code for c in (NotYourTurn, WrongPhase, CardNotInHand, KnockTooHigh,
                              TakenCardDiscard, IllegalMove, InvalidMeld, GameOver, BadOption)}
    assert codes == {"not_your_turn", "wrong_phase", "card_not_in_hand", "knock_too_high",
                     "taken_card_discard", "illegal_move", "invalid_meld", "game_over",
                     "bad_option"}


def test_taken_card_may_be_discarded_when_the_option_is_off() -> None:
    g = scripted(*HANDS, upcard="QD", options=GinOptions(no_discard_of_taken_card=False))
    g.apply(0, "take_upcard")
    assert "discard QD" in [str(a) for a in g.legal_actions(0)]
    g.apply(0, "discard QD")
    assert g.discard[-1].face == (12, "D")


def test_dealer_takes_upcard_after_a_pass_then_non_dealer_plays() -> None:
    g = scripted(*HANDS, upcard="QD")
    g.apply(0, "pass")
    g.apply(1, "take_upcard")
    g.apply(1, "discard KD")
    assert (g.phase, g.turn) == ("draw", 0)
    assert [str(a) for a in g.legal_actions(0)] == ["draw", "take"]


def test_oklahoma_second_deck_has_no_upcard_and_the_previous_winner_opens() -> None:
    # hand 1: seat 1 deals, no upcard; seat 0 (non-dealer) must draw; knock card 4S
    first = ("3C 4C 5C 9H 9S 9D JS QS KS 8D", "AH AS AD 5H 6H 7H 2C 6C 4D 6D")
    g = scripted(*first, upcard=None, stock="2D", options=preset("oklahoma_match"),
                 knock_cards=("9C", "KD"),
                 more=[_deck_str()])
    assert g.discard == [] and len(g.stock) == 32 and str(g.knock_card) == "9C"
    assert (g.phase, g.turn) == ("draw", 0)
    assert [str(a) for a in g.legal_actions(0)] == ["draw"]
    with pytest.raises(IllegalMove):
        g.apply(0, "take")
    g.apply(0, "draw")  # 2D
    g.apply(0, "knock 8D")  # keeps 2D: deadwood 2, limit 9
    assert g.last_result is not None and g.last_result.winner == 0
    # hand 2: seat 0 deals now, but seat 0 won the last hand, so seat 0 opens
    assert g.dealer == 0 and str(g.knock_card) == "KD" and g.turn == 0 and g.phase == "draw"


def _deck_str() -> list[str]:
    from engine.cards import make_deck
    return [str(c) for c in make_deck()]


def test_deep_discard_pickup_shows_the_meld_and_keeps_the_pile_order() -> None:
    g = scripted("8H 8S 2C 3C 4D 6D 9D JC QS KH", "AS 2S 3S 4H 5H 6H 7C 9C 10C KD", upcard="8C",
                 options=GinOptions(deep_discard_pickup=True))
    g.apply(0, "pass")
    g.apply(1, "take_upcard")
    g.apply(1, "discard 7C")  # seat 1 took 8C, so the pile is [7C]
    g.apply(0, "draw")
    g.apply(0, "discard JC")  # pile: 7C JC
    g.apply(1, "draw")
    g.apply(1, "discard KD")  # pile: 7C JC KD
    before = _state(g)
    with pytest.raises(InvalidMeld):
        g.apply(0, "take 7C with 2C 3C")
    assert _state(g) == before
    legal = [str(a) for a in g.legal_actions(0)]
    assert "take JC with QS KH" not in legal  # not a meld: QS and KH differ in suit
    g2 = scripted("8H 8S 2C 3C 4D 6D 9D JC QS KH", "AS 2S 3S 4H 5H 6H 7C 9C 10C KD", upcard="8C",
                  options=GinOptions(deep_discard_pickup=True))
    g2.apply(0, "pass")
    g2.apply(1, "pass")
    g2.apply(0, "draw")
    g2.apply(0, "discard QS")
    g2.apply(1, "draw")
    g2.apply(1, "discard KD")  # pile: 8C QS KD
    assert "take 8C with 8H 8S" in [str(a) for a in g2.legal_actions(0)]
    events = g2.apply(0, "take 8C with 8H 8S")
    assert [str(c) for c in g2.discard] == ["QS", "KD"]
    assert events[0].public.meld == ("8C", "8H", "8S")
    assert g2.public_view().shown_melds[0] == (("8C", "8H", "8S"),)
    with pytest.raises(TakenCardDiscard):
        g2.apply(0, "discard 8C")
    g3 = scripted(*HANDS, upcard="QD")
    g3.apply(0, "pass")
    g3.apply(1, "pass")
    g3.apply(0, "draw")
    g3.apply(0, "discard KS")
    g3.apply(1, "draw")
    g3.apply(1, "discard KD")
    with pytest.raises(IllegalMove, match="only the top card"):
        g3.apply(0, "take QD with QH QC")


def test_misdeal_when_a_dealt_hand_can_already_knock() -> None:
    knockable = ("2C 3C 4C 5D 6D 7D 8H 9H 10H AS", "KS QS JS 9C 7S 5S KH QH JD 9S")
    from .scripted import deck_order
    second = deck_order(*HANDS, upcard="QD")
    g = GinGame(GinOptions(misdeal_if_dealt_knockable=True), seed=1, first_dealer=1,
                decks=[deck_order(*knockable, upcard="QD"), second])
    assert [str(c) for c in g.hands[0]] == HANDS[0].split() and g.dealer == 1 and g.deals == 2
    g_off = GinGame(GinOptions(), seed=1, first_dealer=1,
                    decks=[deck_order(*knockable, upcard="QD")])
    assert g_off.deals == 1


@pytest.mark.parametrize("bad", [
    {"knock_rule": "sometimes"}, {"knock_limit": 11}, {"undercut_bonus": 30},
    {"best_of_games": 4}, {"big_gin_bonus": 40}, {"match_format": "league"},
    {"play_style": "mahjong", "match_format": "hollywood"},
    {"play_style": "mahjong", "team_size": 2}, {"team_size": 5}, {"target_score": 0},
    {"colour": "red"},
])
def test_invalid_options_are_refused_with_the_key(bad: dict) -> None:  # type: ignore[type-arg]
    with pytest.raises(BadOption) as err:
        GinOptions.from_dict(bad)
    assert err.value.params["key"] in bad


def test_presets_are_exactly_the_rules_file_table() -> None:
    assert preset("standard") == GinOptions()
    assert preset("straight").knock_rule == "none"
    assert (preset("oklahoma").knock_rule, preset("oklahoma").spade_double) == ("oklahoma", True)
    assert preset("oklahoma_match").knock_card_source == "second_deck"
    assert preset("hollywood").match_format == "hollywood"
    t = preset("tournament")
    assert (t.match_format, t.best_of_games, t.target_score) == ("best_of", 5, 250)
    multi = preset("multi_game")
    assert (multi.match_format, multi.match_target) == ("multi_game", 500)
    assert {"standard", "straight", "oklahoma", "oklahoma_match", "hollywood", "tournament",
            "multi_game"} <= set(PRESETS)
    with pytest.raises(BadOption):
        preset("nope")


def test_best_of_five_needs_three_game_wins() -> None:
    m = Match(preset("tournament"))
    for game in range(3):
        for _ in range(3):
            m.record(0, 90)  # 270 >= 250 after three hands
        assert m.columns[game].finished
    assert m.over and m.winner == 0 and m.games_won == [3, 0] and len(m.columns) == 3


def test_best_of_goes_on_until_a_majority() -> None:
    m = Match(preset("tournament"))
    for winner in (0, 1, 1, 0):
        for _ in range(3):
            m.record(winner, 90)
    assert not m.over and m.games_won == [2, 2]
    for _ in range(3):
        m.record(1, 90)
    assert m.over and m.winner == 1


def test_hollywood_match_ends_when_all_three_games_finish() -> None:
    m = Match(preset("hollywood"))
    for _ in range(4):
        m.record(0, 50)  # G1: 200, G2: 150, G3: 100 -> all finish on the 4th win
    assert m.over and m.winner == 0 and all(c.finished for c in m.columns)
    assert m.match_scores == [sum(c.finals[0] for c in m.columns), 0]


def test_dead_hands_and_ties_give_no_box() -> None:
    m = Match(GinOptions())
    assert m.record(None, 0) == [] and m.wins == [0, 0]


def test_multi_game_equal_match_scores_play_another_game() -> None:
    m = Match(preset("multi_game", target_score=60, match_target=100, game_bonus=0,
                     line_bonus=0))
    m.record(1, 50)
    m.record(0, 60)  # game 1 ends: match 60 - 50
    m.record(0, 50)
    m.record(1, 60)  # game 2 ends: match 110 - 110, both past the target but equal
    assert m.match_scores == [110, 110] and not m.over and len(m.columns) == 3
    m.record(0, 60)
    assert m.over and m.winner == 0 and m.match_scores == [170, 110]


def test_json_round_trip_mid_hand_and_refuses_unknown_schema() -> None:
    g = scripted(*HANDS, upcard="QD")
    g.apply(0, "take_upcard")
    data = json.loads(json.dumps(g.to_json()))
    g2 = GinGame.from_json(data)
    assert g2.to_json() == g.to_json()
    g2.apply(0, "discard KS")
    g.apply(0, "discard KS")
    assert g2.to_json() == g.to_json()
    data["schema"] = 99
    with pytest.raises(RulesError):
        GinGame.from_json(data)


def test_no_actions_after_the_match() -> None:
    g = scripted("2H 3H 4H 5H 9C 9D 9S JD QD KD", "AS AH AD 4C 5C 6C 6H KS 8D 7D", upcard="2C",
                 stock="10D", options=GinOptions(target_score=50))
    g.apply(0, "pass")
    g.apply(1, "pass")
    g.apply(0, "draw")
    g.apply(0, "knock 10D")
    assert g.is_over and g.to_act() == [] and g.legal_actions(0) == []
    with pytest.raises(GameOver):
        g.apply(1, "draw")


def test_views_hide_the_other_hand_and_the_stock() -> None:
    g = scripted(*HANDS, upcard="QD")
    pub = json.dumps(asdict(g.public_view()))
    for c in HANDS[0].split() + HANDS[1].split() + [str(c) for c in g.stock]:
        assert f'"{c}"' not in pub
    mine = json.dumps(asdict(g.private_view(0)))
    assert all(f'"{c}"' in mine for c in HANDS[0].split())
    assert not any(f'"{c}"' in mine for c in HANDS[1].split())


def test_a_multi_game_tie_past_the_target_is_named_for_the_announcement() -> None:
    m = Match(preset("multi_game", target_score=60, match_target=100, game_bonus=0,
                     line_bonus=0))
    m.record(1, 50)
    m.record(0, 60)
    assert m.tied() == []  # 60 - 50: nobody reached 100
    m.record(0, 50)
    m.record(1, 60)  # 110 - 110
    assert m.tied() == [0, 1] and not m.over
    m.record(0, 60)
    assert m.over and m.tied() == []


def test_the_board_keeps_each_hand_in_order_dead_and_tied_ones_too() -> None:
    m = Match(preset("hollywood"))
    m.record(0, 25)
    m.record(None, 0)
    m.record(1, 14)
    assert m.board.hands == [[25, 0], [0, 0], [0, 14]] and m.board.totals == [25, 14]
    again = Match.from_dict(m.opts, json.loads(json.dumps(m.to_dict())))
    assert again.board.hands == m.board.hands and again.columns == m.columns
