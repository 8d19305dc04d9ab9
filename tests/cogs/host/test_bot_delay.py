"""How long computer players wait: RUMMY_BOT_DELAY when set, else the host's BOT_DELAY."""

from __future__ import annotations

from types import SimpleNamespace

import cogs.host
from bot.settings import Settings
from cogs.host import GameHost

from .conftest import gin_record


def test_without_the_setting_the_host_waits_bot_delay() -> None:
    unset = GameHost(SimpleNamespace(settings=Settings(), storage=None))
    assert unset.bot_delay == cogs.host.BOT_DELAY  # the module value, which tests may change
    assert GameHost(SimpleNamespace(storage=None)).bot_delay == cogs.host.BOT_DELAY


def test_the_setting_is_the_delay_of_every_session_the_host_deals() -> None:
    host = GameHost(SimpleNamespace(settings=Settings(bot_delay=0.25), storage=None))
    assert host.bot_delay == 0.25
    assert host.sessions.deal(gin_record()).session.bot_delay == 0.25
