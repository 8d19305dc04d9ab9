"""Every move-log line of every game, played out by the computer players, read in both
languages against the Italian conventions below; the table and hand pictures' words too.

The Italian conventions (docs/italian.md says the same, with the reasons):

- Tense: a line that tells what a player did is in the passato prossimo ("Alice ha scartato
  7♣", "ha pescato", "ha calato", "ha attaccato", "ha chiuso"), as the English log is in the
  simple past. Outcomes and states keep the present, as in English ("vince la partita",
  "resta fuori", "è fuori"). So no line has a player's name followed by a move verb in the
  present (PRESENT_MOVES).
- One word for each thing, in the log, the prompts and the pictures alike: the stock is the
  "mazzo", the discard pile "gli scarti" (caption "Scarti"); never "tallone" or "pozzo",
  the words of some Italian rule books (BANNED). A meld is a "combinazione"; wild cards
  in Canasta are "matte", the joker "jolly"; a set is a "tris"; extra points are a "bonus"
  (not "premio"); gin's undercut is "undercut" (not "sottotaglio"); Discord's direct
  messages are "messaggi diretti", as its Italian client says.
- The person who opened a table is "chi gestisce il tavolo" ("Tavolo di Alice" in the lobby),
  never "host".
- Natural order: "Mano 1: Alice distribuisce le carte."; a lay-off names the meld after
  "alla combinazione" ("ha attaccato A♥ alla combinazione A"), and Canasta says what the meld
  has become ("la combinazione ora è una canasta sporca di A").
- Borrowed game terms stay as Italian players say them: gin, big gin, undercut, Rummy!,
  canasta, pinellata. No other English word is left in an Italian line (ENGLISH).
- Every line is a sentence: it ends with ".", "!" or "?", and no "{" is left unfilled.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from bot.i18n import catalogue
from cogs.adapters import Deal
from cogs.adapters.base import GameAdapter
from cogs.registry import adapter_for
from engine.game import Event

NAMES = ["Alice", "Bruno", "Chiara", "Dario"]
# The present of the verbs that tell a move; after a player's name they mean a present-tense
# log line.
PRESENT_MOVES = ("pesca", "prende", "scarta", "cala", "attacca", "bussa", "chiude", "apre",
                 "sceglie", "reclama", "lascia", "rinuncia", "dichiara", "fa", "rientra", "dà",
                 "distribuisce le carte e", "passa", "prendono", "calano", "chiudono")
BANNED = ("tallone", "pozzo", "host", "monte", "dà le carte", "sottotaglio", "premio",
          "carte spaiate", "messaggio privato", "messaggi privati")
ENGLISH = ("the", "and", "drew", "draws", "discarded", "took", "stock", "pile", "meld",
           "melded", "laid", "knock", "knocked", "deadwood", "upcard", "hand", "points",
           "wins", "went", "out", "turn", "dealer", "deals", "unmelded", "cards", "total",
           "discard", "no", "with", "of")
# (game, preset, rule changes, seats): every game and the variants whose lines differ.
PLAYS = [("gin", "standard", {}, 2), ("gin", "mahjong", {}, 2), ("gin", "oklahoma", {}, 2),
         ("gin", "hollywood", {}, 2), ("gin", "german", {"team_size": 2}, 4),
         ("rummy500", "standard", {}, 3), ("rummy500", "italian", {}, 4),
         ("rummy500", "scala40", {"special_card_per_hand": True}, 3),
         ("ramino", "classic", {"elimination_limit": 40, "reentry": True}, 4),
         ("ramino", "chips", {"stake_per_point": 1}, 3),
         ("ramino51", "standard", {}, 3), ("ramino51", "limit_500", {}, 4),
         ("canasta", "short", {}, 2), ("canasta", "short", {}, 4)]
# one seeded game per setup; RUMMY_PROPERTY_MATCHES=20 reads twenty of each
SEEDS = range(1, 1 + int(os.environ.get("RUMMY_PROPERTY_MATCHES", "1")))
CAPTION_EVERY = 40  # actions between two looks at the table and hand pictures


@dataclasses.dataclass
class Played:
    """A game played out: its adapter, each action's events, and the pictures' words."""

    adapter: GameAdapter
    batches: list[list[Event]]
    captions: dict[str, list[str]]


def play(game_name: str, preset: str, rules: Mapping[str, object], seats: int,
         seed: int) -> Played:
    """Play a game to its end with the computer players (claims and windows included)."""
    adapter = adapter_for(game_name)
    game = adapter.new_game(adapter.options(preset, dict(rules)), seats, Deal(seed=seed))
    played = Played(adapter, [], {"it": [], "en": []})
    while not game.is_over:
        if len(played.batches) % CAPTION_EVERY == 0:
            look(played, game, seats)
        played.batches.append(step(adapter, game))
    look(played, game, seats)
    return played


def step(adapter: GameAdapter, game: Any) -> list[Event]:
    """Play the next action: a computer's claim or the window's close, or a seat's move."""
    window = game.system_timer()
    if window is not None:
        for seat in game.reactors():
            claim = adapter.react(game, seat)
            if claim:
                return list(game.apply(seat, claim))
        return list(game.apply(-1, window[1]))
    seat = game.to_act()[0]
    return list(game.apply(seat, adapter.choose(game, seat)))


