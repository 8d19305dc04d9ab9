"""The events several games share (engine/events.py) are told once, by the adapter base: the
same line in every game, in English and Italian, with the game's own detail after it."""

from __future__ import annotations

import pytest

from bot.i18n import t
from cogs.adapters.base import GameAdapter
from cogs.adapters.canasta import CANASTA
from cogs.adapters.gin import GIN
from cogs.adapters.ramino import RAMINO
from cogs.adapters.ramino51 import RAMINO51
from cogs.adapters.rummy500 import RUMMY500
from engine import events as shared
from engine.canasta import events as canasta
from engine.canasta.views import MeldView as CanastaMeld
from engine.game import Event
from engine.gin import events as gin
from engine.ramino import events as ramino
from engine.ramino51 import events as r51
from engine.ramino51.actions import Placed as R51Placed
from engine.ramino51.views import MeldView as R51Meld
from engine.rummy500 import events as r500
from engine.rummy500.views import HandReport, SeatReport
from engine.table import LaidOff, MeldView, Placed

NAMES = ["Alice", "Bruno", "Chiara", "Dario"]
RUN = MeldView("A", 0, "run", tuple(Placed(c, 0, 5, "meld") for c in ("4D", "5D", "6D")))
CLUB7, DIAMOND7 = "7♣\ufe0e", "7♦\ufe0e"
FOUR_TO_SIX = "4♦\ufe0e 5♦\ufe0e 6♦\ufe0e"


def said(adapter: GameAdapter, kind: str, payload: object, locale: str, seat: int = 0) -> str:
    """Return the one line an adapter tells of one event."""
    lines = adapter.describe([Event(kind, seat, payload)], NAMES, locale)
    assert len(lines) == 1, lines
    return lines[0]


# --- one line for every game ------------------------------------------------------------------

DISCARDS = [(GIN, gin.Discarded("7C")), (RAMINO, ramino.Discarded("7C")),
            (RUMMY500, r500.Discarded("7C", True)), (RAMINO51, r51.Discarded("7C", False)),
            (CANASTA, canasta.Discarded("7C", False))]


@pytest.mark.parametrize(("adapter", "payload"), DISCARDS)
def test_every_game_says_a_discard_in_the_same_words(adapter: GameAdapter,
                                                     payload: object) -> None:
    assert said(adapter, "discard", payload, "en") == f"Alice discarded {CLUB7}."
    assert said(adapter, "discard", payload, "it") == f"Alice ha scartato {CLUB7}."


DRAWS = [(GIN, gin.Drew(30)), (RAMINO, ramino.Drew(60)), (RUMMY500, r500.Drew(29)),
         (RAMINO51, r51.Drew(70))]


@pytest.mark.parametrize(("adapter", "payload"), DRAWS)
def test_every_game_says_a_draw_in_the_same_words_and_never_the_card(
        adapter: GameAdapter, payload: object) -> None:
    event = Event("draw", 1, payload, r51.DrawnCard("KS"))
    assert adapter.describe([event], NAMES, "en") == ["Bruno drew from the stock."]
    assert adapter.describe([event], NAMES, "it") == ["Bruno ha pescato dal mazzo."]


TAKES = [(GIN, gin.Taken(("7C",))), (RAMINO, ramino.Taken(("7C",), True)),
         (RAMINO51, r51.Took(("7C",))), (GIN, gin.Took(("7C",)))]


@pytest.mark.parametrize(("adapter", "payload"), TAKES)
def test_every_game_says_a_take_of_the_top_card_in_the_same_words(adapter: GameAdapter,
                                                                   payload: object) -> None:
    assert said(adapter, "take", payload, "en") == f"Alice took {CLUB7} from the discard pile."
    assert said(adapter, "take", payload, "it") == f"Alice ha preso {CLUB7} dagli scarti."


DEALS = [(GIN, gin.Dealt(2, 1, "QD", None)), (RAMINO, ramino.Dealt(2, 1, (2, 3, 0), "QD", 60)),
         (RUMMY500, r500.Dealt(2, 1, (2, 0), ("QD",), 30, None))]


@pytest.mark.parametrize(("adapter", "payload"), DEALS)
def test_every_game_says_a_deal_in_the_same_words(adapter: GameAdapter, payload: object) -> None:
    assert said(adapter, "deal", payload, "en", seat=-1) == "Hand 2: Bruno deals."
    assert said(adapter, "deal", payload, "it", seat=-1) == "Mano 2: Bruno distribuisce le carte."


@pytest.mark.parametrize("adapter", [GIN, RUMMY500])
def test_mahjong_gin_and_rummy_500_say_a_meld_and_a_lay_off_alike(adapter: GameAdapter) -> None:
    assert said(adapter, "meld", shared.Melded((RUN,)), "en") == f"Alice melded A: {FOUR_TO_SIX}."
    assert said(adapter, "meld", shared.Melded((RUN,)), "it") == (
        f"Alice ha calato A: {FOUR_TO_SIX}.")
    line = said(adapter, "layoff", LaidOff(("7D",), "A", "high", 5), "it")
    assert line.startswith(f"Alice ha attaccato {DIAMOND7} alla combinazione A.")


