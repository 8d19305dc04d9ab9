"""The component base: one check (game, seat, turn, version) and one refusal path for all."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.components import GameButton, GameSelect, check, host_of, read, serve, stop_serving
from cogs.custom_ids import ComponentId
from cogs.errors import Refusal
from cogs.host import GameHost
from engine.session import StaleAction
from tests.cogs.host.conftest import ALICE, BRUNO, gin_runtime, offline_host


class Response:
    """Records what the bot answered."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, bool]] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, content: str, ephemeral: bool = False, **_: Any) -> None:
        self.sent.append((content, ephemeral))


def interaction(host: GameHost, user_id: int, locale: str = "en", on: str = "hand") -> Any:
    """A component interaction by this member, on the bot `host` serves.

    `on` is where the component was: a private "hand" (ephemeral) or the public "table".
    """
    message = SimpleNamespace(flags=SimpleNamespace(ephemeral=on == "hand"))
    return SimpleNamespace(user=SimpleNamespace(id=user_id), client=host.client, locale=locale,
                           response=Response(), channel=None, guild=None, guild_id=1,
                           message=message)


@pytest.fixture
def host() -> GameHost:
    host = offline_host()
    host.runtimes[1] = gin_runtime()
    serve(host.client, host)
    return host


def test_lobby_buttons_need_no_running_game(host: GameHost) -> None:
    checked = check(host, interaction(host, 999, on="table"), ComponentId(7, "join"))
    assert (checked.rt, checked.seat) == (None, None)


def test_game_controls_resolve_the_game_and_the_members_seat(host: GameHost) -> None:
    checked = check(host, interaction(host, BRUNO), ComponentId(1, "sort", action="rank"))
    assert checked.rt is host.runtimes[1] and checked.seat == 1


@pytest.mark.parametrize(("cid", "user", "refused"), [
    (ComponentId(2, "hand"), ALICE, "error.game_over"),       # not running
    (ComponentId(1, "hand"), 999, "lobby.not_seated"),
])
def test_a_control_of_no_game_or_for_no_seat_is_refused(
        host: GameHost, cid: ComponentId, user: int, refused: str) -> None:
    with pytest.raises(Refusal) as error:
        check(host, interaction(host, user, on="table"), cid)
    assert error.value.key == refused


def test_a_hands_move_is_checked_for_turn_and_version(host: GameHost) -> None:
    version = host.runtimes[1].game.version
    check(host, interaction(host, ALICE), ComponentId(1, "act", version, "pass"))
    with pytest.raises(StaleAction):
        check(host, interaction(host, ALICE), ComponentId(1, "select", version - 1, "discard"))
    with pytest.raises(Refusal, match=r"^turn\.not_yours$"):
        check(host, interaction(host, BRUNO), ComponentId(1, "act", version, "pass"))
    # Sorting and table buttons are not moves of the hand: no turn needed.
    check(host, interaction(host, BRUNO), ComponentId(1, "sort", action="rank"))
    check(host, interaction(host, BRUNO, on="table"),
          ComponentId(1, "tact", version - 1, "claim"))


async def test_a_refused_check_answers_ephemerally_in_the_members_language(
        host: GameHost) -> None:
    version = host.runtimes[1].game.version
    bruno = interaction(host, BRUNO, locale="it")
    button = GameButton(str(ComponentId(1, "act", version, "pass")), "Passa")
    assert not await button.interaction_check(bruno)
    assert bruno.response.sent == [("Non è il tuo turno: ora gioca Alice.", True)]
    stranger = interaction(host, 999)
    select = GameSelect(str(ComponentId(1, "select", version, "discard")))
    assert not await select.interaction_check(stranger)
    assert stranger.response.sent == [("You are not seated in this game.", True)]


async def test_a_passed_check_answers_nothing(host: GameHost) -> None:
    alice = interaction(host, ALICE, on="table")
    assert await GameButton("rm:1:hand", "My hand").interaction_check(alice)
    assert alice.response.sent == []


async def test_ids_the_bot_never_sends_are_answered_as_no_longer_available(
        host: GameHost) -> None:
    # (They used to be ignored, leaving the member with "This interaction failed".)
    for custom_id in ("rm:1:act:x:pass", "rm:1:xyz", f"rm:{2**64}:join", "rm:1:sort:up"):
        alice = interaction(host, ALICE, on="table")
        assert await GameButton(custom_id, "?").interaction_check(alice) is False
        assert alice.response.sent == [("That move is no longer available.", True)]


