"""Every catalogue entry, filled with 0, 1 and 2 in both languages, reads as a sentence.

Each placeholder is filled from its name: a number for the names that count something,
a plausible text for the others. A placeholder name this file does not know fails the
test, so a new entry is checked as soon as it is added.
"""

from __future__ import annotations

import re

import pytest

import cogs.registry  # noqa: F401  (the hosted games register their own words)
from bot.i18n import SUPPORTED, card_text, cards_text, catalogue, placeholders, t

# Every entry: the shared catalogues and the hosted games' own (registered with their adapters).
CATALOGUES = {"en": catalogue("en"), "it": catalogue("it")}
COUNTS = (0, 1, 2)

# Placeholders that stand for a number (points, seconds, cards, positions …).
NUMBERS = frozenset({
    "bonus", "count", "deadwood", "g1", "g2", "g3", "game_bonus", "games", "gin", "hand",
    "hands", "held", "high", "k", "laid", "limit", "line_bonus", "low", "match", "max",
    "melded", "min", "minimum", "number", "points", "score", "seconds", "target", "total",
    "undercut", "wins", "times", "unmatched", "left", "stake", "chips", "joker", "colore",
    "ramino", "m", "c", "r", "g", "p", "extra", "margin",
    "change",  # a rating's change
    "step", "steps",  # the replay viewer's move numbers
})
TEXTS: dict[str, str] = {
    "allowed": "a whole number from 0 to 10", "card": card_text("7D"),
    "cards": cards_text(["7D", "8D", "9D"]), "changes": "Knock limit 7", "channel": "<#1>",
    "choices": "manual, announce", "game": "Gin Rummy", "id": "A", "ids": "A, B",
    "label": "Knock limit", "language": "English", "line": "Anna drew from the stock.",
    "meld": cards_text(["5C", "6C", "7C"]),
    "melds": "A: " + cards_text(["4D", "5D", "6D"]), "member": "Dario", "mention": "<@1>",
    "name": "Anna",
    "names": "Gin Rummy, Rummy 500", "option": "knock_limit", "options": "knock_limit, big_gin",
    "permission": "Send Messages", "preset": "Standard", "presets": "standard, oklahoma",
    "rate": "50%", "similar": "Knock limit (knock_limit)", "text": "zz", "value": "7",
    "what": "dead hand", "debts": "Bruno 520, Carla 300", "word": "unlimited",
    "got": card_text("QS"), "level": "easy", "first": "Anna", "second": "Bruno", "rank": "K",
    "ranks": "K, 9, A", "suit": "Spades ♠\ufe0e",
    "head": "Anna, Bruno", "last": "Carla", "moves": "Meld, lay off",
    "before": "100", "after": "150", "minimums": "50 below 3,000, 90 from 3,000",
    "sense": "points 1,240", "url": "https://discord.com/channels/1/2/3",
    "now": "a dirty canasta of K",
    "rating": "1563?",
    # /rummy history's line
    "date": "<t:1800000000:d>", "scores": "Anna 120, Bruno 45", "result": "Anna won",
    "file": "rummy-game-7.txt",
    # fair shuffles (issue 27)
    "hash": "`1a2b3c4d5e6f7a8b`", "hashes": "`1a2b3c4d5e6f7a8b`", "actual": "`9f8e7d6c5b4a3928`",
    "seed": "`0f1e2d3c4b5a69788796a5b4c3d2e1f0`",
    "seeds": "`0f1e2d3c4b5a69788796a5b4c3d2e1f0` (commitment `1a2b3c4d5e6f7a8b`)",
}

# Singular and plural of the words numbers count, in both languages.
FORMS = {
    "en": [("card", "cards"), ("point", "points"), ("pt", "pts"), ("game", "games"),
           ("win", "wins"), ("hand", "hands"), ("time", "times"), ("second", "seconds"),
           ("player", "players"), ("server", "servers"), ("meld", "melds"), ("chip", "chips")],
    "it": [("carta", "carte"), ("punto", "punti"), ("partita", "partite"), ("vinta", "vinte"),
           ("mano", "mani"), ("volta", "volte"), ("secondo", "secondi"),
           ("giocatore", "giocatori"), ("combinazione", "combinazioni"),
           ("gettone", "gettoni")],
}
# Italian verbs that agree with the number after them.
VERBS = [("resta", "restano"), ("serve", "servono")]
COUNTED = re.compile(r"(?<![\w.])[+\u2212]?(\d+) (\w+)")
VERB_THEN_NUMBER = re.compile(r"\b(\w+) (\d+)\b")


