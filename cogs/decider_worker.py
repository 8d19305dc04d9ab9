"""A computers' worker process: it reads the moves to work out on stdin and answers on stdout.

Started by Deciders (deciders.py) as `python -m cogs.decider_worker`. Each message is a
4-byte big-endian length, then that many bytes of JSON. The worker first says it is ready
(every game's modules loaded), then answers each request {"id", "game", "state", "seat",
"level"}, in order, with {"id", "move"}, or {"id", "error"} when the computer player raised.
It stops when its input closes (the bot stopped or closed it).
"""

from __future__ import annotations

import json
import os
import struct
import sys
from typing import Any, BinaryIO

from cogs.registry import adapter_for, game_names

HEADER = struct.Struct("!I")  # a message's length

Message = dict[str, Any]


def frame(message: Message) -> bytes:
    """Return the message as it travels: its length, then its JSON."""
    body = json.dumps(message, separators=(",", ":")).encode()
    return HEADER.pack(len(body)) + body


def parse(body: bytes) -> Message:
    """Return the message a frame's body holds."""
    message: Message = json.loads(body)
    return message


def decided(game: str, state: str, seat: int, level: str) -> str:
    """Return the computer's move for a seat of a game given as its state text."""
    adapter = adapter_for(game)
    return str(adapter.choose(adapter.load(json.loads(state)), seat, level))


def ready() -> None:
    """Load every game's modules, so that the first move asked is not slowed by them."""
    for name in game_names():
        adapter_for(name)


def answer(request: Message) -> Message:
    """Return the answer to one request: the move, or what the computer raised."""
    try:
        move = decided(request["game"], request["state"], request["seat"], request["level"])
    except Exception as error:  # the bot decides this move itself and sees the error there
        return {"id": request["id"], "error": f"{type(error).__name__}: {error}"}
    return {"id": request["id"], "move": move}


def read(stream: BinaryIO) -> Message | None:
    """Return the next message on the stream, or None once it has closed."""
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        return None
    return parse(stream.read(HEADER.unpack(header)[0]))


def main() -> None:
    """Answer the bot's requests until it closes the input."""
    # The answers own the real stdout: anything else printed goes to stderr, with the logs.
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    ready()
    answers.write(frame({"ready": True}))
    answers.flush()
    while (request := read(sys.stdin.buffer)) is not None:
        answers.write(frame(answer(request)))
        answers.flush()


if __name__ == "__main__":
    main()
