"""A game's place and what the host keeps of it across a restart, on a bot never connected."""

from __future__ import annotations

import dataclasses

import discord

from cogs.host import GameHost
from cogs.host.meta import meta_of, restore_table_meta
from cogs.host.places import PUSH_LIMIT

from .conftest import gin_record, gin_runtime


def test_a_place_not_in_the_cache_is_reached_by_its_id(host: GameHost) -> None:
    place = host.places.place(2)
    assert isinstance(place, discord.PartialMessageable) and place.id == 2


def test_a_line_pushes_up_the_tables_of_its_place_only_and_a_picture_pushes_as_many(
        host: GameHost) -> None:
    here = gin_runtime()
    elsewhere = gin_runtime(dataclasses.replace(gin_record(game_id=2), channel_id=9))
    host.runtimes.update({1: here, 2: elsewhere})
    host.places.pushed_by(here.record.place_id, picture=False)
    host.places.pushed_by(here.record.place_id, picture=True)
    assert (here.pushed, elsewhere.pushed) == (1 + PUSH_LIMIT, 0)


def test_a_restored_game_gets_back_its_log_pushes_and_newest_dm(host: GameHost) -> None:
    before = gin_runtime()
    before.log, before.pushed = ["Alice drew."], 2
    meta = {**meta_of(before), "dms": {"0": [55, 66]}}
    after = gin_runtime()
    restore_table_meta(after, meta, host.client)
    dm = after.seat(0).last_dm
    assert (after.log, after.pushed) == (["Alice drew."], 2)
    assert dm is not None and (dm.channel.id, dm.id) == (55, 66)
