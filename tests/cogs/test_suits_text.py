"""Suit symbols in what the bot writes ask for their text form (U+FE0E after ♠ ♥ ♦ ♣).

Without the selector Discord draws ♠ and ♣ as dark emoji, grey blobs on the dark theme.
Every REST request the bot makes is read: message texts, button labels, select options.
"""

from __future__ import annotations

import json
import re

from bot.i18n import cards_text
from card_images import PilesPanel, SeatGridPanel, SeatSpec, TableSpec, render_table
from cogs.host import ScriptedDeals
from tests.cogs.conftest import LOOSE_A, LOOSE_B, custom_id, deal, dm, open_table, script
from tests.conftest import Sim

SUIT = re.compile("[♠♥♦♣]")
BARE_SUIT = re.compile("[♠♥♦♣](?!\ufe0e)")


def sent_texts(sim: Sim) -> list[str]:
    """Return every JSON body the bot sent to Discord, as text."""
    return [json.dumps(r.json, ensure_ascii=False) for r in sim.env.http_requests
            if r.json is not None]


async def test_every_suit_the_bot_writes_is_in_text_form(sim: Sim, deals: ScriptedDeals) -> None:
    script(deals, deal(LOOSE_A, LOOSE_B, upcard="4C", stock="2H 2C"), dealer=1)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.click(lobby, label="Start")
    await sim.alice.user.click(dm(sim.alice), label="Pass")
    await sim.bruno.user.click(dm(sim.bruno), label="Pass")
    await sim.alice.user.click(dm(sim.alice), label="Draw from stock")
    hand = dm(sim.alice)
    await sim.alice.user.select(hand, ["KS"], custom_id=custom_id(hand, ":discard"))

    sent = "\n".join(sent_texts(sim))
    # Enough suits were written to mean something: the upcard, the discard menu, the discard.
    assert len(SUIT.findall(sent)) > 10 and "K♠\ufe0e" in sent and "4♣\ufe0e" in sent
    assert [m.group() for m in BARE_SUIT.finditer(sent)] == []
    labels = [text for text in sent_texts(sim) if '"label"' in text]
    assert any("4♣\ufe0e" in text for text in labels)  # a button: "Take upcard (4♣)"


def test_the_text_form_changes_nothing_in_a_picture() -> None:
    # Status lines and notes carry the same card texts into the table picture.
    def table(text: str) -> bytes:
        seats = [SeatSpec("Ann", 3, note=f"laid off {text}→B"), SeatSpec("Bob", 2)]
        return render_table(TableSpec("Rummy 500", [PilesPanel(), SeatGridPanel(seats)],
                                      status=f"Rummy! {text} can be claimed"))

    assert table(cards_text(["AS", "10C"])) == table("A♠ 10♣")