def look(played: Played, game: Any, seats: int) -> None:
    """Collect the words of the table picture, its status and every hand picture."""
    names = NAMES[:seats]
    for locale, words in played.captions.items():
        words.extend(texts(played.adapter.table_spec(game, names, locale)))
        words.append(played.adapter.table_status(game, names, locale))
        for seat in range(seats):
            words.extend(texts(played.adapter.hand_spec(game, seat, "suit", locale)))


def texts(spec: object) -> Iterator[str]:
    """Yield every string a picture's spec holds, however deep."""
    if isinstance(spec, str):
        yield spec
    elif dataclasses.is_dataclass(spec) and not isinstance(spec, type):
        for field in dataclasses.fields(spec):
            yield from texts(getattr(spec, field.name))
    elif isinstance(spec, Mapping):
        for value in spec.values():
            yield from texts(value)
    elif isinstance(spec, (list, tuple)):
        for value in spec:
            yield from texts(value)


def log_lines(played: Played, locale: str) -> list[str]:
    """Return every line the move log shows, the first deal's included."""
    lines = []
    for batch in played.batches:
        lines.extend(played.adapter.describe(batch, NAMES, locale))
    return lines


def words_of(pattern: tuple[str, ...]) -> re.Pattern[str]:
    """Return a whole-word, case-blind pattern for any of these words."""
    return re.compile(r"(?<!\w)(" + "|".join(re.escape(w) for w in pattern) + r")(?!\w)",
                      re.IGNORECASE)


NAME = "(" + "|".join(NAMES) + ")"
PRESENT = re.compile(NAME + r" (non )?(" + "|".join(PRESENT_MOVES) + r")\b")
BANNED_WORDS = words_of(BANNED)
ENGLISH_WORDS = words_of(ENGLISH)


def faults(line: str) -> list[str]:
    """Return what breaks the conventions in one Italian log line."""
    found = [f"present tense: {m.group(0)!r}" for m in PRESENT.finditer(line)]
    found += [f"banned word: {m.group(0)!r}" for m in BANNED_WORDS.finditer(line)]
    found += [f"English word: {m.group(0)!r}" for m in ENGLISH_WORDS.finditer(line)]
    if "{" in line or "}" in line:
        found.append("a placeholder left")
    if not line.rstrip().endswith((".", "!", "?")):
        found.append("no closing punctuation")
    return found


@pytest.fixture(scope="module", params=PLAYS, ids=lambda p: f"{p[0]}-{p[1]}-{p[3]}")
def games(request: pytest.FixtureRequest) -> list[Played]:
    """Play each setup once per seed."""
    return [play(*request.param, seed=seed) for seed in SEEDS]


def test_every_italian_log_line_follows_the_conventions(games: list[Played]) -> None:
    lines = {line for played in games for line in log_lines(played, "it")}
    assert len(lines) > 20  # the game was played, not just dealt
    wrong = {line: faults(line) for line in sorted(lines) if faults(line)}
    assert not wrong, "\n".join(f"{line}\n    {why}" for line, why in wrong.items())


def test_both_languages_tell_the_same_events_in_as_many_lines(games: list[Played]) -> None:
    for played in games:
        for batch in played.batches:
            english = played.adapter.describe(batch, NAMES, "en")
            italian = played.adapter.describe(batch, NAMES, "it")
            assert len(english) == len(italian), (english, italian)
            assert all("{" not in line for line in english), english


def test_the_pictures_use_the_same_words_as_the_log(games: list[Played]) -> None:
    for played in games:
        words = set(played.captions["it"])
        wrong = sorted(w for w in words if BANNED_WORDS.search(w) or "{" in w
                       or ENGLISH_WORDS.search(w))
        assert not wrong, wrong
        assert set(played.captions["it"]) != set(played.captions["en"])


def test_the_checks_catch_what_the_issue_found() -> None:
    assert faults("Alice scarta 7♣.") == ["present tense: 'Alice scarta'"]
    assert faults("Il tallone è finito.") == ["banned word: 'tallone'"]
    assert faults("L'host avvia la partita.") == ["banned word: 'host'"]
    assert faults("Alice drew from the stock") == [
        "English word: 'drew'", "English word: 'the'", "English word: 'stock'",
        "no closing punctuation"]
    assert faults("Alice ha scartato 7♣.") == []


# --- every Italian template of the log, reached in play or not ---------------------------------

def log_keys() -> list[str]:
    """Return the keys of the move log's lines: shared (`event.…`) and each game's own."""
    english = catalogue("en")
    return sorted(k for k in english if k.startswith("event.") or ".event." in k)


@pytest.mark.parametrize("key", log_keys())
def test_every_italian_log_template_follows_the_conventions(key: str) -> None:
    template = catalogue("it")[key]
    # Fill each placeholder with a name, so that "{name} scarta" reads as a line would.
    line = re.sub(r"\{[a-z]+:([^|}]*)\|[^}]*\}", r"\1", template)
    line = re.sub(r"\{[a-z]+(:\+)?\}", "Alice", line)
    assert not [f for f in faults(line) if f != "no closing punctuation"], (key, line)


def test_no_italian_entry_uses_a_banned_word_or_host() -> None:
    italian = catalogue("it")
    wrong = sorted(k for k, v in italian.items() if BANNED_WORDS.search(v))
    assert not wrong, wrong