@pytest.mark.parametrize(("custom_id", "values", "select"), [
    ("rs:1:0:discard", ["²H"], True),     # a value the bot never offers
    ("rs:1:0:discard", ["7H"] * 26, True),
    ("rs:1:0:discard", [], False),        # a select's id on a button
    ("rm:1:hand", [], True),              # and a button's on a select
    ("rm:1:act:0", [], False),
])
def test_reading_a_click_refuses_what_the_bot_never_sends(
        custom_id: str, values: list[str], select: bool) -> None:
    with pytest.raises(Refusal) as refused:
        read(custom_id, values, select)
    assert refused.value.key == "error.move_unavailable"
    assert read("rs:1:0:discard", ["7H"], True) == (ComponentId(1, "select", 0, "discard"),
                                                    ("7H",))


@pytest.mark.parametrize(("cid", "on"), [
    (ComponentId(1, "sort", action="rank"), "table"),  # a hand's controls on the table
    (ComponentId(1, "act", 0, "pass"), "table"),
    (ComponentId(1, "select", 0, "discard"), "table"),
    (ComponentId(1, "choice", 0), "table"),
    (ComponentId(1, "hand"), "hand"),  # and the table's on a hand
    (ComponentId(1, "tact", 0, "claim"), "hand"),
    (ComponentId(1, "join"), "hand"),
])
def test_a_control_on_the_wrong_surface_is_refused(host: GameHost, cid: ComponentId,
                                                   on: str) -> None:
    with pytest.raises(Refusal) as refused:
        check(host, interaction(host, ALICE, on=on), cid)
    assert refused.value.key == "error.move_unavailable"


def test_a_dm_is_a_private_surface(host: GameHost) -> None:
    in_dm = interaction(host, ALICE, on="table")
    in_dm.guild_id = None  # a DM's message is not ephemeral, yet only its member sees it
    assert check(host, in_dm, ComponentId(1, "sort", action="rank")).seat == 0
    with pytest.raises(Refusal):
        check(host, in_dm, ComponentId(1, "hand"))


async def test_a_click_on_a_bot_no_host_serves_does_nothing(host: GameHost) -> None:
    alice = interaction(host, ALICE)
    assert host_of(host.client) is host
    stop_serving(host.client)  # the cog was unloaded
    assert host_of(host.client) is None
    assert not await GameButton("rm:1:hand", "My hand").interaction_check(alice)
    assert alice.response.sent == []


async def test_a_failing_check_is_logged_not_swallowed(
        host: GameHost, caplog: pytest.LogCaptureFixture) -> None:
    alice = interaction(host, ALICE, on="table")
    # A bug, not a refusal: a runtime whose record lost its seats.
    host.runtimes[1].record = dataclasses.replace(host.runtimes[1].record, seats=None)
    assert not await GameButton("rm:1:hand", "My hand").interaction_check(alice)
    assert alice.response.sent == []
    assert "checking the component rm:1:hand failed" in caplog.text


class FailingRouter:
    """A router whose answer Discord refuses after the click was acknowledged (or not)."""

    def __init__(self, acknowledge: bool) -> None:
        self.acknowledge = acknowledge

    async def route(self, interaction: Any, *_: Any) -> None:
        if self.acknowledge:
            await interaction.response.send_message("deferred")
        raise discord.HTTPException(SimpleNamespace(status=503, reason="Unavailable"), "down")


@pytest.mark.parametrize(("locale", "words"), [
    ("en", "Discord could not show all of the answer."),
    ("it", "Discord non ha potuto mostrare tutta la risposta.")])
async def test_an_answer_discord_refuses_is_told_after_the_acknowledgement(
        host: GameHost, locale: str, words: str) -> None:
    host.router = FailingRouter(acknowledge=True)  # type: ignore[assignment]
    alice = interaction(host, ALICE, locale)
    followups: list[tuple[str, bool]] = []

    async def send(content: str, ephemeral: bool = False) -> None:
        followups.append((content, ephemeral))

    alice.followup = SimpleNamespace(send=send)
    button = GameButton("rm:1:sort:rank", "Sort")
    assert await button.interaction_check(alice)
    await button.callback(alice)  # nothing escapes to discord.py
    assert len(followups) == 1 and followups[0][1] is True
    assert followups[0][0].startswith(words)


async def test_a_click_discord_never_took_gets_no_second_try(host: GameHost) -> None:
    host.router = FailingRouter(acknowledge=False)  # type: ignore[assignment]
    alice = interaction(host, ALICE)
    button = GameButton("rm:1:sort:rank", "Sort")
    assert await button.interaction_check(alice)
    await button.callback(alice)  # Discord itself shows the member the click failed
    assert alice.response.sent == []
