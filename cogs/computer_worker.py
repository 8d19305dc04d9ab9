"""A computers' worker process: it keeps a copy of each game it is asked about and plays the
moves it is told, so that a computer's move costs it a decision, not a rebuilt game.

Started by Replicas (cogs/host/replicas.py) as `python -m cogs.computer_worker`. Each
message is one line of JSON. A request {"id", "key", "game", "seat", "level", "version"}
carries either "state" (the game's state text: the copy is made anew) or "moves" ([seat,
text] pairs made since the last request: the copy plays them). The worker answers, in
order, {"id", "move"}; {"id", "stale"} when its copy is not at "version" (the bot sends the
state then); or {"id", "error"} when the computer player raised. {"forget": key} drops a
copy. It stops when its input closes (the bot stopped or closed it).
"""

from __future__ import annotations

import json
import sys
from collections import OrderedDict
from typing import Any, TextIO

from cogs.adapters.base import GameAdapter
from cogs.registry import adapter_for, game_names
from engine.game import Game

Message = dict[str, Any]
MAX_COPIES = 20_000  # the least recently asked copies go past this (sent again if needed)


class Copies:
    """The games this worker keeps, by the bot's key, least recently asked first."""

    def __init__(self) -> None:
        self.games: OrderedDict[int, tuple[GameAdapter, Game]] = OrderedDict()

    def answer(self, request: Message) -> Message | None:
        """Return the answer to one message (None for a `forget`, which has none)."""
        if "forget" in request:
            self.games.pop(request["forget"], None)
            return None
        try:
            copy = self._brought_up(request)
        except Exception:  # a move the copy refuses: it is not the bot's game any more
            copy = None
        if copy is None or copy[1].version != request["version"]:
            self.games.pop(request["key"], None)
            return {"id": request["id"], "stale": True}
        try:
            move = copy[0].choose(copy[1], request["seat"], request["level"])
        except Exception as error:  # the bot decides this move itself and sees it there
            # The kind only: a message may name a card of a hand hidden from the log's readers.
            return {"id": request["id"], "error": type(error).__name__}
        return {"id": request["id"], "move": str(move)}

    def _brought_up(self, request: Message) -> tuple[GameAdapter, Game] | None:
        """Return the request's game with the moves it brings played (None: no copy)."""
        key = request["key"]
        if "state" in request:
            adapter = adapter_for(request["game"])
            self.games[key] = (adapter, adapter.load(json.loads(request["state"])))
        copy = self.games.get(key)
        if copy is None:
            return None
        self.games.move_to_end(key)
        for seat, text in request.get("moves", ()):
            copy[1].apply(seat, text)
        if len(self.games) > MAX_COPIES:
            self.games.popitem(last=False)
        return copy


def serve(requests: TextIO, answers: TextIO) -> None:
    """Answer the requests, one line each, until the input closes."""
    copies = Copies()
    for line in requests:
        answer = copies.answer(json.loads(line))
        if answer is not None:
            answers.write(json.dumps(answer, separators=(",", ":")) + "\n")
            answers.flush()


def main() -> None:
    """Load every game's modules, then answer the bot's requests on stdin and stdout."""
    answers = sys.stdout
    sys.stdout = sys.stderr  # anything else printed goes with the logs, not the answers
    for name in game_names():
        adapter_for(name)
    serve(sys.stdin, answers)


if __name__ == "__main__":
    main()
