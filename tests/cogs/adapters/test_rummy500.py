"""The Rummy 500 menus within Discord's limits (25 options a select, 5 rows, in steps), the
typed views the adapter reads, and its line for each kind of event."""

from __future__ import annotations

import discord
import pytest

from cogs.adapters import ButtonControl, Outcome, SelectControl, view_of
from cogs.adapters.rummy500 import RUMMY500, Menu
from cogs.views import hand_view
from engine.game import Event
from engine.rummy500 import Rummy500Game, Rummy500Options
from engine.rummy500.events import (
    Announced,
    Claimed,
    ClaimsClosed,
    Dealt,
    Declined,
    Discarded,
    DrawnCard,
    Drew,
    EmptyHand,
    GameEnded,
    LaidOff,
    Melded,
    Reused,
    SpecialNamed,
    Taken,
)
from engine.rummy500.views import HandReport, MeldView, Placed, R500Hand, R500Table, SeatReport
from tests.engine.rummy500.scripted import crafted

BIG_HAND = ("AS 2S 3S 4S 5S 6S 7S 8S AH 2H 3H 4H 5H 6H 7H 8H "
            "AD 2D 3D 4D 5D 6D 7D 8D 9C 10C JC QC KC 9D")


def rows_of(view: discord.ui.View) -> int:
    return len({item.row for item in view.children})


def selects(controls: list) -> dict[str, SelectControl]:
    return {c.verb: c for c in controls if isinstance(c, SelectControl)}


async def test_a_hand_past_25_cards_pages_its_menus_within_five_rows() -> None:
    game = crafted({0: BIG_HAND, 1: "KS KH KD", 2: "QS QH QD"}, melds=[(1, "9S 10S JS")],
                   pile="10H", turn=0, phase="play", players=3, stock="", opened=[0])
    first = RUMMY500.controls(game, 0, "en")
    more = next(c for c in first if isinstance(c, ButtonControl))
    assert more.action == "ui_more" and more.label == "More cards (30) ▸"
    page1 = selects(first)
    assert all(len(s.options) <= 25 for s in page1.values())
    assert rows_of(hand_view(1, game.version, first, "en", "suit")) <= 5
    draft = RUMMY500.step(game, 0, None, "ui_more")
    second = RUMMY500.controls(game, 0, "en", draft)
    page2 = selects(second)
    assert next(c for c in second if isinstance(c, ButtonControl)).label == "◂ First cards"
    # Between the two pages every card of the hand can be discarded.
    offered = [o.value for p in (page1, page2) for o in p["discard"].options]
    assert sorted(offered) == sorted(BIG_HAND.split())
    # 8S lays off on 9S 10S JS: it is in the lay-off menu of its page, alone (one target).
    assert [o.value for o in page1["ui_lay"].options] == ["8S"]
    assert RUMMY500.compose(game, 0, "ui_lay", ["8S"]) == "layoff 8S A"
    assert RUMMY500.step(game, 0, draft, "ui_more") == Menu()


async def test_a_card_fitting_several_melds_asks_for_its_target() -> None:
    game = crafted({0: "7D 2C 9H", 1: "KS", 2: "QS"},
                   melds=[(1, "4D 5D 6D"), (2, "7S 7H 7C")], pile="10H", turn=0,
                   phase="play", players=3, opened=[0])
    assert RUMMY500.compose(game, 0, "ui_lay", ["7D"]) == "ui_lay 7D"
    draft = RUMMY500.step(game, 0, None, "ui_lay 7D")
    targets = selects(RUMMY500.controls(game, 0, "en", draft))["layoff"]
    assert [(o.value, o.label) for o in targets.options] == [
        ("7D A", "A: 4♦\ufe0e 5♦\ufe0e 6♦\ufe0e"), ("7D B", "B: 7♠\ufe0e 7♥\ufe0e 7♣\ufe0e")]


async def test_an_ace_fitting_both_ends_names_its_end() -> None:
    run = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    game = crafted({0: "AS 2C 9H", 1: "KH", 2: "QH"}, melds=[(1, run)], pile="10H", turn=0,
                   phase="play", players=3, opened=[0])
    draft = RUMMY500.step(game, 0, None, "ui_lay AS")
    targets = selects(RUMMY500.controls(game, 0, "en", draft))["layoff"]
    assert [o.value for o in targets.options] == ["AS A low", "AS A high"]
    assert targets.options[1].label.endswith("(high end)")


