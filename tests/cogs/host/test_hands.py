"""A private hand is never written to a public message, whatever click asks for it."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from cogs.errors import Refusal
from cogs.host import GameHost
from cogs.host.hands import remember
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
