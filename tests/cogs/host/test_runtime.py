"""The runtime record: per-seat state, menu drafts and the turn check of a hand's moves."""

from __future__ import annotations

import pytest

from cogs.errors import Refusal
from cogs.host.runtime import SeatState
from engine.session import StaleAction

from .conftest import ALICE, BRUNO, gin_runtime


def test_a_seat_starts_with_nothing_shown_sorted_by_suit() -> None:
    state = SeatState()
    assert (state.surface, state.shown, state.sort, state.dm_closed) == (None, None, "suit",
                                                                          False)
    assert (state.draft, state.draft_version) == (None, -1)
    # Nothing known about the surface: each caller says what "unknown" means for him.
    assert state.has_controls(unknown=True) and not state.has_controls(unknown=False)


def test_a_surface_is_remembered_then_forgotten() -> None:
    state = SeatState()
    marker = object()
    state.show_on(marker)  # type: ignore[arg-type]
    state.shown = ("key", False)
    assert state.surface is marker and state.shown_at > 0
    assert not state.has_controls(unknown=True)
    state.forget_surface()
    assert state.surface is None and state.shown is None


def test_each_seat_has_one_state_of_its_own() -> None:
    rt = gin_runtime()
    rt.seat(1).sort = "rank"
    assert rt.seat(1) is rt.seat(1) and rt.seat(0).sort == "suit"
    assert sorted(rt.seats) == [0, 1]


def test_a_draft_holds_only_at_the_version_it_was_made() -> None:
    rt = gin_runtime()
    rt.set_draft(0, "take")
    assert rt.draft(0) == "take" and rt.draft(1) is None
    rt.game.apply(0, rt.game.parse_action("pass"))  # any accepted move moves the version
    assert rt.draft(0) is None


def test_seats_locales_and_settings_come_from_the_record() -> None:
    rt = gin_runtime()
    assert rt.names == ["Alice", "Bruno"]
    assert rt.seat_of(ALICE) == 0 and rt.seat_of(BRUNO) == 1 and rt.seat_of(999) is None
    assert rt.seat_locale(0) == "it" and rt.seat_locale(1) == "en"
    assert (rt.locale, rt.delivery) == ("en", "dm")


def test_a_hand_move_is_checked_against_version_and_turn() -> None:
    rt = gin_runtime()
    version = rt.game.version
    rt.check_move(0, version)  # Alice acts first
    with pytest.raises(StaleAction):
        rt.check_move(0, version - 1)
    with pytest.raises(Refusal) as refused:  # naming who plays now
        rt.check_move(1, version)
    assert (refused.value.key, refused.value.listed) == ("turn.not_yours", {"name": "Alice"})