async def test_the_pile_depths_and_forced_melds_come_in_two_steps() -> None:
    pile = "7C 2H 9S KD 4C"  # worked example 5: 7C with 7D 7S
    game = crafted({0: "7D 7S QH 3C 5S 6H 8D", 1: "KS", 2: "QS"}, pile=pile, turn=0,
                   phase="draw", players=3)
    first = RUMMY500.controls(game, 0, "en")
    assert [c.label for c in first if isinstance(c, ButtonControl)] == [
        "Draw from stock", "Take from the pile…"]
    depths = selects(RUMMY500.controls(game, 0, "en", Menu("take")))["ui_take"]
    assert [o.value for o in depths.options] == ["1"]
    assert depths.options[0].label == "1: from 7♣\ufe0e to the top (5 cards)"
    melds = selects(RUMMY500.controls(game, 0, "en", Menu("take", 1)))["take"]
    assert [(o.value, o.label) for o in melds.options] == [
        ("1 7S,7D,7C", "Meld 7♠\ufe0e 7♦\ufe0e 7♣\ufe0e")]


def test_a_state_is_read_once_and_a_new_state_reads_again() -> None:
    game = Rummy500Game(players=3, seed=3)
    seat = game.to_act()[0]
    first = view_of(game, seat)
    assert view_of(game, seat) is first  # the picture, prompt and controls share it
    assert isinstance(first, R500Hand) and isinstance(view_of(game), R500Table)
    assert view_of(game) is not first and not hasattr(view_of(game), "hand")
    game.apply(seat, "draw")
    after = view_of(game, seat)
    assert after is not first and len(after.hand) == len(first.hand) + 1


def test_outcomes_are_the_engines_standings_by_seat() -> None:
    game = crafted({0: "2D", 1: "KC", 2: "2C"}, players=3, totals=[500, 700, 0], dealer=0,
                   options=Rummy500Options(win_by_closing_only=True))
    game.apply(0, "discard 2D")  # seat 0 goes out and wins with fewer points than seat 1
    assert RUMMY500.outcomes(game) == [Outcome(0, 500, True), Outcome(1, 690, False),
                                       Outcome(2, -5, False)]


RUN = MeldView("B", 1, "run", tuple(Placed(c, 1, 5, "meld") for c in ("4D", "5D", "6D")))
NAMES = ["Alice", "Bruno", "Chiara"]


def test_every_kind_of_event_has_its_public_line() -> None:
    events = [
        Event("deal", None, Dealt(3, 2, (0, 1, 2), ("9S",), 30, None)),
        Event("special", 2, SpecialNamed("QH")), Event("special", 2, SpecialNamed(None)),
        Event("draw", 0, Drew(29), DrawnCard("KS")),
        Event("take", 1, Taken(("4D", "9S"), 2, (RUN,), False)),
        Event("meld", 1, Melded((RUN,))),
        Event("layoff", 1, LaidOff(("7D",), "B", None, 5)),
        Event("discard", 1, Discarded("9S", True)),
        Event("rummy_announce", None, Announced("3D", ("B",))),
        Event("claim", 2, Claimed(2, "3D", "B", "low", 5, 1)),
        Event("claims_closed", None, ClaimsClosed("3D", "claim")),
        Event("decline", 0, Declined(False)), Event("decline", 0, Declined(True)),
        Event("reuse", 0, Reused(12, 1)),
        Event("empty_hand", 1, EmptyHand()),
        Event("game_end", 2, GameEnded(2, (100, 200, 510), (0, 0, 1))),
    ]
    assert RUMMY500.describe(events, NAMES, "en") == [
        "Hand 3: Chiara deals.",
        "Chiara names the special card: Q♥\ufe0e.", "Chiara names no special card this hand.",
        "Alice drew from the stock.",
        "Bruno took 4♦\ufe0e 9♠\ufe0e from the discard pile. "
        "New meld B: 4♦\ufe0e 5♦\ufe0e 6♦\ufe0e.",
        "Bruno melded B: 4♦\ufe0e 5♦\ufe0e 6♦\ufe0e.",
        "Bruno laid off 7♦\ufe0e on B. +5 points.",
        "Bruno discarded 9♠\ufe0e.",
        "Rummy! 3♦\ufe0e can be played (on B). First to press Rummy! wins it.",
        "Rummy! Chiara claims 3♦\ufe0e onto B (+5).",
        "Alice leaves the pile.", "Alice can take nothing from the pile.",
        "The pile becomes the stock (12 cards).",
        "Bruno has no cards left and will draw next turn.",
        "Chiara wins the game with 510 points!",
    ]


