"""Team gin: the team score, a scripted 2 x 2 hand, German targets, refusals, whole games."""

from __future__ import annotations

import json
import random

import pytest

from engine.errors import BadOption, BadState, GameOver, NotPlayable, NotYourTurn, WrongPhase
from engine.gin import GinOptions, preset
from engine.gin.ai import choose_action
from engine.gin.match import TeamHand, team_hand
from engine.gin.team_views import OnBoard, TeamHandEnded
from engine.gin.teams import TeamGin

from .scripted import deck_order

TEAMS = GinOptions(team_size=2)


# --- the team score ---------------------------------------------------------------------------

def test_the_net_result_goes_to_the_team_ahead() -> None:
    # board 0: A's member wins 30; board 1: B's member wins 12 -> A wins by 18
    assert team_hand([(0, 30), (1, 12)]) == TeamHand((30, 12), 0, 18, 0)
    assert team_hand([(1, 40), (0, 5)]) == TeamHand((5, 40), 1, 35, 0)


def test_a_net_result_of_zero_scores_for_nobody() -> None:
    assert team_hand([(0, 20), (1, 20)]) == TeamHand((20, 20), None, 0, 0)
    assert team_hand([(None, 0), (None, 0)]) == TeamHand((0, 0), None, 0, 0)


def test_a_sweep_adds_25_for_teams_of_three_and_50_for_four() -> None:
    assert team_hand([(1, 10), (1, 20), (1, 5)]) == TeamHand((0, 35), 1, 35 + 25, 25)
    assert team_hand([(0, 1), (0, 2), (0, 3), (0, 4)]) == TeamHand((10, 0), 0, 10 + 50, 50)


def test_no_sweep_for_teams_of_two_or_when_a_member_did_not_win() -> None:
    assert team_hand([(0, 10), (0, 20)]).sweep == 0
    assert team_hand([(0, 10), (0, 20), (1, 5)]) == TeamHand((30, 5), 0, 25, 0)
    assert team_hand([(0, 10), (0, 20), (None, 0)]).sweep == 0  # a dead hand is not a win


# --- options ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("size", "target"), [(1, 200), (2, 200), (3, 300), (4, 400)])
def test_german_targets_follow_the_team_size(size: int, target: int) -> None:
    assert preset("german", team_size=size).target_score == target


def test_an_explicit_target_wins_over_the_german_team_target() -> None:
    assert preset("german", team_size=4, target_score=250).target_score == 250
    assert preset("standard", team_size=3).target_score == 100  # only German's follows


def test_mahjong_gin_is_not_played_by_teams() -> None:
    with pytest.raises(NotPlayable) as err:
        preset("mahjong", team_size=2)
    assert err.value.params["key"] == "team_size"


def test_the_seats_must_make_two_teams_of_the_size() -> None:
    with pytest.raises(BadOption, match="for 6 players"):
        TeamGin(GinOptions(team_size=3), 4)
    with pytest.raises(BadState):  # teams of one are two-seat gin's
        TeamGin(GinOptions(), 2)
    assert TeamGin(GinOptions(team_size=3), 6, seed=1).sides.groups == ((0, 2, 4), (1, 3, 5))


# --- a scripted 2 x 2 team hand -----------------------------------------------------------------

# Board 0 (seats 0 A, 1 B): seat 0 takes the upcard KD and goes gin (worked example 5).
BOARD0 = deck_order("2H 3H 4H 5H 9C 9D 9S JD QD 7C", "AS AH AD 4C 5C 6C 6H KS 8D 7D", "KD")
# Board 1 (seats 2 A, 3 B): seat 2 passes, seat 3 takes 8D and knocks 10H (worked example 2).
BOARD1 = deck_order("AH AS AD 5H 6H 7H 2C 6C 4D 6D", "3C 4C 5C 9H 9S 9D JS QS KS 10H", "8D")


def scripted_team() -> TeamGin:
    """Return a 2 x 2 game whose first hands are BOARD0 and BOARD1, seats 1 and 3 dealing."""
    return TeamGin(TEAMS, 4, seed=3, decks=[BOARD0, BOARD1], first_dealer=1)


def test_both_boards_open_at_once_each_with_its_own_cards() -> None:
    game = scripted_team()
    assert game.to_act() == [0, 2] and game.hand_no == 1
    view = game.public_view()
    assert [b.dealer for b in view.boards] == [1, 3]
    assert [b.table.discard for b in view.boards] == [("KD",), ("8D",)]
    assert game.private_view(2).hand[:3] == ("AH", "AS", "AD")
    assert game.private_view(2).seat == 0  # the board's own frame


def test_a_scripted_team_hand_from_deal_to_team_score() -> None:
    game = scripted_team()
    game.apply(0, "take_upcard")
    events = game.apply(0, "knock 7C")
    assert [e.kind for e in events] == ["gin", "board_end"]
    assert events[1].public == OnBoard(0, events[1].public.payload)
    assert events[1].public.payload.result.points == 56  # 25 + 31
    assert game.to_act() == [2]  # board 0 waits for board 1
    assert game.public_view().boards[0].ended and not game.public_view().boards[1].ended
    game.apply(2, "pass")
    game.apply(3, "take_upcard")
    events = game.apply(3, "knock 10H")
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["knock", "board_end", "hand_end"] and kinds.count("deal") == 2
    end = events[2].public
    assert isinstance(end, TeamHandEnded) and end.hand == 1
    assert [(r.kind, r.winner, r.points) for r in end.boards] == [("gin", 0, 56), ("knock", 1, 2)]
    assert end.team == TeamHand((56, 2), 0, 54, 0)
    assert game.scores().running == (54, 0) and game.scores().hands == ((54, 0),)
    assert game.hand_no == 2 and sorted(game.to_act()) == [1, 3]  # seats 0 and 2 deal now
    assert [b.dealer for b in game.public_view().boards] == [0, 2]


