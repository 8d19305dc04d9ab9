"""The toy game's Discord adapter: only its pictures, controls and lines; the rest is shared."""

from __future__ import annotations

from collections.abc import Sequence

from card_images import (
    HandEndRow,
    HandEndSpec,
    HandSpec,
    PilesPanel,
    SeatGridPanel,
    SeatSpec,
    TableSpec,
)
from cogs.adapters import (
    ButtonControl,
    Control,
    JsonDict,
    SelectControl,
    SelectOption,
    view_of,
)
from cogs.adapters.base import AdapterBase
from engine.game import Event
from tests.toy.engine import ToyGame, ToyOptions

# The toy's own catalogue, scoped by its name: adding it touches neither shared catalogue.
WORDS = {
    "en": {
        "toy.game": "Three-card toy",
        "toy.preset.sets_only": "Sets only",
        "toy.option.out_bonus": "Bonus for going out",
        "toy.option.out_bonus.help": "Points for the player who goes out.",
        "toy.option.runs": "Runs",
        "toy.option.runs.help": "Runs go out too, not only sets.",
        "toy.error.toy_runs_off": "At this table only a set goes out, not a run.",
    },
    "it": {
        "toy.game": "Giochino a tre carte",
        "toy.preset.sets_only": "Solo tris",
        "toy.option.out_bonus": "Bonus di chiusura",
        "toy.option.out_bonus.help": "I punti di chi chiude.",
        "toy.option.runs": "Scale",
        "toy.option.runs.help": "Si chiude anche con una scala, non solo con un tris.",
        "toy.error.toy_runs_off": "A questo tavolo si chiude solo con un tris, non con una scala.",
    },
}


class ToyAdapter(AdapterBase[ToyGame, ToyOptions, JsonDict]):
    """Draw, then discard or go out: one button and two selects."""

    game = ToyGame
    words = WORDS

    def computer(self, view: JsonDict, level: str = "normal") -> object:
        """Go out when possible, else draw, else throw the first card (at every level)."""
        legal = view["legal"]
        return next((a for a in legal if a.startswith("out ")), legal[0])

    def default_move(self, game: ToyGame, seat: int) -> str:
        """Play the computer's move for an absent player."""
        return self.choose(game, seat)

    def table_spec(self, game: ToyGame, names: Sequence[str], locale: str) -> TableSpec:
        """Return the stock, the pile and each seat's card count."""
        view = view_of(game)
        seats = [SeatSpec(name=names[i], card_count=n, is_turn=view["turn"] == i)
                 for i, n in enumerate(view["sizes"])]
        piles = PilesPanel(stock_count=view["stock"], discard=view["pile"])
        return TableSpec(title="Toy", panels=[piles, SeatGridPanel(seats)])

    def table_status(self, game: ToyGame, names: Sequence[str], locale: str) -> str:
        """Say whose turn it is, or who won."""
        view = view_of(game)
        if game.is_over:
            return f"{names[view['winner']]} wins." if view["winner"] is not None else "A draw."
        return f"{names[view['turn']]} to play."

    def hand_spec(self, game: ToyGame, seat: int, sort: str, locale: str) -> HandSpec:
        """Return the seat's cards."""
        return HandSpec(cards=list(view_of(game, seat)["hand"]), sort="rank")

    def hand_prompt(self, game: ToyGame, seat: int, names: Sequence[str], locale: str) -> str:
        """Say what to do."""
        return "Your move." if view_of(game, seat)["legal"] else "Wait for your turn."

    def controls(self, game: ToyGame, seat: int, locale: str,
                 draft: object | None = None) -> list[Control]:
        """Return Draw, or the discard and go-out selects."""
        legal = view_of(game, seat)["legal"]
        if "draw" in legal:
            return [ButtonControl("draw", "Draw")]
        cards = [a.split()[1] for a in legal if a.startswith("discard ")]
        if not cards:
            return []
        # Every card is offered for going out: the engine says why a wrong one cannot.
        return [SelectControl(verb, verb.title(), [SelectOption(c, c) for c in cards])
                for verb in ("discard", "out")]

    def describe(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """Return the public lines: draws, discards (never the card drawn) and the end."""
        lines = []
        for ev in events:
            if ev.kind == "draw" and ev.seat is not None:
                lines.append(f"{names[ev.seat]} drew.")
            elif ev.kind == "discard" and ev.seat is not None:
                lines.append(f"{names[ev.seat]} discarded {ev.public['card']}.")
            elif ev.kind == "game_end":  # the host's last line under it says "Game over!"
                winner = ev.public["winner"]
                lines.append("A draw." if winner is None else f"{names[winner]} wins.")
        return lines

    def opening_lines(self, game: ToyGame, names: Sequence[str], locale: str) -> list[str]:
        """Say who starts."""
        return [f"{names[0]} starts."]

    def hand_end(self, game: ToyGame, events: Sequence[Event], names: Sequence[str], locale: str
                 ) -> tuple[HandEndSpec, list[str]] | None:
        """Reveal every hand once the game ends."""
        if not any(e.kind == "game_end" for e in events):
            return None
        rows = [HandEndRow(name=names[s], loose=[c.text for c in game.hands[s]])
                for s in range(game.seats)]
        lines = [f"{names[s.seats[0]]}: {s.points}" for s in game.standings()]
        return HandEndSpec(title="The end", rows=rows, score_lines=lines), lines

    def rules_summary(self, options: ToyOptions, locale: str) -> list[str]:
        """Sum up the toy."""
        return ["Draw one, discard one; go out with a set" + (" or a run." if options.runs
                                                               else ".")]

    def settings_lines(self, options: ToyOptions, locale: str) -> list[str]:
        """Name the bonus."""
        return [f"Going out scores {options.out_bonus}."]


TOY = ToyAdapter()
