"""How long computer players wait: RUMMY_BOT_DELAY when set, else the host's BOT_DELAY."""

from __future__ import annotations

import pytest

import cogs.host
from bot.settings import Settings

from .conftest import gin_record, offline_host


def test_without_the_setting_the_host_waits_bot_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    unset = offline_host(Settings().bot_delay)
    assert unset.bot_delay == cogs.host.BOT_DELAY
    monkeypatch.setattr(cogs.host, "BOT_DELAY", 3.0)  # the module value, which tests change
    assert unset.bot_delay == 3.0


def test_the_setting_is_the_delay_of_every_session_the_host_deals() -> None:
    host = offline_host(Settings(bot_delay=0.25).bot_delay)
    assert host.bot_delay == 0.25
    assert host.sessions.deal(gin_record()).session.bot_delay == 0.25
