"""Bad input from Discord: every malformed click and over-long text gets an answer.

A forged client can send any custom id and any select value: the tests have the bot post
(or edit its own messages to carry) components with such ids, as only a forged client or a
message from an older bot could present them, and click them as a member would.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
import pytest
import simcord

from bot.i18n import t
from cogs.host import ScriptedDeals
from cogs.registry import adapter_for
from tests.cogs.conftest import (
    LOOSE_A,
    LOOSE_B,
    children,
    custom_id,
    deal,
    dm,
    labels,
    open_table,
    script,
    set_locale,
    table_message,
)
from tests.cogs.test_rummy500 import ALICE as R500_ALICE
from tests.cogs.test_rummy500 import BRUNO as R500_BRUNO
from tests.cogs.test_rummy500 import CHIARA as R500_CHIARA
from tests.cogs.test_rummy500 import STOCK as R500_STOCK
from tests.cogs.test_rummy500 import deal3, script_rummy, three_players
from tests.conftest import Sim

UNAVAILABLE = t("error.move_unavailable", "en")
MAX_CONTENT = 2000


async def started(sim: Sim, deals: ScriptedDeals) -> int:
    """Start a quiet gin game of Alice and Bruno (Alice acts first); return its id."""
    script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C", stock="2C 3C 4C 7S 8S 10S"), dealer=1)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.click(lobby, label="Start")
    return 1


async def version(sim: Sim, game_id: int = 1) -> int:
    return (await sim.bot.storage.get_game(game_id)).state_version


def hand_version(member: simcord.MemberActor) -> int:
    """Return the game version the member's hand moves carry (the game's current one)."""
    ids = [getattr(c, "custom_id", None) for c in children(dm(member))]
    return next(int(i.split(":")[3]) for i in ids if i and i.split(":")[2] == "act")


def forged_view(buttons: Sequence[str] = (), select: tuple[str, str] | None = None
                ) -> discord.ui.View:
    """Return plain components with these custom ids (a select: its id and its one value)."""
    view = discord.ui.View(timeout=None)
    for i, cid in enumerate(buttons):
        view.add_item(discord.ui.Button(label=f"forged {i}", custom_id=cid))
    if select is not None:
        cid, value = select
        view.add_item(discord.ui.Select(custom_id=cid,
                                        options=[discord.SelectOption(label=value, value=value)]))
    return view


async def post_forged(sim: Sim, view: discord.ui.View) -> discord.Message:
    """Post the components in the channel as the bot, without keeping a view for them."""
    message = await sim.bot.get_channel(sim.channel.id).send("forged", view=view)
    view.stop()  # only the game's own persistent components may answer
    return message


def assert_unavailable(result: object, locale: str = "en") -> None:
    assert result.acknowledged, result  # type: ignore[attr-defined]
    response = result.response  # type: ignore[attr-defined]
    assert result.ephemeral and response.content == t("error.move_unavailable", locale), response


# ----- malformed custom ids and values -----------------------------------------------------


async def test_malformed_ids_are_answered_as_no_longer_available(
        sim: Sim, deals: ScriptedDeals) -> None:
    gid = await started(sim, deals)
    v, hv = await version(sim), hand_version(sim.alice)
    table = table_message(sim)
    ids = [
        f"rm:{gid}:act:abc:pass",      # a version that is not a number
        f"rm:{gid}:act:²:pass",        # nor this one
        "rm:99999999999999999999999:join",  # a game id beyond 64 bits
        f"rm:{2**63}:hand",
        "rm:424242:join",              # a lobby of a game that does not exist
        f"rm:{gid}:xyz",               # a kind the bot never sends
        f"rm:{gid}:sort:diagonal",     # an order that is not one
        f"rm:{gid}:join:more",         # lobby buttons carry nothing more
        "rm:٣:join",                   # digits of another script
        f"rm:{gid}:act:{hv}:discard ²H",  # a well-formed id whose move is not a move
        f"rm:{gid}:act:{hv}:take ²H with 3H 4H",
        f"rm:{gid}:tact:{hv}:\x00",
    ]
    message = await post_forged(sim, forged_view(ids))
    for i, _ in enumerate(ids):
        # Each on a private copy would be the same: the refusal comes before any surface.
        assert_unavailable(await sim.alice.click(message, label=f"forged {i}"))
    assert await version(sim) == v
    assert table_message(sim).content == table.content


async def test_a_select_value_that_is_no_card_is_refused(sim: Sim, deals: ScriptedDeals) -> None:
    gid = await started(sim, deals)
    v, hv = await version(sim), hand_version(sim.alice)
    for value in ("²H", "𝟐H", "x" * 100):
        cid = f"rs:{gid}:{hv}:discard"
        message = await post_forged(sim, forged_view(select=(cid, value)))
        assert_unavailable(await sim.alice.select(message, [value], custom_id=cid))
    assert await version(sim) == v


async def test_a_menu_step_the_hand_does_not_offer_is_refused(
        sim: Sim, deals: ScriptedDeals) -> None:
    # Rummy 500's menus read their steps' values back (a pile position): only offered ones.
    script_rummy(deals, deal3([R500_ALICE, R500_BRUNO, R500_CHIARA], "JC", R500_STOCK))
    await three_players(sim)
    gid, v, hv = 1, await version(sim), hand_version(sim.alice)
    hand = dm(sim.alice)
    cid = f"rs:{gid}:{hv}:ui_take"
    view = forged_view([f"rm:{gid}:act:{hv}:ui_take 99", f"rm:{gid}:act:{hv}:ui_nothing"],
                       select=(cid, "abc"))
    message = await hand.channel.send("forged", view=view)
    view.stop()
    assert_unavailable(await sim.alice.user.select(message, ["abc"], custom_id=cid))
    for i in range(2):
        assert_unavailable(await sim.alice.user.click(message, label=f"forged {i}"))
    # Her hand still shows, and its menus still work.
    shown = await sim.alice.click(table_message(sim), label="My hand")
    assert shown.ephemeral and "Draw from stock" in labels(shown.response)
    await sim.alice.user.click(hand, label="Draw from stock")
    assert await version(sim) == v + 1


# ----- surfaces ------------------------------------------------------------------------------


async def add_to_table(sim: Sim, ids: Sequence[str]) -> None:
    """Have the bot's own table message carry these controls (only its view changes)."""
    table = table_message(sim)
    channel = sim.bot.get_channel(sim.channel.id)
    view = forged_view(ids)
    await channel.get_partial_message(table.id).edit(view=view)
    view.stop()