def test_each_board_s_deal_moves_its_seats_counter_on() -> None:
    # The session keeps a seat's turn clock while its board's counter stands still (the other
    # boards play meanwhile): a new deal is a change of the board, so it must move it on.
    game = scripted_team()
    game.apply(0, "take_upcard")
    game.apply(0, "knock 7C")
    ended = [game.seat_version(seat) for seat in range(4)]
    game.apply(2, "pass")
    game.apply(3, "take_upcard")
    before = game.seat_version(3)
    game.apply(3, "knock 10H")
    assert game.hand_no == 2
    assert [game.seat_version(seat) for seat in range(4)] == [
        ended[0] + 1, ended[1] + 1, before + 2, before + 2]  # the deal; the knock and the deal


def test_a_seat_may_not_act_on_another_board_nor_on_an_ended_one() -> None:
    game = scripted_team()
    before = game.to_json()
    with pytest.raises(NotYourTurn):
        game.apply(1, "take_upcard")  # board 0 waits for seat 0
    with pytest.raises(NotYourTurn):
        game.apply(4, "draw")  # no such seat
    with pytest.raises(WrongPhase):
        game.apply(2, "draw")  # seat 2 must take or pass the upcard first
    assert game.to_json() == before
    game.apply(0, "take_upcard")
    game.apply(0, "knock 7C")
    ended = game.to_json()
    for seat, move in ((0, "draw"), (1, "draw"), (1, "take_upcard")):
        with pytest.raises(NotYourTurn) as err:
            game.apply(seat, move)
        assert "wait for the other boards" in err.value.message
        assert game.legal_actions(seat) == []
    assert game.to_json() == ended


def test_a_saved_game_with_boards_at_different_points_loads_equal() -> None:
    game = scripted_team()
    game.apply(0, "take_upcard")
    game.apply(0, "knock 7C")
    game.apply(2, "pass")
    snap = json.loads(json.dumps(game.to_json()))
    again = TeamGin.from_json(snap)
    assert again.to_json() == snap and again.to_act() == [3]
    assert again.boards[0].match is again.match is again.boards[1].match
    again.apply(3, "take_upcard")
    again.apply(3, "knock 10H")
    assert again.scores().running == (54, 0)


def test_a_snapshot_whose_teams_do_not_add_up_is_refused() -> None:
    snap = scripted_team().to_json()
    with pytest.raises(BadState):
        TeamGin.from_json({**snap, "players": 6})


# --- whole games ------------------------------------------------------------------------------

def _cards_conserved(game: TeamGin) -> None:
    for board in game.boards:
        every = board.hands[0] + board.hands[1] + board.stock + board.discard
        knocked = 52 - len(every)  # a knock's card lies face down, out of play
        assert len(set(every)) == len(every) and knocked in (0, 1)
        assert knocked == 0 or board.phase in ("ended", "over")


def _play(game: TeamGin, rng: random.Random, greedy: float) -> int:
    """Play to the end, random or computer moves; check cards and JSON; return the moves."""
    moves = 0
    while not game.is_over:
        seat = rng.choice(game.to_act())
        legal = game.legal_actions(seat)
        move = (choose_action(game.private_view(seat)) if rng.random() < greedy
                else str(rng.choice(legal)))
        game.apply(seat, move)
        moves += 1
        _cards_conserved(game)
        if rng.random() < 0.05:
            snap = json.loads(json.dumps(game.to_json()))
            assert TeamGin.from_json(snap).to_json() == snap
    assert game.to_act() == []
    with pytest.raises(GameOver):
        game.apply(0, "draw")
    return moves


@pytest.mark.parametrize("size", [2, 3, 4])
@pytest.mark.parametrize("seed", [11, 12])
def test_random_team_games_keep_every_board_whole(size: int, seed: int) -> None:
    rng = random.Random(seed)
    opts = GinOptions(team_size=size, target_score=60)
    game = TeamGin(opts, 2 * size, seed=seed)
    assert _play(game, rng, greedy=0.6) > 0
    ranked = game.standings()
    assert [s.seats for s in ranked] == [tuple(range(0, 2 * size, 2)), tuple(range(1, 2 * size, 2))]
    assert sum(s.won for s in ranked) == 1


@pytest.mark.parametrize("size", [2, 3, 4])
def test_a_whole_german_team_game_by_computer_players(size: int) -> None:
    game = TeamGin(preset("german", team_size=size), 2 * size, seed=40 + size)
    _play(game, random.Random(size), greedy=1.0)
    sheet = game.scores()
    assert sheet.over and sheet.format == "hollywood" and sheet.target == 200 + 100 * (size - 2)
    assert all(c.finished for c in sheet.columns)
    assert len(sheet.hands) == game.hand_no  # one score line per team hand
