"""The bound bench's told player knows exactly what OpenSpiel's bot takes, and nothing else."""

from __future__ import annotations

from benchmarks import bench_gin_bound as bound
from benchmarks import bench_gin_openspiel as bench
from engine.gin.ai import _mask, _table, choose_action


class Watched(bench.Lockstep):
    """A hand that checks `bot_takes` against each of the bot's real draw decisions."""

    checked: list[bool]

    def bot_move(self, seat: int) -> str:
        view = self.game.private_view(seat)
        top = view.table.discard[-1] if view.table.discard else None
        drawing = any(a in view.legal for a in ("take", "take_upcard"))
        wall = len(self.game.stock) <= 2  # OpenSpiel's wall: the bench passes for the bot
        predicted = bound.bot_takes(_table(view), _mask(list(view.hand)), top) if (
            drawing and top and not wall) else None
        text = super().bot_move(seat)
        if predicted is not None:
            self.checked.append(predicted == (text in ("take", "take_upcard")))
        return text


def test_bot_takes_is_the_bots_own_rule() -> None:
    checked: list[bool] = []
    for seed in range(8):
        for ours in (0, 1):
            step = Watched(seed, ours, choose_action, bench.Tally())
            step.checked = checked
            step.play()
    assert len(checked) > 50 and all(checked), checked.count(False)


def test_the_told_player_sees_the_bots_hand_and_plays_legal_moves() -> None:
    told = bound.Told()
    tally = bound.play(told, 3, seed0=5)
    assert len(tally.points) == 6 and told.opp != 0
