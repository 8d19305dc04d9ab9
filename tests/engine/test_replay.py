"""Replays: a game dealt again from its start re-plays its moves to the same final state; the
export file says the start, the deals, every move and each hand's result, and
`python -m engine.replay FILE` checks it."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.gin import GinGame, new_game, preset
from engine.gin.ai import greedy_action
from engine.replay import (
    Damaged,
    Move,
    Start,
    check_export,
    export_text,
    main,
    parse_export,
    replay,
)
from tests.engine.gin.scripted import deck_order

NAMES = ["Alice", "Bruno"]
ALICE_GIN = "AS 2S 3S 4H 5H 6H 7C 8C 9C 10C"
LOOSE = "KS QH JD 9S 7D 5S 3H KH 8D 6C"


def play_gin(game: Any, seed: int = 3) -> list[Move]:
    """Play a gin game to its end with the greedy computer on both seats; return its moves."""
    rng, moves = random.Random(seed), []
    while not game.is_over:
        seat = game.to_act()[0]
        text = greedy_action(game.private_view(seat), rng)
        game.apply(seat, text)
        moves.append(Move(seat, text))
    return moves


def shuffled(seed: int = 11, target: int = 60) -> tuple[Start, list[Move], dict[str, Any]]:
    game = GinGame.create(preset("standard", target_score=target), 2, seed=seed)
    start = Start.of(game)
    moves = play_gin(game)
    return start, moves, game.to_json()


def test_a_shuffled_game_replays_to_its_final_state_hand_by_hand() -> None:
    start, moves, final = shuffled()
    record = replay(start, moves, final)
    assert record.moves == len(moves) and record.final == final
    assert len(record.results) == record.hands() >= 2  # several hands, each with a result
    assert record.results[-1].totals == tuple(final["match"]["board"]["totals"])
    assert [s.number for s in record.steps if s.ended] == [r.step for r in record.results]


def test_a_scripted_deal_and_named_dealer_replay_too() -> None:
    decks = [deck_order(ALICE_GIN, LOOSE, upcard="4D", stock="JC QC")]
    game = GinGame.create(preset("standard", target_score=20), 2, seed=5, decks=decks,
                          first_dealer=1)
    start = Start.of(game, decks, first_dealer=1)
    moves = play_gin(game)
    assert start.decks == (tuple(decks[0]),)
    assert Start.from_json(start.to_json()) == start
    assert replay(start, moves, game.to_json()).final == game.to_json()
    # Without the script the same moves are another game: the replay says so.
    with pytest.raises(Damaged):
        replay(Start(start.game, start.options, 2, start.seed), moves, game.to_json())


def test_a_refused_move_or_another_final_state_is_a_damaged_record() -> None:
    start, moves, final = shuffled()
    discard = next(i for i, m in enumerate(moves) if m.text.startswith("discard"))
    changed = [*moves]
    changed[discard] = Move(moves[discard].seat, "discard JK")
    with pytest.raises(Damaged) as refused:
        replay(start, changed, final)
    assert refused.value.move == discard + 1
    other = {**final, "version": final["version"] + 1}
    with pytest.raises(Damaged, match="stored final state"):
        replay(start, moves, other)


def test_the_export_holds_the_start_the_deals_every_move_and_the_results() -> None:
    start, moves, final = shuffled()
    record = replay(start, moves, final)
    text = export_text(record, NAMES, ["", "computer"])
    lines = text.splitlines()
    assert lines[:2] == ["rummy-replay 1", "game: gin"]
    assert "seat 1: Bruno [computer]" in lines and f"seed: {start.seed}" in lines
    assert sum(line.startswith("move ") for line in lines) == len(moves)
    assert f"move 1 seat {moves[0].seat}: {moves[0].text}" in lines
    deal_1 = lines.index(next(line for line in lines if line.startswith("deal 1: dealt by")))
    first = record.game_at(0)
    assert lines[deal_1 + 1] == f"  seat 0 (Alice): {' '.join(first.private_view(0).hand)}"
    assert sum(line.startswith("result hand ") for line in lines) == record.hands()
    export = parse_export(text)
    assert (export.start, export.names, list(export.moves)) == (start, ("Alice", "Bruno"), moves)
    assert check_export(export).final == final


@pytest.mark.parametrize(("players", "rules"), [(4, {"team_size": 2}),
                                                (2, {"play_style": "mahjong"})])
def test_team_gin_and_mahjong_gin_export_and_replay(players: int, rules: dict[str, Any]
                                                    ) -> None:
    options = preset("mahjong" if "play_style" in rules else "standard", target_score=40,
                     **{k: v for k, v in rules.items() if k != "play_style"})
    game = new_game(options, players, seed=8)
    start = Start.of(game)
    moves = play_gin(game)
    names = ["Alice", "Bruno", "Chiara", "Dario"][:players]
    export = parse_export(export_text(replay(start, moves, game.to_json()), names))
    assert export.deals[0].startswith("deal 1") and len(export.moves) == len(moves)
    assert check_export(export).final == game.to_json()


def test_the_command_line_replays_a_file_and_prints_each_hands_result(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start, moves, final = shuffled()
    record = replay(start, moves, final)
    path = tmp_path / "game.txt"
    path.write_text(export_text(record, NAMES), encoding="utf-8")
    assert main([str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:-1] == [r.line(NAMES) for r in record.results]
    assert out[0].startswith("hand 1: Alice ") and "(totals: Alice " in out[0]
    assert out[-1] == f"gin: {len(moves)} moves re-played; the final state matches"
    # The same from a shell, as the docs tell it.
    run = subprocess.run([sys.executable, "-m", "engine.replay", str(path)], capture_output=True,
                         text=True, check=False, cwd=Path(__file__).parents[2])
    assert run.returncode == 0 and run.stdout.splitlines() == out


def test_the_command_line_says_a_changed_file_is_damaged(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start, moves, final = shuffled()
    text = export_text(replay(start, moves, final), NAMES)
    result = next(line for line in text.splitlines() if line.startswith("result hand 1:"))
    cases = {"result": text.replace(result, result.replace("totals", "total")),
             "seed": text.replace(f"seed: {start.seed}", f"seed: {start.seed + 1}"),
             "final": text.replace("final: ", "final: 0")}
    for name, changed in cases.items():
        path = tmp_path / f"{name}.txt"
        path.write_text(changed, encoding="utf-8")
        assert main([str(path)]) == 1, name
        assert capsys.readouterr().err.startswith("damaged record: "), name
    (tmp_path / "other.txt").write_text("hello\n", encoding="utf-8")
    assert main([str(tmp_path / "other.txt")]) == 1
    assert "not a replay file" in capsys.readouterr().err
    assert main([str(tmp_path / "missing.txt")]) == 2