def test_a_hands_end_reveals_every_hand_with_its_melds_and_lay_offs() -> None:
    melds = (MeldView("A", 0, "set", (Placed("KC", 0, 10, "meld"), Placed("KH", 0, 10, "meld"),
                                      Placed("KD", 0, 10, "meld"), Placed("KS", 1, 10, "layoff"))),
             RUN)
    report = HandReport(4, "out", 0, (SeatReport(0, 30, 0, 0, ()),
                                      SeatReport(1, 15, 10, 20, ("9C", "QS"))),
                        (130, -5), (1,), (1, 0), melds)
    ended = RUMMY500.hand_end(None, [Event("hand_end", 0, report)], NAMES, "en")
    assert ended is not None
    spec, lines = ended
    assert spec.title == "Hand 4: Alice went out!"
    assert [(r.name, r.melds, r.layoffs, r.loose, r.loose_value) for r in spec.rows] == [
        ("Alice", [["KC", "KH", "KD"]], [], [], 0),
        ("Bruno", [["4D", "5D", "6D"]], ["KS"], ["9C", "QS"], 20)]
    assert lines == ["Alice went out!",
                     "Alice: melded 30, laid off 0, in hand 0 → +30 (total 130)",
                     "Bruno: melded 15, laid off 10, in hand −20 → +5 (total −5)",
                     "Bruno is eliminated."]
    assert RUMMY500.hand_end(None, [Event("discard", 0, Discarded("2D", False))], NAMES,
                             "en") is None


def test_melds_lay_offs_claims_and_melding_takes_show_on_the_table_at_once() -> None:
    at_once = RUMMY500.at_once
    assert at_once([Event("meld", 0, Melded((RUN,)))])
    assert at_once([Event("layoff", 0, LaidOff(("7D",), "B", "high", 5))])
    assert at_once([Event("take", 1, Taken(("4D", "9S"), 2, (RUN,), False))])
    # A draw, or the free top card taken alone, waits for the turn's discard.
    assert not at_once([Event("take", 1, Taken(("9S",), 3, (), True))])
    assert not at_once([Event("draw", 1, Drew(20), DrawnCard("9S"))])


# ----- issue 10: the words around windows, opening, the empty stock and ties ---------------------


def test_the_manual_window_caption_invites_a_look_in_both_languages() -> None:
    game = crafted({0: "2C 4D 9S", 1: "3C 5D 10S KD", 2: "3S 6D JS"},
                   melds=[(1, "5H 6H 7H")], pile="KH 8H", turn=1, phase="draw", players=3,
                   claim=("8H", 0))
    assert RUMMY500.table_status(game, NAMES, "en") == (
        "Bruno's turn · 8♥\ufe0e discarded — does it fit a meld? Press Rummy! to claim it")
    assert RUMMY500.table_status(game, NAMES, "it") == (
        "Turno di Bruno · 8♥\ufe0e scartato: si attacca a qualche combinazione? Premi Rummy! per "
        "prenderlo")
    assert [c.label for c in RUMMY500.table_controls(game, "it")] == ["Rummy!", "Passo"]


def test_leaving_the_pile_says_whether_the_pile_becomes_the_stock() -> None:
    def at_empty_stock(reuse: int) -> Rummy500Game:
        return crafted({0: "7D 7S QH 3C 5S 6H 8D", 1: "KS", 2: "QS"}, pile="7C 2H 9S",
                       turn=0, phase="draw", players=3, stock="", rest_to=1,
                       options=Rummy500Options(reuse_discards=reuse))

    ends, reuses = at_empty_stock(0), at_empty_stock(1)
    assert "decline" in [str(a) for a in ends.legal_actions(0)]
    assert [c.label for c in RUMMY500.controls(ends, 0, "en")][-1] == (
        "Leave the pile: the hand ends")
    assert [c.label for c in RUMMY500.controls(reuses, 0, "it")][-1] == (
        "Lascia gli scarti: diventano il mazzo")
    assert RUMMY500.hand_prompt(reuses, 0, NAMES, "en").startswith(
        "It's your turn and the stock is empty: take from the pile, or leave it: it is turned "
        "over as the new stock and you draw from it.")
    assert RUMMY500.hand_prompt(ends, 0, NAMES, "it").startswith(
        "Tocca a te e il mazzo è finito: prendi dagli scarti, oppure lasciali e la mano finisce")


