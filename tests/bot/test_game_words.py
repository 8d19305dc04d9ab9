"""Each game's words live in its own catalogue, scoped by its name (bot.i18n).

A registration that breaks a rule is refused whole, with every reason; the shared conventions
find a game's own entry before the shared one; Canasta's words live with Canasta alone.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bot.i18n import Catalogues, Words, WordsRefused, catalogue, games_with_words, resolve, t
from bot.locales import en, it
from bot.locales.move_words import cut, entries, game_keys, words_module
from cogs.adapters.base import GameAdapter, off_word, preset_label
from cogs.adapters.canasta import CanastaAdapter
from cogs.adapters.canasta_words import WORDS as CANASTA
from cogs.adapters.gin import GinAdapter
from cogs.adapters.ramino import RaminoAdapter
from cogs.adapters.ramino51 import Ramino51Adapter
from cogs.adapters.rummy500 import Rummy500Adapter
from cogs.errors import rules_text
from cogs.registry import adapter_for
from engine.canasta.errors import PileFrozen
from engine.gin.errors import KnockTooHigh
from engine.ramino51 import Ramino51Options

LOCALES = Path(__file__).resolve().parents[2] / "bot" / "locales"
ADAPTERS = LOCALES.parents[1] / "cogs" / "adapters"


def shared() -> dict[str, dict[str, str]]:
    """Return a small shared catalogue, as bot/locales holds."""
    return {"en": {"game.gin": "Gin Rummy", "preset.short": "Short", "error.stale": "Too old.",
                   "option.target_score": "Target score", "option.off": "off"},
            "it": {"game.gin": "Gin Rummy", "preset.short": "Corto", "error.stale": "Vecchia.",
                   "option.target_score": "Punteggio", "option.off": "no"}}


GOOD: Words = {
    "en": {"kin.game": "Kin", "kin.preset.short": "Short kin", "kin.error.kin_only": "Kin only.",
           "kin.option.target_score": "Points to win", "kin.hello": "Hello {name}."},
    "it": {"kin.game": "Kin", "kin.preset.short": "Kin corto", "kin.error.kin_only": "Solo kin.",
           "kin.option.target_score": "Punti per vincere"},
}


def refused(catalogues: Catalogues, game: str, words: Words) -> str:
    """Return the reasons a registration is refused (and check it added nothing)."""
    before = {language: dict(catalogues.merged(language)) for language in ("en", "it")}
    with pytest.raises(WordsRefused) as caught:
        catalogues.register(game, words)
    assert {language: dict(catalogues.merged(language)) for language in ("en", "it")} == before
    assert game not in catalogues.games() or game == "kin"
    return str(caught.value)


def test_a_games_words_are_found_in_its_scope_and_by_the_shared_conventions() -> None:
    words = Catalogues(shared())
    words.register("kin", GOOD)
    assert words.games() == {"kin"}
    assert words.template("kin.hello", "it") == "Hello {name}."  # no Italian: the English
    assert words.resolve("game.kin") == "kin.game"
    assert words.resolve("preset.kin.short") == "kin.preset.short"
    assert words.resolve("error.kin_only") == "kin.error.kin_only"  # told without the game
    assert words.resolve("game.gin") == "game.gin"  # a game with no catalogue of its own
    # The game's own entry comes before the shared one where the game is known.
    assert words.game_key("kin", "option.target_score") == "kin.option.target_score"
    assert words.game_key("gin", "option.target_score") == "option.target_score"
    assert words.game_key("kin", "option.off") == "option.off"  # none of its own: shared
    assert words.resolve("option.target_score") == "option.target_score"
    assert words.template("preset.short", "it") == "Corto"


@pytest.mark.parametrize(("game", "words", "reason"), [
    ("kin", {"en": {"kin.game": "Kin", "gin.game": "Gin"}}, "'gin.game' is outside its scope"),
    ("kin", {"en": {"kin.game": "Kin", "kinx.a": "A"}}, "'kinx.a' is outside its scope"),
    ("kin", {"en": {"kin.game": "Kin"}, "it": {"kin.game": "Kin", "kin.x": "X"}},
     "'kin.x' is in Italian only"),
    ("kin", {"en": {"kin.game": "Kin"}, "fr": {"kin.game": "Kin"}}, "unknown language 'fr'"),
    ("kin", {"it": {"kin.game": "Kin"}}, "no English entries"),
    ("Kin!", {"en": {"Kin!.game": "Kin"}}, "is no game name"),
    ("kin", {"en": {"kin.error.stale": "Old."}}, "'error.stale' is already told"),
])
def test_a_registration_that_breaks_a_rule_is_refused_and_adds_nothing(
        game: str, words: Words, reason: str) -> None:
    assert reason in refused(Catalogues(shared()), game, words)


def test_a_game_registered_twice_or_a_code_told_twice_is_refused() -> None:
    catalogues = Catalogues(shared())
    catalogues.register("kin", GOOD)
    assert "'kin' registered twice" in refused(catalogues, "kin", GOOD)
    twin = {"en": {"twin.error.kin_only": "Twin only."}}
    assert "'error.kin_only' is already told" in refused(catalogues, "twin", twin)


def test_a_shared_entry_left_behind_by_a_move_is_refused() -> None:
    left = shared()
    left["en"] |= {"kin.hello": "Hi.", "game.kin": "Kin", "preset.kin.short": "Short kin"}
    reasons = refused(Catalogues(left), "kin", GOOD)
    assert "'kin.hello' is already catalogued" in reasons
    for key in ("game.kin", "preset.kin.short"):
        assert f"the shared catalogue still has {key!r}" in reasons


def test_canastas_words_live_with_canasta_and_in_no_shared_catalogue() -> None:
    assert CanastaAdapter.words is CANASTA and "canasta" in games_with_words()
    assert all(key.startswith("canasta.") for words in CANASTA.values() for key in words)
    assert set(CANASTA["it"]) == set(CANASTA["en"])
    moved = {"game.canasta", "preset.canasta.short", "option.going_out_bonus",
             "option.black_three_value.help", "error.pile_frozen", "error.canasta_closed"}
    for messages in (en.MESSAGES, it.MESSAGES):
        assert [k for k in messages if k.startswith("canasta.") or k in moved] == []
    sources = "".join(path.read_text(encoding="utf-8") for path in LOCALES.glob("*.py"))
    assert "Toro Seduto" not in sources and "\"canasta." not in sources  # no entry, no key
    # … and the shared code finds them by its conventions, in both languages.
    assert (t("game.canasta", "it"), t("preset.canasta.short", "it")) == ("Canasta", "Breve")
    assert resolve("error.pile_frozen") == "canasta.error.pile_frozen"
    assert rules_text(PileFrozen("x", card="3S"), "it") == (
        "Gli scarti sono congelati: non puoi prenderli finché c'è sopra 3♠\ufe0e.")
    assert catalogue("en")["canasta.option.turned_joker_cards"] == "Cards under a turned joker"


# A game whose words moved after Canasta's: its adapter and a few shared keys it took.
MOVED: dict[str, tuple[type[GameAdapter], tuple[str, ...]]] = {
    "rummy500": (Rummy500Adapter, ("r500.", "game.rummy500", "preset.italian",
                                   "option.special_card", "error.dead_end")),
    "ramino": (RaminoAdapter, ("game.ramino", "preset.short", "option.close_mode",
                               "error.cannot_close")),
    "ramino51": (Ramino51Adapter, ("r51.", "game.ramino51", "preset.four_jokers",
                                   "option.unopened_penalty.none", "error.joker_not_used")),
    # Gin's Mahjong and team variants' words too, and the shared-looking ones only gin reads.
    "gin": (GinAdapter, ("mahjong.", "gin_teams.", "rules.gin.", "oklahoma.", "game.gin",
                         "preset.oklahoma", "preset.mahjong", "option.knock_limit",
                         "option.team_size.help", "error.knock_too_high", "error.pile_card_owed",
                         "action.knock", "action.gin", "action.big_gin", "event.knocked",
                         "event.gin", "event.big_gin", "event.undercut", "picture.deadwood",
                         "picture.knock_card",
                         "hand.deadwood", "sheet.bonus_hollywood", "r500.")),
}


@pytest.mark.parametrize("game", sorted(MOVED))
def test_a_melding_games_words_live_with_it_and_in_no_shared_catalogue(game: str) -> None:
    adapter, taken = MOVED[game]
    words = adapter.words
    assert words is type(adapter_for(game)).words and game in games_with_words()
    assert all(key.startswith(game + ".") for language in words.values() for key in language)
    assert set(words["it"]) == set(words["en"]) != set()
    for messages in (en.MESSAGES, it.MESSAGES):
        assert [k for k in messages if k.startswith((game + ".", *taken))] == []


def test_no_games_adapter_reads_another_games_words() -> None:
    scopes = games_with_words()
    for game in scopes:
        files = [ADAPTERS / f"{game}.py", *ADAPTERS.glob(f"{game}_*.py")]
        literals = {node.value for path in files if path.exists()
                    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                    if isinstance(node, ast.Constant) and isinstance(node.value, str)}
        others = tuple(f"{other}." for other in scopes - {game})
        assert sorted(text for text in literals if text.startswith(others)) == [], game


def test_every_key_an_adapter_writes_whole_is_catalogued() -> None:
    # A key left under a name that moved would show players the key itself (Mahjong gin's
    # menus read r500.… after those words became melding.… and rummy500.…).
    # ("ramino.rules.close_" + mode is a key's beginning, not a key)
    key = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)*\.[a-z0-9_]*[a-z0-9]")
    known = set(catalogue("en"))
    unknown = [f"{path.name}: {node.value}" for path in sorted(ADAPTERS.glob("*.py"))
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(node, ast.Constant) and isinstance(node.value, str)
               and key.fullmatch(node.value) and resolve(node.value) not in known]
    assert unknown == []


def test_the_melding_games_words_read_by_their_conventions_and_shared_ones() -> None:
    assert t("game.ramino51", "it") == "Ramino 51"
    assert preset_label("rummy500", "italian", "it") == (
        "All'italiana (prima calata 40, pesca dal mazzo finché non apri, eliminazione a −101)")
    assert preset_label("canasta", "italian", "en") == (
        "Italian (black threes left in hand cost nothing)")
    assert preset_label("ramino", "short", "it") == "Breve (7 carte, un mazzo, da 2 a 4 giocatori)"
    assert resolve("error.cannot_close") == "ramino.error.cannot_close"
    assert off_word(Ramino51Options.spec("unopened_penalty"), "it", "ramino51") == "le sue carte"
    # Words two games read stay shared, under a name neither game's scope.
    assert t("melding.depth_placeholder", "it") == "Quale carta degli scarti prendi?"
    assert t("stock.action.draw_void", "it") == "Pesca (la mano finisce)"
    assert t("penalty.charged_times", "en", points=-20, times=2) == "−20 (×2)"
    # Gin's, its variants' and its knock words, by their conventions and in its scope.
    assert (t("game.gin", "it"), preset_label("gin", "mahjong", "en")) == ("Gin Rummy",
                                                                     "Mahjong gin")
    assert preset_label("gin", "oklahoma_match", "en") == "Oklahoma (knock card from a second deck)"
    assert rules_text(KnockTooHigh("x", limit=7), "en") == (
        "You can knock only with a deadwood of at most 7 points.")
    assert t("gin.teams.game", "en") == "Team gin" and t("gin.mahjong.in_hand", "en") == (
        "Left in hand")
    assert t("gin.rules.knock_fixed", "en", limit=10) == "You may knock with at most 10 deadwood."


# ----- moving a game's words (python -m bot.locales.move_words) ---------------------------------

SOURCE = '''MESSAGES: dict[str, str] = {
    # -- names --
    "game.gin": "Gin Rummy",
    "game.kin": "Kin",
    # --- kin ---
    "kin.hello": (
        "Hello "
        "{name}."
    ),
    "error.kin_only": "Kin only.",
    # --- empty before ---
    # --- after ---
    "lobby.x": "X",
}
'''


def test_the_move_cuts_a_games_entries_and_writes_its_catalogue() -> None:
    renamed = game_keys("canasta", {"kin": "canasta.kin"}, [
        "canasta.total", "game.canasta", "game.gin", "preset.canasta.short", "preset.short",
        "option.going_out_bonus", "option.target_score", "error.pile_frozen", "error.stale",
        "kin.hello", "gin.x"])
    assert renamed == {
        "canasta.total": "canasta.total", "game.canasta": "canasta.game",
        "preset.canasta.short": "canasta.preset.short",
        "option.going_out_bonus": "canasta.option.going_out_bonus",  # no other game's option
        "error.pile_frozen": "canasta.error.pile_frozen",  # a code only engine.canasta defines
        "kin.hello": "canasta.kin.hello"}
    # A preset's shared name moves when no other game reads it; one many games read stays.
    assert game_keys("ramino51", {}, ["preset.four_jokers", "preset.standard"]) == {
        "preset.four_jokers": "ramino51.preset.four_jokers"}
    # A prefix may have several segments, or be one whole key (not a longer key it begins).
    assert game_keys("gin", {"rules.gin": "gin.rules", "event.gin": "gin.event.gin"}, [
        "rules.gin.goal", "rules.x", "event.gin", "event.gin_card", "event.gin.x"]) == {
        "rules.gin.goal": "gin.rules.goal", "event.gin": "gin.event.gin",
        "event.gin.x": "gin.event.gin.x"}
    kept, values = cut(SOURCE, {"game.kin", "kin.hello", "error.kin_only"})
    assert [key for key, _, _ in entries(kept)] == ["game.gin", "lobby.x"]
    assert "# --- kin ---" not in kept  # its section moved whole
    assert "# -- names --" in kept and "# --- empty before ---" in kept  # not emptied by it
    module = words_module("kin", {"en": values}, {"game.kin": "kin.game",
                                                  "kin.hello": "kin.hello",
                                                  "error.kin_only": "kin.error.kin_only"})
    namespace: dict[str, object] = {}
    exec(compile(module, "kin_words.py", "exec"), namespace)
    assert namespace["WORDS"] == {"en": {"kin.game": "Kin", "kin.hello": "Hello {name}.",
                                         "kin.error.kin_only": "Kin only."}}
    assert re.search(r"^# ruff: noqa: E501$", module, re.MULTILINE)
