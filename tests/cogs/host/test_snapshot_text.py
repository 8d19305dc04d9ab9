"""What storage keeps of a game: the session's text of its game, its counters and its start."""

from __future__ import annotations

import json

from cogs.host import snapshot_text
from engine.gin import GinGame, GinOptions
from engine.session import GameSession, SessionHooks


async def _save(*_args: object) -> None:
    """Store nothing."""


def test_the_snapshot_holds_the_sessions_text_of_its_game_as_one_compact_document() -> None:
    game = GinGame.create(GinOptions(), 2, seed=3)
    session = GameSession(game, SessionHooks(load=GinGame.from_json, persist=_save,
                                             choose=lambda g, s: None))
    session.taken_over.add(1)
    start = {"decks": [["AS", "2S"]], "first_dealer": 0}
    kept = {"engine": game.to_json(), "session": session.meta(), "start": start}
    assert snapshot_text(game, session, start) == json.dumps(kept, separators=(",", ":"))
    assert snapshot_text(game, None) == json.dumps(
        {"engine": game.to_json(), "session": {}}, separators=(",", ":"))
