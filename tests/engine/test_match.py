"""The shared match lifecycle: totals, targets with ties playing on, elimination, standings."""

from __future__ import annotations

from typing import Any

import pytest

from engine.canasta.game import CanastaGame
from engine.errors import BadOption, BadState
from engine.match import Scoreboard, Seated, Standing, standings, tied_lead, unique_best
from engine.ramino.game import RaminoGame
from engine.ramino51.game import Ramino51Game
from engine.rummy500.game import Rummy500Game
from engine.sides import Sides


def test_a_target_needs_a_unique_leader_ties_play_on() -> None:
    board = Scoreboard.new(3)
    board.record([300, 510, 510])
    assert board.leader_at(500) is None  # tied at the top: another hand
    board.record([0, 20, 5])
    assert (board.leader_at(500), board.totals, board.played) == (1, [300, 530, 515], 2)


def test_elimination_never_removes_everybody() -> None:
    board = Scoreboard([-120, -150, 40])
    assert board.eliminate(lambda total: total <= -101) == {0, 1}
    assert board.last_standing() == 2
    everyone = Scoreboard([-200, -300])
    assert everyone.eliminate(lambda total: total <= -101) == set()
    assert everyone.active() == [0, 1]


def test_penalty_games_rank_lowest_first() -> None:
    assert unique_best([12, 7, 30], [0, 1, 2], highest=False) == 1
    assert unique_best([7, 7, 30], [0, 1, 2], highest=False) is None
    board = Scoreboard([90, 101, 60])
    assert board.eliminate(lambda total: total > 100) == {1}
    assert board.leader_at(70, highest=False) == 2


def test_standings_put_winners_first_then_points_with_shared_ranks() -> None:
    rows = standings(Sides.singles(4), [50, 80, 80, 10], winners=[3])
    assert [(r.side, r.rank, r.won) for r in rows] == [
        (0, 4, False), (1, 2, False), (2, 2, False), (3, 1, True)]


def test_partnership_standings_carry_per_seat_detail() -> None:
    rows = standings(Sides.partnerships(2, 2), [1200, 900], winners=[0],
                     seat_points=[700, 400, 500, 500])
    assert rows[0] == Standing(0, (0, 2), 1200, 1, True, (700, 500))
    assert rows[1] == Standing(1, (1, 3), 900, 2, False, (400, 500))


def test_a_drawn_game_ranks_both_first_and_nobody_won() -> None:
    rows = standings(Sides.singles(2), [100, 100])
    assert [(r.rank, r.won) for r in rows] == [(1, False), (1, False)]


def test_scoreboard_json_round_trip_and_bad_snapshots() -> None:
    board = Scoreboard.new(2)
    board.record([10, -5])
    board.eliminate(lambda total: total < 0)
    assert Scoreboard.from_json(board.to_json()) == board
    with pytest.raises(BadState):
        Scoreboard.from_json({"totals": [1, 2], "hands": [[1]]})
    with pytest.raises(BadState):
        Scoreboard.from_json({"hands": []})
    with pytest.raises(ValueError):
        board.record([1, 2, 3])


def test_a_tie_for_the_lead_past_the_target_is_named_so_it_can_be_announced() -> None:
    board = Scoreboard.new(3)
    board.record([300, 510, 510])
    assert board.tied_at(500) == [1, 2]
    assert board.tied_at(600) == []  # nobody reached it: an ordinary hand follows
    board.record([0, 20, 5])
    assert board.tied_at(500) == []  # a single leader wins
    # Lowest best (penalty games): 20 reached the target of 30 and leads alone; 40 and 40 tie.
    assert tied_lead([90, 20, 60], [0, 1, 2], 30, highest=False) == []
    assert tied_lead([40, 40, 60], [0, 1, 2], 40, highest=False) == [0, 1]
    assert tied_lead([40, 40, 60], [0, 1, 2], 30, highest=False) == []  # nobody reached 30


class Table(Seated):
    """Five single seats around a scoreboard, played forwards or backwards."""

    def __init__(self, step: int = 1) -> None:
        self.sides, self.board, self.step = Sides.singles(5), Scoreboard.new(5), step

    def play_step(self) -> int:
        return self.step


@pytest.mark.parametrize(("step", "after_4", "order_after_3"), [(1, 1, [4, 1, 3]),
                                                                  (-1, 3, [1, 4, 3])])
def test_seated_play_order_skips_the_eliminated_either_way(
        step: int, after_4: int, order_after_3: list[int]) -> None:
    table = Table(step)
    table.board.record([0, 0, 200, 0, 0])
    table.board.eliminate(lambda total: total > 101)
    table.board.eliminated.add(0)
    assert (table.players, table.totals, table.eliminated) == (5, [0, 0, 200, 0, 0], {0, 2})
    assert table.active() == [1, 3, 4] and table.next_seat(4) == after_4
    assert table.order_after(3) == order_after_3
    # whom a waiting seat plays after: the seat play reaches just before it, the eliminated
    # skipped (the hand names him; it stays true until the seat's turn)
    assert all(table.next_seat(table.plays_before(s) or 0) == s for s in table.active())
    assert table.plays_before(1) == (4 if step == 1 else 3)
    table.board.eliminated.update({3, 4})
    assert table.plays_before(1) is None  # nobody else is in


SEATED_GAMES = [RaminoGame, Ramino51Game, Rummy500Game, CanastaGame]


@pytest.mark.parametrize("game", SEATED_GAMES, ids=lambda g: g.name)
def test_every_seated_game_deals_first_from_the_named_seat_or_one_the_seed_draws(
        game: type[Any]) -> None:
    assert game.create(game.options_type(), 3, seed=5, first_dealer=2).dealer == 2
    drawn = {game.create(game.options_type(), 3, seed=seed).dealer for seed in range(20)}
    assert drawn == {0, 1, 2}  # the seed draws every seat, not always the same one
    again = [game.create(game.options_type(), 3, seed=11).dealer for _ in range(2)]
    assert again[0] == again[1]


@pytest.mark.parametrize("game", SEATED_GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("named", [3, -1, "1"])
def test_a_first_dealer_who_is_not_a_seat_is_refused(game: type[Any], named: Any) -> None:
    with pytest.raises(BadOption) as refused:
        game.create(game.options_type(), 3, seed=5, first_dealer=named)
    assert refused.value.params == {"key": "first_dealer", "value": named}