def test_an_unopened_players_prompt_names_his_fitting_cards_in_both_languages() -> None:
    game = crafted({0: "9D 2C KS 4H", 1: "3C", 2: "3S"}, melds=[(1, "10D JD QD"), (2, "4S 5S 6S")],
                   pile="10H", turn=0, phase="play", players=3)
    prompt = RUMMY500.hand_prompt(game, 0, NAMES, "it")
    assert ("Puoi attaccare 9♦\ufe0e solo dopo aver aperto: prima cala una tua combinazione."
            in prompt)
    opened = crafted({0: "9D 2C KS 4H", 1: "3C", 2: "3S"}, melds=[(1, "10D JD QD")],
                     pile="10H", turn=0, phase="play", players=3, opened=[0])
    assert "only once you have opened" not in RUMMY500.hand_prompt(opened, 0, NAMES, "en")
    rules = RUMMY500.rules_summary(Rummy500Options(), "it")
    assert any(line.startswith("Aprire: calare almeno una propria combinazione") for line in rules)


def test_a_hand_report_keeps_its_tie_and_the_hands_end_says_it() -> None:
    seats = (SeatReport(0, 40, 0, 0, ()), SeatReport(1, 45, 0, 5, ("5C",)))
    report = HandReport(4, "out", 0, seats, (540, 540), (), (1, 0), (RUN,), (0, 1))
    assert HandReport.from_dict(report.to_dict()) == report
    assert "tied" not in HandReport.from_dict(report.to_dict() | {"tied": []}).to_dict()
    ended = RUMMY500.hand_end(None, [Event("hand_end", 0, report)], NAMES, "it")
    assert ended is not None
    assert ended[1][-1] == ("Pari a 540: Alice, Bruno sono in testa a pari merito oltre "
                            "l'obiettivo, quindi si continua a giocare.")


PROMPT_STATES = {
    # 7C under 2H 9S melds with 7D 7S: both ways to start the turn are offered
    "draw or take": (dict(hands={0: "7D 7S QH 3C 5S 6H 8D", 1: "KS", 2: "QS"},
                          pile="7C 2H 9S", phase="draw"),
                     "It's your turn: draw from the stock or take from the pile.",
                     "Tocca a te: pesca dal mazzo o prendi dagli scarti."),
    # nothing in the pile melds with the hand: only Draw
    "draw only": (dict(hands={0: "2D 5C KH 9C", 1: "KS", 2: "QS"}, pile="7C 4H", phase="draw"),
                  "It's your turn: draw from the stock.", "Tocca a te: pesca dal mazzo."),
    "leave only": (dict(hands={0: "2D 5C KH 9C", 1: "KS", 2: "QS"}, pile="7C 4H", phase="draw",
                        stock="", rest_to=1),
                   "It's your turn and the stock is empty. No take from the pile is open to you: "
                   "leave it, and the hand ends now (nobody went out).",
                   "Tocca a te e il mazzo è finito. Non puoi prendere dagli scarti: lasciali, e la "
                   "mano finisce subito (nessuno ha chiuso)."),
    "meld": (dict(hands={0: "7D 7S 7H 3C", 1: "KS", 2: "QS"}, pile="4H"),
             "Meld, then discard.", "Cala, poi scarta."),
    "lay off": (dict(hands={0: "8D 3C KH", 1: "KS", 2: "QS"}, pile="4H", opened=[0],
                     melds=[(1, "5D 6D 7D")]), "Lay off, then discard.", "Attacca, poi scarta."),
    "discard only": (dict(hands={0: "2D 5C KH 9C", 1: "KS", 2: "QS"}, pile="4H"),
                     "Discard a card.", "Scarta una carta."),
}


@pytest.mark.parametrize("name", sorted(PROMPT_STATES))
def test_the_prompt_names_only_the_moves_the_controls_offer(name: str) -> None:
    setup, english, italian = PROMPT_STATES[name]
    game = crafted(turn=0, players=3, options=Rummy500Options(reuse_discards=0), **setup)
    assert RUMMY500.hand_prompt(game, 0, NAMES, "en").splitlines()[0] == english
    assert RUMMY500.hand_prompt(game, 0, NAMES, "it").splitlines()[0] == italian
    labels = [getattr(c, "label", "") or getattr(c, "placeholder", "")
              for c in RUMMY500.controls(game, 0, "en")]
    offered = {"draw": "Draw from stock" in labels, "take": "Take from the pile…" in labels,
               "leave": "Leave the pile: the hand ends" in labels,
               "meld": "Choose a meld to put down" in labels,
               "lay off": "Choose a card to lay off" in labels}
    assert {k for k, shown in offered.items() if shown} == OFFERED[name]


OFFERED = {"draw or take": {"draw", "take"}, "draw only": {"draw"}, "leave only": {"leave"},
           "meld": {"meld"}, "lay off": {"lay off"}, "discard only": set()}
