"""The OpenSpiel lockstep bench: card and meld ids, hands played in step, disagreements caught."""

from __future__ import annotations

import pyspiel  # the test extra installs it: this file is never skipped
import pytest

from benchmarks import bench_gin_openspiel as bench
from engine.cards import make_deck
from engine.gin.ai import choose_action, greedy_action
from tests.engine.gin.scripted import scripted
from tests.engine.gin.test_ai import AI_HAND, OPP


def test_card_ids_match_openspiels_names() -> None:
    state = bench.GAME.new_initial_state()
    for card in make_deck():
        cid = bench.os_card(card.text)
        assert bench.our_card(cid) == card.text
        name = state.action_to_string(pyspiel.PlayerId.CHANCE, cid).split()[-1]
        assert name[0] == {"10": "T"}.get(card.text[:-1], card.text[:-1])[0]
        assert name[1].upper() == card.suit


@pytest.mark.parametrize("meld, names", [
    (("7S", "7H", "7D"), ["7s7d7h"]),
    (("7S", "7H", "7D", "7C"), ["7s7c7d7h"]),
    (("3H", "4H", "5H"), ["3h4h5h"]),
    (("9C", "10C", "JC", "QC", "KC"), ["9cTcJcQcKc"]),
    (("AD", "2D", "3D", "4D", "5D", "6D", "7D"), ["Ad2d3d", "4d5d6d7d"]),
])
def test_meld_ids_name_the_same_cards(meld: tuple[str, ...], names: list[str]) -> None:
    state = bench.GAME.new_initial_state()
    got = [state.action_to_string(0, a).split()[-1] for a in bench.meld_ids(meld)]
    assert sorted(got) == sorted(names)


@pytest.mark.parametrize("ours", [0, 1])
def test_hands_play_in_step_to_the_same_score(ours: int) -> None:
    tally = bench.Tally()
    for seed in range(6):
        report = bench.Lockstep(seed, ours, choose_action, tally).play()  # checks every step
        tally.add(report, ours)
    assert len(tally.points) == 6 and tally.won + tally.lost + tally.dead <= 6
    assert len(tally.times) > 6


def test_a_disagreement_is_caught() -> None:
    step = bench.Lockstep(3, 0, greedy_action, bench.Tally())
    step.state.apply_action(bench.PASS)  # OpenSpiel passes, our engine does not
    with pytest.raises(bench.Divergence):
        step.check()


def test_a_forbidden_bot_move_is_replaced_by_its_next_best() -> None:
    knock = scripted(OPP, AI_HAND, upcard="9H")
    knock.apply(0, "pass")
    knock.apply(1, "take_upcard")
    assert bench.fallback(knock.private_view(1)) == "knock QH"  # 10 left, the higher card
    high = scripted(OPP, AI_HAND, upcard="KS")
    high.apply(0, "pass")
    high.apply(1, "take_upcard")
    view = high.private_view(1)
    assert "discard KS" not in view.legal
    assert bench.fallback(view) in ("discard QH", "discard 10S")
