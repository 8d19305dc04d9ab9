"""Builders shared by the storage tests: seats, a running game, a finished game."""

from __future__ import annotations

from bot.storage import ResultRow, Seat, Storage

GUILD = 1000
CHANNEL = 2000
ALICE, BOB, CAROL, DAVE = 11, 12, 13, 14


def seats(*names: str) -> list[Seat]:
    """Build human seats whose user ids are the ids above, by name."""
    ids = {"Alice": ALICE, "Bob": BOB, "Carol": CAROL, "Dave": DAVE}
    return [{"user_id": ids[n], "name": n, "is_bot": False} for n in names]


async def running_game(store: Storage, channel: int = CHANNEL) -> int:
    """Create a two-player gin game and start it with a first snapshot."""
    game_id = await store.create_game(
        guild_id=GUILD, channel_id=channel, game="gin", host_id=ALICE, seats=seats("Alice", "Bob")
    )
    await store.start_game(game_id, '{"v": 1, "turn": 0}')
    return game_id


async def play(store: Storage, channel: int, results: list[tuple[str, int, bool]]) -> int:
    """Record one finished gin game: (name, points, won) per seat; 'CPU' is a computer."""
    ids = {"Alice": ALICE, "Bob": BOB, "Carol": CAROL, "Dave": DAVE, "CPU": None}
    game_id = await running_game(store, channel=channel)
    await store.record_results(
        game_id,
        [
            ResultRow(seat=i, name=n, user_id=ids[n], is_bot=n == "CPU", points=p, won=w)
            for i, (n, p, w) in enumerate(results)
        ],
    )
    return game_id
