"""Closed, Mahjong and team gin are classes chosen from the options when a game is made.

Games saved before the variants were classes still load, as the class their options play:
`snapshots_before_variants.json` holds a closed game (Oklahoma, deep pickups), a Mahjong
game mid-turn (a meld on the table, the pile card 8♣ still owed) and a team game, written by
the code of the time with the moves each seat then had.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.errors import BadState, IllegalMove
from engine.gin import (
    GinGame,
    GinOptions,
    MahjongGin,
    TeamGin,
    game_class,
    load_game,
    new_game,
    preset,
)

from .scripted import scripted

BEFORE: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).parent / "snapshots_before_variants.json").read_text())
CLASSES = {"closed": GinGame, "mahjong": MahjongGin, "teams": TeamGin}


@pytest.mark.parametrize("name", sorted(BEFORE))
def test_a_game_saved_before_the_variant_classes_loads_and_plays_on(name: str) -> None:
    saved = BEFORE[name]
    game = load_game(json.loads(json.dumps(saved["snapshot"])))
    assert type(game) is CLASSES[name]
    assert game.to_json() == saved["snapshot"], "nothing of the state is lost or added"
    assert (game.version, game.to_act()) == (saved["version"], saved["to_act"])
    for seat, moves in saved["legal"].items():
        assert [str(a) for a in game.legal_actions(int(seat))] == moves
    seat = game.to_act()[0]
    game.apply(seat, game.legal_actions(seat)[0])
    assert game.version == saved["version"] + 1


def test_the_options_choose_the_class_of_a_new_game() -> None:
    cases = [(preset("standard"), 2, GinGame), (preset("oklahoma"), 2, GinGame),
             (preset("mahjong"), 2, MahjongGin), (preset("german", team_size=2), 4, TeamGin),
             (preset("standard", team_size=3), 6, TeamGin)]
    for options, players, cls in cases:
        assert game_class(options) is cls
        game = new_game(options, players, seed=3)
        assert type(game) is cls and game.seats == players
    team = new_game(preset("standard", team_size=2), 4, seed=3)
    assert isinstance(team, TeamGin)
    assert not any(isinstance(b, MahjongGin) for b in team.boards), "boards play closed gin"


def test_a_class_refuses_the_options_of_another_variant() -> None:
    with pytest.raises(BadState):
        GinGame(preset("mahjong"), seed=1)
    with pytest.raises(BadState):
        MahjongGin(GinOptions(), seed=1)
    assert MahjongGin(seed=1).opts == preset("mahjong")
    with pytest.raises(BadState):  # a snapshot read as the wrong class is refused, not misplayed
        GinGame.from_json(BEFORE["mahjong"]["snapshot"])
    with pytest.raises(BadState):
        load_game({"options": "not options"})


def test_closed_gin_has_no_mahjong_moves_and_mahjong_no_knock() -> None:
    closed = GinGame(preset("standard"), seed=2, first_dealer=0)
    seat = closed.to_act()[0]
    for text in ("take 3", "meld AS,AH,AC", "layoff AS A"):
        with pytest.raises(IllegalMove, match="only in Mahjong gin"):
            closed.verify(seat, closed.parse_action(text))
    mahjong = load_game(BEFORE["mahjong"]["snapshot"])
    with pytest.raises(IllegalMove, match="no knocking in Mahjong gin"):
        mahjong.verify(0, mahjong.parse_action("knock 5H"))


# Seat 0 takes the upcard K♣ and holds A♠–4♠, three sevens and 10♣–K♣: all eleven in melds.
MELDED, OTHER = "AS 2S 3S 4S 7H 7D 7C 10C JC QC", "5H 6H 9D 9S 2D 3D 8C 8S KD KH"
OPEN_WITH_BIG_GIN = GinOptions(play_style="mahjong", big_gin=True)  # knock_rule standard


def test_mahjong_gin_plays_its_own_checks_and_moves_not_closed_gins() -> None:
    closed = scripted(MELDED, OTHER, upcard="KC", stock="5S 6S",
                      options=GinOptions(big_gin=True))
    mahjong = scripted(MELDED, OTHER, upcard="KC", stock="5S 6S", options=OPEN_WITH_BIG_GIN)
    assert type(mahjong) is MahjongGin
    for game in (closed, mahjong):
        game.apply(0, "take_upcard")
    for text in ("knock 4S", "big_gin"):  # closed gin's checks accept both
        closed.verify(0, closed.parse_action(text))
    with pytest.raises(IllegalMove, match="no knocking in Mahjong gin"):
        mahjong.verify(0, mahjong.parse_action("knock 4S"))
    with pytest.raises(IllegalMove, match="big gin is not played"):
        mahjong.verify(0, mahjong.parse_action("big_gin"))
    for text in ("meld AS,2S,3S,4S", "meld 10C,JC,QC", "layoff KC B"):
        with pytest.raises(IllegalMove, match="only in Mahjong gin"):
            closed.verify(0, closed.parse_action(text))
        mahjong.apply(0, text)
    assert [[e.card.text for e in m.entries] for m in mahjong.table] == [
        ["AS", "2S", "3S", "4S"], ["10C", "JC", "QC", "KC"]]
    mahjong.apply(0, "discard 7H")
    mahjong.apply(1, "draw")
    mahjong.apply(1, "discard 8C")
    events = mahjong.apply(0, "take 2")  # 7H, the deepest, goes with 7D 7C
    assert [e.kind for e in events] == ["take_pile"] and mahjong.owed is not None
    assert sorted(c.text for c in mahjong.hands[0]) == ["7C", "7D", "7H", "8C"]
