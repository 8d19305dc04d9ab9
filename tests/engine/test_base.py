"""The shared game base, through the three-card toy that uses nothing else."""

from __future__ import annotations

import json
from typing import ClassVar

import pytest

from engine.base import ActionTable, DeckSource
from engine.errors import (
    BadOption,
    BadState,
    CardNotInHand,
    GameOver,
    IllegalMove,
    InvalidMeld,
    NotYourTurn,
    WrongPhase,
)
from engine.game import Event
from engine.gin import GinGame
from tests.toy.engine import Discard, Draw, RunsOff, ToyGame, ToyOptions

# Alice (seat 0) holds 7S 7H 2C and draws 7D; Bruno holds KS QH 4D; the stock follows.
DECK = "7S 7H 2C KS QH 4D 7D 9C 5H 3S 8D"


def toy(preset: str = "standard", deck: str = DECK) -> ToyGame:
    return ToyGame.create(ToyOptions.preset(preset), 2, decks=[deck.split()])


def test_apply_parses_verifies_bumps_the_version_and_returns_events() -> None:
    game = toy()
    events = game.apply(0, "draw")
    assert [e.kind for e in events] == ["draw"] and game.version == 1
    assert events[0].private == {"card": "7D"} and events[0].public == {"stock": 4}
    events = game.apply(0, "out 2C")
    assert [e.kind for e in events] == ["discard", "game_end"] and game.is_over
    assert [(s.side, s.rank, s.won, s.points) for s in game.standings()] == [
        (0, 1, True, -11), (1, 2, False, -24)]


@pytest.mark.parametrize(("seat", "text", "error"), [
    (1, "draw", NotYourTurn), (5, "draw", NotYourTurn), (0, "discard 7S", WrongPhase),
    (0, "jump", IllegalMove),
])
def test_refusals_leave_state_and_version_unchanged(seat: int, text: str,
                                                    error: type[Exception]) -> None:
    game = toy()
    before = json.dumps(game.to_json())
    with pytest.raises(error):
        game.apply(seat, text)
    assert json.dumps(game.to_json()) == before and game.version == 0


def test_the_games_own_checks_refuse_after_the_common_ones() -> None:
    game = toy("sets_only", "2S 3S 4S KS QH 4D 7D 9C 5H 3S 8D")
    game.apply(0, "draw")
    with pytest.raises(CardNotInHand):
        game.apply(0, "discard AH")
    with pytest.raises(RunsOff):
        game.apply(0, "out 7D")  # 2S 3S 4S is a run: sets only here
    with pytest.raises(InvalidMeld):
        game.apply(0, "out 2S")  # 3S 4S 7D is no meld at all
    game.apply(0, "discard 7D")
    assert game.to_act() == [1]


def test_legal_actions_are_built_from_verify() -> None:
    game = toy()
    assert [str(a) for a in game.legal_actions(0)] == ["draw"]
    game.apply(0, "draw")
    legal = [str(a) for a in game.legal_actions(0)]
    assert "out 2C" in legal and "out 7S" not in legal and "discard 7S" in legal
    assert game.legal_actions(1) == []


class Referee:
    """Checks kept on a helper, as Rummy 500 keeps its own on Rules: it stops every move."""

    def __init__(self, game: ToyGame) -> None:
        self.game = game

    def check_draw(self, seat: int, action: Draw) -> None:
        raise WrongPhase("the referee stops every draw")

    def check_discard(self, seat: int, action: Discard) -> None:
        raise WrongPhase("the referee stops every discard")


class RefereedToy(ToyGame):
    """The toy whose ACTIONS' checks are a Referee's, run on the Referee checks() returns."""

    ACTIONS: ClassVar[ActionTable[Referee, ToyGame]] = {
        Draw: (Referee.check_draw, ToyGame.ACTIONS[Draw][1]),
        Discard: (Referee.check_discard, ToyGame.ACTIONS[Discard][1])}

    def checks(self) -> object:
        return Referee(self)