def fill(template: str, count: int) -> dict[str, object]:
    """Return plausible values for a template's placeholders, every number being `count`."""
    names = placeholders(template)
    unknown = names - NUMBERS - set(TEXTS)
    assert not unknown, f"classify these placeholders in this test: {sorted(unknown)}"
    return {name: count if name in NUMBERS else TEXTS[name] for name in names}


def rendered(lang: str, count: int) -> list[tuple[str, str]]:
    """Return (key, text) for every entry of a catalogue filled with `count`."""
    return [(key, t(key, lang, **fill(template, count)))
            for key, template in CATALOGUES[lang].items()]


def mismatches(text: str, lang: str) -> list[str]:
    """Return the "1 cards" / "2 card" pairs of a text (and Italian verbs that disagree)."""
    forms = FORMS[lang]
    singular, plural = {s for s, _ in forms}, {p for _, p in forms}
    found = [f"{n} {w}" for n, w in COUNTED.findall(text)
             if (w in plural and int(n) == 1) or (w in singular and int(n) != 1)]
    if lang == "it":
        found += [f"{v} {n}" for v, n in VERB_THEN_NUMBER.findall(text)
                  if (v in {s for s, _ in VERBS} and int(n) != 1)
                  or (v in {p for _, p in VERBS} and int(n) == 1)]
    return found


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("lang", SUPPORTED)
def test_every_entry_reads_well_with_this_count(lang: str, count: int) -> None:
    problems = []
    for key, text in rendered(lang, count):
        if "{" in text or "}" in text:
            problems.append(f"{key}: unfilled placeholder in {text!r}")
        if re.search(r"\((s|e|i)\)|\b[a-zà-ù]+/[a-zà-ù]{1,2}\b", text):
            problems.append(f"{key}: a plural left to the reader in {text!r}")
        problems += [f"{key}: {pair!r} in {text!r}" for pair in mismatches(text, lang)]
        if "  " in text or text != text.strip():
            problems.append(f"{key}: stray blanks in {text!r}")
        if re.search("[♠♥♦♣](?!\ufe0e)", text):
            problems.append(f"{key}: a suit drawn as an emoji (no U+FE0E) in {text!r}")
    assert problems == []


@pytest.mark.parametrize("lang", SUPPORTED)
def test_negative_numbers_have_one_minus_sign(lang: str) -> None:
    for key, template in CATALOGUES[lang].items():
        text = t(key, lang, **fill(template, -2))
        assert not re.search(r"(?<!\w)-\d", text), f"{key}: hyphen-minus in {text!r}"


@pytest.mark.parametrize("key", sorted(CATALOGUES["en"]))
def test_italian_and_english_entries_have_the_same_placeholders(key: str) -> None:
    assert placeholders(CATALOGUES["it"][key]) == placeholders(CATALOGUES["en"][key])


@pytest.mark.parametrize(("lang", "count", "expected"), [
    ("en", 1, "New meld A: 4♦\ufe0e 5♦\ufe0e 6♦\ufe0e."),
    ("en", 2, "New melds A: 4♦\ufe0e 5♦\ufe0e 6♦\ufe0e."),
    ("it", 1, "Nuova combinazione A: 4♦\ufe0e 5♦\ufe0e 6♦\ufe0e."),
    ("it", 2, "Nuove combinazioni A: 4♦\ufe0e 5♦\ufe0e 6♦\ufe0e."),
])
def test_a_count_may_choose_words_without_being_shown(lang: str, count: int,
                                                      expected: str) -> None:
    assert t("rummy500.event.melds", lang, melds=TEXTS["melds"], count=count) == expected


def test_the_checks_catch_what_the_bot_used_to_say() -> None:
    # The old wording, kept here, fails each check it was written for.
    assert mismatches("Alice wins the hand and scores 1 points.", "en") == ["1 points"]
    assert mismatches("Gin Rummy: 1 games, 1 wins (100%), 319 points", "en") == [
        "1 games", "1 wins"]
    assert mismatches("Bonus mani vinte: 2 mano", "it") == ["2 mano"]
    assert mismatches("tocca a te: restano 1 secondi.", "it") == ["1 secondi", "restano 1"]
    assert mismatches("Mazzo: 1 carta, 2 carte, 0 punti", "it") == []
