"""The chart of running totals on the hand's result, through the real bot (SimCord)."""

from __future__ import annotations

import io

from PIL import Image

from card_images.chart import AXIS_GAP, LINE_H, MIN_PLOT, PAD, color
from cogs.host import ScriptedDeals
from tests.cogs.conftest import dm, png_of
from tests.cogs.test_ramino import ALICE, BRUNO, CHIARA, DARIO, UP, pick, running, start
from tests.cogs.test_ramino_play import TAKE_KS
from tests.conftest import Sim
from tests.engine.ramino.scripted import deck_order


async def newest_result(sim: Sim) -> Image.Image:
    """Return the newest end-of-hand picture posted in the channel, as RGB."""
    message = next(m for m in reversed(sim.channel.history())
                   if any(a.filename == "hand.png" for a in m.attachments))
    image = await png_of(message)
    data = io.BytesIO()
    image.save(data, "PNG")
    return Image.open(data).convert("RGB")


def plot_colors(image: Image.Image) -> set[tuple[int, int, int]]:
    """Return the colours at the bottom of the picture, where the chart's lines are."""
    height = MIN_PLOT + AXIS_GAP + LINE_H + PAD + 10
    region = image.crop((0, image.height - height, image.width, image.height))
    return {c for _, c in region.getcolors(region.width * region.height) or []}


async def test_after_hand_2_the_posted_result_charts_the_four_totals(
        sim: Sim, deals: ScriptedDeals) -> None:
    deals.queue("ramino",
                deck_order([ALICE, BRUNO, CHIARA, DARIO], UP, dealer=3),  # Alice closes
                deck_order([BRUNO, ALICE, CHIARA, DARIO], UP, dealer=0),  # Bruno closes
                first_dealer=3)
    await start(sim, sim.bruno, sim.chiara, sim.dario)
    for member in (sim.alice, sim.bruno):
        await member.user.click(dm(member), label=TAKE_KS)
        await pick(member, "close", "2C")
    game = running(sim).game
    assert game.board.played == 2
    image = await newest_result(sim)
    assert image.width == 550
    assert {color(i) for i in range(4)} <= plot_colors(image)
    chart = running(sim).adapter.score_chart(game, ["Alice", "Bruno", "Chiara", "Dario"], "en")
    assert chart is not None and chart.target == 101
    assert [s.points[-1] for s in chart.series] == list(game.board.totals)