def test_checks_run_on_the_object_checks_returns() -> None:
    game = RefereedToy.create(ToyOptions(), 2, decks=[DECK.split()])
    with pytest.raises(WrongPhase, match="referee"):
        game.apply(0, "draw")
    assert game.version == 0 and game.legal_actions(0) == []
    with pytest.raises(NotYourTurn):
        game.apply(1, "draw")  # the seat is checked first, on the game itself
    plain = toy()
    assert plain.checks() is plain
    plain.check_action(plain, 0, Draw())  # the toy's own check lets a draw through
    with pytest.raises(WrongPhase, match="referee"):
        game.check_action(Referee(game), 0, Draw())


def test_an_action_without_an_entry_is_refused_before_any_check() -> None:
    game = toy()
    with pytest.raises(IllegalMove, match="not a toy action"):
        game.verify(0, "draw")  # type: ignore[arg-type]  # text is not an action object


def test_a_finished_game_refuses_everything() -> None:
    game = toy()
    game.apply(0, "draw")
    game.apply(0, "out 2C")
    with pytest.raises(GameOver):
        game.apply(1, "draw")


def test_json_round_trip_and_schema_checks() -> None:
    game = toy()
    game.apply(0, "draw")
    data = json.loads(json.dumps(game.to_json()))
    again = ToyGame.from_json(data)
    assert again.to_json() == game.to_json()
    again.apply(0, "discard 2C")  # the copy plays on
    with pytest.raises(BadState):
        ToyGame.from_json({**data, "schema": 99})
    with pytest.raises(BadState):
        ToyGame.from_json({**data, "game": "gin"})
    with pytest.raises(BadState):
        ToyGame.from_json({k: v for k, v in data.items() if k != "hands"})
    with pytest.raises(BadState):
        GinGame.from_json(data)


def test_deck_source_scripted_first_then_seeded_shuffles() -> None:
    source = DeckSource.of(7, [["AS", "2S"]])
    assert [c.text for c in source.next(list)] == ["AS", "2S"]
    from engine.cards import make_deck
    first = [c.text for c in source.next(make_deck)]
    again = DeckSource(7, [], 1)
    assert [c.text for c in again.next(make_deck)] == first and source.deals == 2
    assert DeckSource.from_json(source.to_json()) == source
    side = [c.text for c in DeckSource(7, [], 2).side_deck("knock", make_deck)]
    assert side != first and sorted(side) == sorted(first)


def test_the_game_reads_its_seed_and_deals_from_its_deck_source() -> None:
    game = ToyGame.create(ToyOptions(), 2, seed=42)
    assert (game.seed, game.deals) == (42, 1) == (game.deck.seed, game.deck.deals)


@pytest.mark.parametrize("players", [1, 4, True])
def test_the_prologue_refuses_seats_outside_the_range_and_names_it(players: int) -> None:
    with pytest.raises(BadOption, match="2 to 3 players") as refused:
        ToyGame.create(ToyOptions(), players, seed=1)
    assert refused.value.params == {"key": "players", "value": players}


class SetUpToy(ToyGame):
    """The toy with a field of its own, set before the first deal reads it."""

    def setup(self) -> None:
        self.deals_seen = self.deck.deals

    def deal(self) -> list[Event]:
        self.dealt_after_setup = self.deals_seen == self.deck.deals
        return super().deal()


def test_the_prologue_seats_shuffles_and_names_the_dealer_then_sets_up_then_deals() -> None:
    game = SetUpToy.create(ToyOptions(), 3, seed=9, first_dealer=2)
    assert (game.seats, game.seed, game.version, game.dealer) == (3, 9, 0, 2)
    assert game.dealt_after_setup and game.deals == 1 and game.deals_seen == 0
    drawn = {ToyGame.create(ToyOptions(), 3, seed=s).dealer for s in range(30)}
    assert drawn == {0, 1, 2}  # drawn from the seed when nobody is named
    with pytest.raises(BadOption, match="first_dealer"):
        ToyGame.create(ToyOptions(), 3, seed=9, first_dealer=3)