async def test_hand_controls_pressed_on_the_table_never_show_a_hand_there(
        sim: Sim, deals: ScriptedDeals) -> None:
    await started(sim, deals)
    v = await version(sim)
    before = table_message(sim)
    hand = dm(sim.alice)
    sort, play = custom_id(hand, ":sort:rank"), custom_id(hand, ":pass")
    await add_to_table(sim, [sort, play])
    for i in range(2):
        assert_unavailable(await sim.alice.click(table_message(sim), label=f"forged {i}"))
    table = table_message(sim)
    assert table.id == before.id and table.content == before.content
    assert [a.filename for a in table.attachments] == ["table.png"]
    assert await version(sim) == v  # the pass was not played
    # The hand's own controls still work where they belong.
    await sim.alice.user.click(dm(sim.alice), label="Pass")
    assert "Alice passed on the upcard." in table_message(sim).content


async def test_a_hand_menu_select_on_the_table_is_refused(sim: Sim, deals: ScriptedDeals) -> None:
    gid = await started(sim, deals)
    v = await version(sim)
    table = table_message(sim)
    cid = f"rs:{gid}:{hand_version(sim.alice)}:discard"
    channel = sim.bot.get_channel(sim.channel.id)
    view = forged_view(select=(cid, "5C"))
    await channel.get_partial_message(table.id).edit(view=view)
    view.stop()
    assert_unavailable(await sim.alice.select(table_message(sim), ["5C"], custom_id=cid))
    assert [a.filename for a in table_message(sim).attachments] == ["table.png"]
    assert await version(sim) == v


async def test_table_controls_pressed_on_a_hand_are_refused(
        sim: Sim, deals: ScriptedDeals) -> None:
    gid = await started(sim, deals)
    hand = dm(sim.alice)
    view = forged_view([f"rm:{gid}:hand", f"rm:{gid}:join"])
    message = await hand.channel.send("forged", view=view)
    view.stop()
    for i in range(2):
        assert_unavailable(await sim.alice.user.click(message, label=f"forged {i}"))
    await sim.alice.user.click(hand, label="Pass")
    assert "Alice passed on the upcard." in table_message(sim).content


# ----- message limits ------------------------------------------------------------------------


@pytest.mark.parametrize("locale", ["en", "it"])
async def test_a_very_long_preset_is_refused_within_discords_limit(
        sim: Sim, monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    set_locale(monkeypatch, sim.alice.id, locale)
    preset = "p" * 2000
    refused = await sim.alice.slash(sim.channel, "rummy new", game="gin", preset=preset)
    assert refused.acknowledged and refused.ephemeral
    text = refused.response.content
    # The refusal names the value, cut short, in the member's language.
    assert len(text) <= MAX_CONTENT and text.startswith("p" * 50)
    presets = ", ".join(adapter_for("gin").presets())
    assert "p…" in text and text.endswith(t("settings.unknown_preset", locale, value="",
                                            presets=presets))


@pytest.mark.parametrize("locale", ["en", "it"])
async def test_long_option_names_and_values_are_refused_within_discords_limit(
        sim: Sim, monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    set_locale(monkeypatch, sim.alice.id, locale)
    await sim.alice.slash(sim.channel, "rummy new", game="gin")
    for option, value in (("o" * 3000, "v" * 3000), ("knock_limit", "9" * 3000),
                          ("knock_limit", "²" * 3000)):
        refused = await sim.alice.slash(sim.channel, "rummy settings", option=option,
                                        value=value)
        assert refused.acknowledged and refused.ephemeral, (option[:9], value[:9])
        text = refused.response.content
        # An unknown option is what the answer repeats first; a bad value, for a known one.
        typed = value if option == "knock_limit" else option
        assert len(text) <= MAX_CONTENT and "…" in text and text.startswith(typed[:20])