def test_rummy_500_adds_what_a_lay_off_earns_and_mahjong_gin_does_not() -> None:
    laid = LaidOff(("7D",), "A", None, 1)
    assert said(GIN, "layoff", laid, "en") == f"Alice laid off {DIAMOND7} on A."
    assert said(RUMMY500, "layoff", laid, "en") == f"Alice laid off {DIAMOND7} on A. +1 point."
    assert said(RUMMY500, "layoff", laid, "it") == (
        f"Alice ha attaccato {DIAMOND7} alla combinazione A. +1 punto.")


def test_a_hands_end_starts_with_the_same_words_and_the_game_says_how() -> None:
    report = HandReport(4, "out", 0, (SeatReport(0, 30, 0, 0, ()),), (130,), (), (1,), (RUN,))
    assert said(RUMMY500, "hand_end", report, "en") == "Hand 4 is over. Alice went out!"
    assert said(RUMMY500, "hand_end", report, "it") == "Fine della mano 4. Alice ha chiuso!"
    assert said(RAMINO, "hand_end", shared.HandEnded(4), "it") == "Fine della mano 4."


def test_the_game_end_names_the_winner_in_the_same_words() -> None:
    ended = r500.GameEnded(1, (100, 510, 20), (0, 1, 0))
    finals = gin.GameEnded(1, (90, 510), game=1, running=(90, 300), boxes=(1, 4))
    for adapter, payload in ((RUMMY500, ended), (GIN, finals)):
        assert said(adapter, "game_end", payload, "en") == "Bruno wins the game with 510 points!"
        assert said(adapter, "game_end", payload, "it") == (
            "Bruno vince la partita con 510 punti!")


# --- what a game adds ---------------------------------------------------------------------------

def test_canasta_names_a_winning_partnership_in_the_plural() -> None:
    ended = canasta.GameEnded(1, (3000, 5120))
    assert said(CANASTA, "game_end", ended, "en", seat=-1) == (
        "Bruno and Dario win the game with 5120 points!")
    assert said(CANASTA, "game_end", ended, "it", seat=-1) == (
        "Bruno e Dario vincono la partita con 5120 punti!")


def test_ramino_names_its_winner_without_points_they_are_penalties() -> None:
    ended = ramino.GameEnded(2, (105, 110, 40), (0, 0, 0))
    assert said(RAMINO, "game_end", ended, "en") == "Chiara wins the game!"
    assert said(RAMINO, "game_end", ended, "it") == "Chiara vince la partita!"
    assert said(RAMINO51, "game_end", r51.GameEnded(2, (105, 110, 40)), "it") == (
        "Chiara vince la partita! Vince il totale più basso: 40.")


def test_canasta_draws_say_how_many_cards_and_what_is_left_in_both_languages() -> None:
    two = canasta.StockDrawn(40, 2, ("3H",))
    assert said(CANASTA, "draw", two, "en") == (
        "Alice drew 2 cards from the stock. 40 cards left in the stock. Red threes laid: 3♥\ufe0e.")
    assert said(CANASTA, "draw", canasta.StockDrawn(1, 1), "it") == (
        "Alice ha pescato dal mazzo. Nel mazzo resta 1 carta.")
    assert said(CANASTA, "draw", canasta.StockDrawn(40, 2), "it") == (
        "Alice ha pescato 2 carte dal mazzo. Nel mazzo restano 40 carte.")


def test_an_opening_is_said_after_its_melds_in_ramino_51_and_canasta() -> None:
    texts = ("8D", "JK=9D", "10D")
    r51_meld = R51Meld.made("A", 0, "run", [(R51Placed.parse(c), c) for c in texts], (0, 0, 0))
    kings = CanastaMeld("A", 0, "K", ("KD", "KH", "KS"), 0, "", (0, 0, 0))
    assert said(RAMINO51, "meld", r51.Melded((r51_meld,), 51, True), "en") == (
        "Alice melded A: 8♦\ufe0e 🃏(9♦\ufe0e) 10♦\ufe0e. An opening worth 51 points.")
    assert said(RAMINO51, "meld", r51.Melded((r51_meld,), 0, False), "it") == (
        "Alice ha calato A: 8♦\ufe0e 🃏(9♦\ufe0e) 10♦\ufe0e.")
    assert said(CANASTA, "open", canasta.Opened((kings,), 90, (), 50), "it") == (
        "Alice ha calato K ×3: K♦\ufe0e K♥\ufe0e K♠\ufe0e. Apertura da 90 punti.")


@pytest.mark.parametrize(("key", "one", "many"), [
    ("event.drew_stock_count", "Alice ha pescato 1 carta dal mazzo.",
     "Alice ha pescato 3 carte dal mazzo."),
    ("event.opened", "Apertura da 1 punto.", "Apertura da 3 punti."),
    ("event.game_won", "Alice vince la partita!", "Alice vincono la partita!"),
])
def test_the_italian_shared_words_agree_with_their_count(key: str, one: str, many: str) -> None:
    assert t(key, "it", name="Alice", count=1, points=1) == one
    assert t(key, "it", name="Alice", count=3, points=3) == many
