"""A private hand is never written to a public message, whatever click asks for it."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from card_images import HandSpec
from cogs.errors import Refusal
from cogs.host import GameHost
from cogs.host.hands import remember, with_news
from cogs.host.runtime import SeatState
from tests.cogs.host.conftest import gin_runtime


class Response:
    """Records the edits the bot made to the clicked message."""

    def __init__(self) -> None:
        self.edits: list[dict[str, Any]] = []

    async def edit_message(self, **fields: Any) -> None:
        self.edits.append(fields)


def click_on(ephemeral: bool, guild_id: int | None = 1) -> Any:
    """A click on a message: the table (public), an ephemeral answer or a DM (guild None)."""
    message = SimpleNamespace(id=7, flags=SimpleNamespace(ephemeral=ephemeral))
    return SimpleNamespace(message=message, guild_id=guild_id, response=Response())


async def test_a_click_on_a_public_message_is_never_answered_with_a_hand(host: GameHost) -> None:
    rt = gin_runtime()
    public = click_on(ephemeral=False)
    with pytest.raises(Refusal):
        await host.hands.redraw(rt, 0, public, controls_on=True)
    with pytest.raises(Refusal):
        remember(rt.seat(0), public)  # a move's answer would edit it with the new hand
    assert public.response.edits == [] and rt.seat(0).surface is None


async def test_a_dm_or_an_ephemeral_answer_is_redrawn_in_place(host: GameHost) -> None:
    rt = gin_runtime()
    for private in (click_on(ephemeral=True), click_on(ephemeral=False, guild_id=None)):
        await host.hands.redraw(rt, 0, private, controls_on=True)
        assert [e["attachments"][0].filename for e in private.response.edits] == ["hand.png"]


@pytest.mark.parametrize(("locale", "drew", "took"), [
    ("en", "You drew 10♣\ufe0e and J♣\ufe0e.", "You took 7♦\ufe0e, 7♦\ufe0e and K♠\ufe0e."),
    ("it", "Hai pescato 10♣\ufe0e e J♣\ufe0e.", "Hai preso 7♦\ufe0e, 7♦\ufe0e e K♠\ufe0e."),
])
def test_the_cards_drawn_and_taken_are_named_in_a_list_and_each_marked_once(
        locale: str, drew: str, took: str) -> None:
    state = SeatState(drawn=("10C", "JC"), taken=("7D", "7D", "KS"))
    # Two decks: both 7♦ were taken and one was marked already; the 7♦ held before stays down.
    spec = HandSpec(["10C", "JC", "7D", "7D", "7D", "KS", "2H"], highlight=["7D"])
    marked, lines = with_news(state, spec, locale)
    assert lines == [drew, took]
    assert sorted(marked.highlight) == ["10C", "7D", "7D", "JC", "KS"]


def test_nothing_is_said_once_the_cards_drawn_left_the_hand() -> None:
    spec = HandSpec(["2H", "3H"])
    assert with_news(SeatState(drawn=("KS",), taken=("9C",)), spec, "en") == (spec, [])
