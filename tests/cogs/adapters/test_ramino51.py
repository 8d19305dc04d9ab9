"""The Ramino 51 adapter: menus within Discord's limits, the words of each event and hand end,
what a timer plays for an absent player, and no hidden card in public."""

from __future__ import annotations

import io
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import pytest
from PIL import Image

from bot.i18n import t
from card_images import PilesPanel, render_hand, render_table
from card_images.faces import normalize, sort_key
from cogs.adapters import ButtonControl, Control, SelectControl
from cogs.adapters.ramino51 import RAMINO51
from cogs.adapters.ramino51_menus import (
    BUTTON_ACTION,
    Build,
    Builder,
    Draft,
    Lay,
    Swap,
    compose_move,
    hand_controls,
    meld_label,
    steps,
)
from cogs.errors import Refusal
from engine.errors import IllegalMove
from engine.game import Event
from engine.ramino51 import Discard, DrawStock, MeldCards, Ramino51Game, parse_action, preset
from engine.ramino51.actions import Group
from engine.ramino51.events import Drew
from engine.ramino51.views import HandReport, R51Hand
from tests.engine.ramino51.scripted import crafted, scripted

NAMES = ["Alice", "Bruno", "Chiara", "Dario"]
# Twelve melds, two jokers, a lay-off by Bruno on Alice's run.
MELDS = [(1, "10H JH QH KH"), (1, "7S 7D 7C"), (1, "2C 3C JK=4C 5C"), (1, "9S 9H 9D 9C"),
         (2, "AD 2D 3D"), (2, "5S 6S 7S 8S 9S"), (2, "QC QD QS"), (2, "4H 5H JK=6H 7H"),
         (3, "KS KD KC"), (3, "8H 9H 10H"), (3, "JC JD JH"), (3, "6D 7D 8D 9D 10D")]
# Sixteen cards for Alice, who has opened: lay-offs and joker swaps everywhere.
ALICE_16 = "AH AC 6C 4D 4S 10S 3H 8H KH JS 5D 4H 4C 6H 2S 3D"
# Alice, not opened, and 15 cards full of openings.
ALICE_OPENINGS = "10H JH QH 7S 7D 7C 8S 8D 8C 9S 9D 9C JK 2D 4H"
BRUNO = "QC QD QS KS KH KD 9D 7D 4S 5S 2C 3H 6C JS"
CHIARA = "AC 2C 3C 4C 5H 6H 7H 9C 9S 9H JH QH KH 3S"
EVERY_STEP: list[Draft | None] = [None, Build(), Lay(), Swap()]


def rows(controls: Sequence[Control]) -> int:
    """Return the rows of a hand message: the sort button's, the buttons', one per select."""
    buttons = sum(isinstance(c, ButtonControl) for c in controls)
    selects = sum(isinstance(c, SelectControl) for c in controls)
    return 1 + -(-buttons // 5) + selects


def labels(controls: Sequence[Control]) -> list[str]:
    """Return the buttons' labels, in order."""
    return [c.label for c in controls if isinstance(c, ButtonControl)]


def assert_fits(controls: Sequence[Control]) -> None:
    """Every control fits Discord: 5 rows, 25 options, 100-character values."""
    assert rows(controls) <= 5, controls
    for c in controls:
        if isinstance(c, SelectControl):
            assert 0 < len(c.options) <= 25 and c.max_values <= len(c.options), c
            assert all(len(o.value) <= 100 for o in c.options), c
        else:
            assert len(c.action) <= BUTTON_ACTION, c


def opened_table() -> Ramino51Game:
    """Alice (opened, melds of her own on the table) holds 16 cards at a table of 12 melds."""
    return crafted({0: ALICE_16, 1: "KC", 2: "2H", 3: "3S"}, melds=[(0, "5H 6H 7H"), *MELDS],
                   pile="QH", exchange="5C", players=4)


def test_every_step_fits_discord_with_16_cards_and_a_table_full_of_melds() -> None:
    game = opened_table()
    legal = game.private_view(0).legal
    assert sum(a.startswith("layoff ") for a in legal) > 12  # a card first, then its meld
    assert sum(a.startswith("swap ") for a in legal) > 25
    for draft in EVERY_STEP:
        assert_fits(RAMINO51.controls(game, 0, "en", draft))
    card = next(a.split()[1] for a in legal if a.startswith("layoff "))
    assert_fits(RAMINO51.controls(game, 0, "en", Lay(card)))
    for mid in {a.split()[1] for a in legal if a.startswith("swap ")}:  # both jokers' melds
        assert sorted(reachable_swaps(game, Swap(mid))) == sorted(
            a.removeprefix("swap ") for a in legal if a.startswith(f"swap {mid} "))
    verbs = [getattr(c, "verb", getattr(c, "action", "")) for c in
             RAMINO51.controls(game, 0, "en", Swap())]
    assert "ui_from" in verbs  # more swaps than one menu holds: the meld first


def reachable_swaps(game: Ramino51Game, draft: Draft) -> list[str]:
    """Return every swap the menus reach from this step, each step fitting Discord."""
    controls = RAMINO51.controls(game, 0, "en", draft)
    assert_fits(controls)
    select = next(c for c in controls if isinstance(c, SelectControl))
    if select.verb == "swap":
        return [o.value for o in select.options]
    assert select.verb == "ui_to"  # where the joker goes: a meld, or a new one
    found: list[str] = []
    for option in select.options:
        deeper = RAMINO51.step(game, 0, draft, f"ui_to {option.value}")
        assert isinstance(deeper, Swap)
        found += reachable_swaps(game, deeper)
    return found


def test_the_ready_openings_say_what_they_are_worth_of_51() -> None:
    game = scripted([ALICE_OPENINGS, BRUNO, CHIARA], "10S")
    controls = RAMINO51.controls(game, 0, "en")
    assert_fits(controls)
    meld = next(c for c in controls if isinstance(c, SelectControl) and c.verb == "meld")
    assert meld.placeholder == "Open with ready melds (51 or more)"
    assert all(o.label.endswith(" of 51)") for o in meld.options)
    values = [int(o.label.rsplit("(", 1)[1].split()[0]) for o in meld.options]
    assert values == sorted(values, reverse=True) and min(values) >= 51
    it = RAMINO51.controls(game, 0, "it")
    assert any(o.label.endswith(" su 51)") for c in it if isinstance(c, SelectControl)
               for o in c.options)


def greyed(controls: Sequence[Control]) -> list[str]:
    """Return the labels of the disabled buttons, in order."""
    return [c.label for c in controls if isinstance(c, ButtonControl) and c.disabled]


def test_building_asks_which_listed_meld_only_when_cards_make_several() -> None:
    game = scripted([ALICE_OPENINGS, BRUNO, CHIARA], "10S")
    controls = RAMINO51.controls(game, 0, "en", Build())
    assert greyed(controls) == ["Open with these (0 of 51): 51 more to open"]
    draft = add(game, Build(), ["9S", "8S", "JK"])
    assert draft == Build(asked=("JK", "8S", "9S"))  # the cards in the hand's order
    controls = RAMINO51.controls(game, 0, "en", draft)
    read = next(c for c in controls if isinstance(c, SelectControl))
    assert read.verb == "ui_read" and sorted(o.value for o in read.options) == [
        "8S,9S,JK=10S", "JK=7S,8S,9S"]
    draft = RAMINO51.step(game, 0, draft, "ui_read 8S,9S,JK=10S")
    assert draft == Build((group("8S,9S,JK=10S"),))
    controls = RAMINO51.controls(game, 0, "en", draft)
    assert greyed(controls) == ["Open with these (27 of 51): 24 more to open",
                                "✓ 8♠\ufe0e 9♠\ufe0e 🃏(10♠\ufe0e) (27)"]
    chosen = next(c for c in controls if isinstance(c, SelectControl) and c.verb == "ui_add")
    assert "7S" not in {o.value for o in chosen.options}  # 7S 7D 7C fit no opening with it
    with pytest.raises(Refusal) as refused:
        add(game, draft, ["7S", "7D", "7C"])
    assert refused.value.key == "ramino51.no_meld_here"
    draft = add(game, draft, ["10H", "JH", "QH"])
    put = [c for c in RAMINO51.controls(game, 0, "en", draft) if isinstance(c, ButtonControl)
           and c.action.startswith("meld ")]
    assert [(p.action, p.label, p.disabled) for p in put] == [
        ("meld 10H,JH,QH 8S,9S,JK=10S", "Open with these (57 of 51)", False)]
    assert put[0].action in game.private_view(0).legal
    italian = RAMINO51.controls(game, 0, "it", Build((group("8S,9S,JK=10S"),)))
    assert greyed(italian)[0] == "Apri con queste (27 su 51): ne mancano 24 per aprire"


def add(game: Ramino51Game, draft: Build, values: list[str]) -> object | None:
    """Choose these cards in the builder's select (values as offered: "JK.2" a second joker)."""
    return RAMINO51.step(game, 0, draft, RAMINO51.compose(game, 0, "ui_add", values))


def group(cards: str) -> Group:
    """Return one meld as actions name it ("8S,9S,JK=10S")."""
    action = parse_action(f"meld {cards}")
    assert isinstance(action, MeldCards)
    return action.melds[0]


def test_once_opened_a_built_meld_is_put_down_alone() -> None:
    game = crafted({0: "4S 5S 6S 9D 9C 9H 2C", 1: "KC", 2: "2H", 3: "3S"},
                   melds=[(0, "5H 6H 7H")])
    assert greyed(RAMINO51.controls(game, 0, "en", Build())) == ["Put down: choose a meld first"]
    draft = add(game, Build(), ["9D", "9C", "9H"])
    controls = RAMINO51.controls(game, 0, "en", draft)
    put = [c for c in controls if isinstance(c, ButtonControl) and c.action.startswith("meld")]
    assert [(p.label, p.disabled) for p in put] == [("Put down (27)", False)]
    assert not any(isinstance(c, SelectControl) for c in controls)  # one meld at a time


def test_a_close_in_hand_is_one_button_or_one_choice_when_its_text_is_long() -> None:
    game = scripted(["8D JK 10D 8S 8H 8C 2S 4C 6H KC 3D QS 5C 9S 2H", BRUNO, CHIARA], "10S",
                    "AH 8H")
    game.apply(0, "discard 2S")
    game.apply(1, "draw")
    game.apply(1, "discard JS")
    game.apply(2, "draw")
    close = game.private_view(2).close
    assert close is not None and len(close) > BUTTON_ACTION
    controls = RAMINO51.controls(game, 2, "en")
    select = next(c for c in controls if isinstance(c, SelectControl) and c.verb == "close")
    assert select.placeholder == "Close in hand, discarding 3♠\ufe0e"
    assert RAMINO51.compose(game, 2, "close", ["now"]) == close
    assert_fits(controls)


def test_a_timer_draws_and_discards_as_the_computer_would_never_a_joker_nor_a_meld() -> None:
    game = scripted([ALICE_OPENINGS, BRUNO, CHIARA], "10S")
    assert any(a.startswith("meld ") for a in game.private_view(0).legal)
    move = RAMINO51.default_move(game, 0)
    assert move in ("discard 2D", "discard 4H"), "a loose card, not one of her melds"
    game.apply(0, move)
    assert RAMINO51.default_move(game, 1) == "draw"


def describe(game: Ramino51Game, seat: int, action: str) -> list[str]:
    return RAMINO51.describe(game.apply(seat, action), NAMES, "en")


def test_each_event_has_one_public_line_and_no_hidden_card() -> None:
    game = scripted(["8D JK 10D 8S 8H 8C 2S 4C 6H KC 3D QS 5C 9S 2H", BRUNO, CHIARA], "10S",
                    "AH 8H")
    assert describe(game, 0, "exchange 2S") == [
        "Alice gave 2♠\ufe0e for the exchange card 10♠\ufe0e."]
    assert describe(game, 0, "meld 8D,JK=9D,10D 8S,8H,8C") == [
        "Alice melded A: 8♦\ufe0e 🃏(9♦\ufe0e) 10♦\ufe0e; B: 8♠\ufe0e 8♥\ufe0e 8♣\ufe0e. "
        "An opening worth 51 points."]
    assert describe(game, 0, "discard 10S") == ["Alice discarded 10♠\ufe0e."]
    events = game.apply(1, "draw")
    drawn = next(e for e in events if isinstance(e.public, Drew))
    line = RAMINO51.describe(events, NAMES, "en")
    assert line == ["Bruno drew from the stock."] and "A♥" not in line[0]
    assert drawn.private is not None
    describe(game, 1, "meld QC,QD,QS KS,KH,KD")
    assert describe(game, 1, "layoff 7D A") == [
        "Bruno laid off 7♦\ufe0e on A. A is now 7♦\ufe0e 8♦\ufe0e 🃏(9♦\ufe0e) 10♦\ufe0e."]
    assert describe(game, 1, "swap A 9D meld 4S,5S,JK=6S") == [
        "Bruno took the joker from A with 9♦\ufe0e and put it down: "
        "E: 4♠\ufe0e 5♠\ufe0e 🃏(6♠\ufe0e)"]
    spec = RAMINO51.table_spec(game, NAMES, "en")
    public = game.public_view()
    shown = sorted(c for seat in spec.seats for m in seat.melds for c in m.cards)
    assert shown == sorted(c for m in public.melds for c in m.cards)  # the table's, no more
    piles = spec.panel(PilesPanel)
    assert piles.discard == [public.pile_top] and piles.face_up[0].card == public.exchange
    assert [seat.card_count for seat in spec.seats] == [len(game.private_view(s).hand)
                                                        for s in range(3)]
    assert {c for m in spec.seats[0].melds for c in m.laid_off} == {"7D", "9D"}
    assert spec.seats[0].melds[0].laid_off_by == [1, 1]
    assert piles.face_up[0].caption == "Exchange" and spec.seats[0].tags == ["opened"]
    assert spec.title == "Ramino 51: hand 1 of 7" and spec.seats[2].tags == []


def close_game(**rules: object) -> tuple[Ramino51Game, list[Event]]:
    """Chiara closes in hand at her first turn; Alice has opened, Bruno has not."""
    game = scripted(["8D JK 10D 8S 8H 8C 2S 4C 6H KC 3D QS 5C 9S 2H", BRUNO, CHIARA], "10S",
                    "AH 8H", options=preset("standard", **rules))
    game.apply(0, "meld 8D,JK=9D,10D 8S,8H,8C")
    game.apply(0, "discard 2S")
    game.apply(1, "draw")
    game.apply(1, "discard JS")
    game.apply(2, "draw")
    close = game.private_view(2).close
    assert close is not None
    return game, game.apply(2, close)


def test_the_hand_end_doubles_the_charges_after_a_close_in_hand() -> None:
    game, events = close_game()
    found = RAMINO51.hand_end(game, events, NAMES, "en")
    assert found is not None
    spec, lines = found
    assert lines == ["Chiara closed in hand: every charge ×2!",
                     "Alice: 49 points in hand ×2 → +98 (total 98)",
                     "Bruno: 107 points in hand ×2 → +214 (total 214)",
                     "Chiara: nothing to pay (total 0)"]
    assert [r.points for r in spec.rows] == ["+98 (×2)", "+214 (×2)", "closed"]
    assert spec.rows[2].melds and not spec.rows[2].loose
    # the losers' cards laid open as a hand picture sorts them: by suit, jokers last
    report = next(e.public for e in events if isinstance(e.public, HandReport))
    held = list(report.seats[1].hand)
    bruno = spec.rows[1].loose
    assert sorted(bruno) == sorted(held) and bruno != held  # held in another order
    assert bruno == sorted(bruno, key=lambda c: sort_key(normalize(c), "suit"))
    italian = RAMINO51.table_spec(game, NAMES, "it")
    assert [seat.score for seat in italian.seats] == ["totale 98", "totale 214", "totale 0"]
    image = Image.open(io.BytesIO(render_table(italian)))
    assert image.format == "PNG" and image.width <= 550


def test_the_hand_end_says_closed_in_its_title_as_in_the_closer_s_panel() -> None:
    assert t("ramino51.event.out", "en", name="Alice") == "Alice closed!"
    assert t("penalty.closed", "en") == "closed"
    assert t("ramino51.charge_line", "en", name="Alice", held=1, points=1, total=1) == (
        "Alice: 1 point in hand → +1 (total 1)")
    assert t("ramino51.charge_line", "it", name="Alice", held=80, points=80, total=80) == (
        "Alice: 80 punti in mano → +80 (totale 80)")


def test_the_unopened_penalty_is_said_when_it_applies() -> None:
    game, events = close_game(unopened_penalty=100)
    found = RAMINO51.hand_end(game, events, NAMES, "it")
    assert found is not None
    _, lines = found
    assert "Alice: 49 punti in mano ×2 → +98 (totale 98)" in lines
    assert "Bruno: non ha aperto, paga 100 ×2 → +200 (totale 200)" in lines


def test_the_hand_picture_says_the_opening_value_then_just_the_melds() -> None:
    game = scripted([ALICE_OPENINGS, BRUNO, CHIARA], "10S")
    spec = RAMINO51.hand_spec(game, 1, "suit", "it")
    assert spec.loose_label == "Apertura: 60 su 51" and spec.loose_value is None
    assert sorted(c for m in spec.melds for c in m) == sorted(["QC", "QD", "QS", "KS", "KH", "KD"])
    assert Image.open(io.BytesIO(render_hand(spec))).width <= 550
    opened = crafted({0: "4S 5S 6S 9D 2C", 1: "KC", 2: "2H", 3: "3S"}, melds=[(0, "5H 6H 7H")])
    spec = RAMINO51.hand_spec(opened, 0, "suit", "en")
    assert spec.melds == [["4S", "5S", "6S"]]
    assert (spec.loose_label, spec.loose_value) == ("In hand", 11)


def test_a_joker_that_fits_everywhere_is_laid_off_meld_first_then_place() -> None:
    game = crafted({0: ALICE_16.replace("2S", "JK"), 1: "KC", 2: "2H", 3: "3S"},
                   melds=[(0, "5H 6H 7H"), *MELDS, (3, "2S 3S 4S"), (3, "JS QS KS"),
                          (2, "8C 9C 10C"), (1, "JD QD KD")],
                   pile="QH", exchange="5C", players=4, options=preset("four_jokers"))
    legal = game.private_view(0).legal
    jokers = sorted(a.removeprefix("layoff ") for a in legal if a.startswith("layoff JK"))
    assert len(jokers) > 25
    assert RAMINO51.compose(game, 0, "ui_card", ["JK"]) == "ui_card JK"  # its places first
    draft = RAMINO51.step(game, 0, Lay(), "ui_card JK")
    assert draft == Lay("JK")
    controls = RAMINO51.controls(game, 0, "en", draft)
    assert_fits(controls)
    onto = next(c for c in controls if isinstance(c, SelectControl))
    assert onto.verb == "ui_onto"
    found = []
    for option in onto.options:
        step = RAMINO51.controls(game, 0, "en",
                                 RAMINO51.step(game, 0, draft, f"ui_onto {option.value}"))
        assert_fits(step)
        found += [o.value for c in step if isinstance(c, SelectControl) for o in c.options]
    assert sorted(found) == jokers


def test_the_rules_summary_follows_the_preset() -> None:
    standard = RAMINO51.rules_summary(preset("standard"), "en")
    assert "Your first melds must be worth 51 or more together" in standard[1]
    assert standard[-1] == "7 hands; the lowest total wins."
    limit = RAMINO51.rules_summary(preset("limit_500", unopened_penalty=100), "it")
    assert "Chi non ha mai aperto paga 100 punti invece delle sue carte." in limit
    assert limit[-1] == ("La partita finisce quando un totale arriva a 500; "
                         "vince il totale più basso.")
    game = scripted([ALICE_OPENINGS, BRUNO, CHIARA], "10S", options=preset("limit_500"))
    assert RAMINO51.table_spec(game, NAMES, "en").title == "Ramino 51: hand 1"


def test_a_stock_rebuild_and_a_void_hand_are_said() -> None:
    hands = {0: "4S 5S 6S 9D 2C", 1: "KC 3H", 2: "2H 8C"}
    rebuilt = crafted(hands, players=3, phase="draw", rest_to="pile")
    lines = RAMINO51.describe(rebuilt.apply(0, "draw"), NAMES, "en")
    assert lines[0].startswith("The stock ran out: the pile was shuffled into a new stock of")
    assert lines[1:] == ["Alice drew from the stock."]
    void = crafted(hands, players=3, phase="draw", rest_to="pile",
                   options=preset("standard", stock_rebuilds=0))
    events = void.apply(0, "draw")
    assert RAMINO51.describe(events, NAMES, "en")[:1] == [
        "Hand 1 is over. "
        "The stock ran out and cannot be rebuilt: the hand is void and nobody is charged."]
    found = RAMINO51.hand_end(void, events, NAMES, "en")
    assert found is not None
    assert found[1][1:] == ["Alice: nothing to pay (total 0)", "Bruno: nothing to pay (total 0)",
                            "Chiara: nothing to pay (total 0)"]


def test_the_draw_button_and_prompt_say_beforehand_what_an_empty_stock_does() -> None:
    hands = {0: "4S 5S 6S 9D 2C", 1: "KC 3H", 2: "2H 8C"}
    rebuilds = crafted(hands, players=3, phase="draw", pile="7H 8H", stock="", rest_to=2)
    assert labels(RAMINO51.controls(rebuilds, 0, "en"))[0] == "Draw (new stock from the pile)"
    stalled = crafted(hands, players=3, phase="draw", pile="7H 8H", stock="", rest_to=2,
                      idle_rebuilds=2)
    assert labels(RAMINO51.controls(stalled, 0, "it"))[0] == "Pesca (la mano finisce)"
    prompt = RAMINO51.hand_prompt(stalled, 0, NAMES, "en")
    assert prompt.startswith("The stock is empty and cannot be rebuilt: drawing ends the hand")
    summary = " ".join(RAMINO51.rules_summary(preset("standard"), "en"))
    assert "two rebuilt stocks go by with no card put down" in summary


def test_the_prompt_says_how_far_the_best_opening_gets_until_the_seat_has_opened() -> None:
    ready = scripted([ALICE_OPENINGS, BRUNO, CHIARA], "10S")
    prompt = RAMINO51.hand_prompt(ready, 0, NAMES, "en").splitlines()
    best = ready.private_view(0).best.value
    assert best >= 51 and prompt[-1] == f"You can open: {best} of 51."
    assert RAMINO51.hand_prompt(ready, 1, NAMES, "it").splitlines() == [
        f"Non è ancora il tuo turno: giochi dopo {NAMES[0]}.",
        "Puoi aprire: 60 su 51."]
    short = crafted({0: "4S 5S 6S 9D 2C", 1: "KC", 2: "2H", 3: "3S"})
    assert RAMINO51.hand_prompt(short, 0, NAMES, "en").endswith(
        "\nYou could open with 15 of 51.")
    assert RAMINO51.hand_prompt(short, 0, NAMES, "it").endswith(
        "\nPer aprire hai 15 su 51: ancora non basta.")
    none = crafted({0: "4S 7D 9C KH 2C", 1: "KC", 2: "2H", 3: "3S"})
    assert RAMINO51.hand_prompt(none, 0, NAMES, "en").endswith(
        "\nNo meld in your hand yet: opening takes 51 points.")
    one = crafted({0: "4S 7D 9C KH 2C", 1: "KC", 2: "2H", 3: "3S"},
                  options=preset("standard", opening_minimum=1))
    assert RAMINO51.hand_prompt(one, 0, NAMES, "it").endswith(
        "\nAncora nessuna combinazione in mano: per aprire serve 1 punto.")
    opened = crafted({0: "4S 5S 6S 9D 2C", 1: "KC", 2: "2H", 3: "3S"}, melds=[(0, "5H 6H 7H")])
    for locale in ("en", "it"):
        prompt = RAMINO51.hand_prompt(opened, 0, NAMES, locale)
        assert len(prompt.splitlines()) == 1 and " 51" not in prompt, prompt



# Both jokers in one run: 9H 10H JH + 🃏 🃏 and 9D 10D JD QD open with 88.
TWO_JOKERS = "9H 10H JH JK JK 9D 10D JD QD 2S 5S 7C KS 3H 4D"


def test_an_opening_with_both_jokers_in_one_run_is_listed_and_built() -> None:
    game = scripted([TWO_JOKERS, BRUNO, CHIARA], "10S")
    controls = RAMINO51.controls(game, 0, "en")
    assert_fits(controls)
    meld = next(c for c in controls if isinstance(c, SelectControl) and c.verb == "meld")
    double = [o for o in meld.options if o.value.count("JK=") == 2
              and "9H,10H,JH,JK=QH,JK=KH" in o.value]
    assert double and double[0].label.endswith(" of 51)")
    draft = add(game, Build(), ["9H", "10H", "JH", "JK", "JK.2"])
    assert draft == Build(asked=("JK", "JK", "9H", "10H", "JH"))
    draft = RAMINO51.step(game, 0, draft, "ui_read 9H,10H,JH,JK=QH,JK=KH")
    assert draft == Build((group("9H,10H,JH,JK=QH,JK=KH"),))
    controls = RAMINO51.controls(game, 0, "en", draft)
    assert "Open with these (49 of 51): 2 more to open" in greyed(controls)


def test_a_long_label_is_cut_after_a_card_and_keeps_the_opening_value() -> None:
    action = parse_action("meld AH,2H,3H,4H,5H,6H,7H,8H,9H,10H,JH,QH,KH 10S,10D,JK "
                          "JK=10C,JC,QC 8S,9S,JK=10S")
    assert isinstance(action, MeldCards)
    for locale, tail in (("en", " (135 of 51)"), ("it", " (135 su 51)")):
        label = meld_label(action.melds, 135, 51, locale)
        assert len(label) <= 100 and label.endswith(" …" + tail), label
        kept = label.removesuffix(" …" + tail)
        assert kept.endswith("\ufe0e") and kept.startswith("A♥\ufe0e 2♥\ufe0e")  # whole cards
    short = parse_action("meld 10S,10D,10C")
    assert isinstance(short, MeldCards)
    assert meld_label(short.melds, 30, 51, "en") == "10♠\ufe0e 10♦\ufe0e 10♣\ufe0e (30 of 51)"


def test_a_listed_move_too_long_for_a_value_is_sent_as_a_key_to_it() -> None:
    game = scripted([ALICE_OPENINGS, BRUNO, CHIARA], "10S")
    view = game.private_view(0)
    long = "meld " + " ".join(["10H,JH,QH", "7S,7D,7C", "8S,8D,8C", "9S,9D,9C"] * 3)
    values = ((group("10H,JH,QH"), 30), (group("7S,7D,7C"), 21), (group("8S,8D,8C"), 24),
              (group("9S,9D,9C"), 27))
    padded = replace(view, legal=(*view.legal, long), moves=(*view.moves, parse_action(long)),
                     values=(*view.values, *values))
    meld = next(c for c in main_selects(padded) if c.verb == "meld")
    keys = [o.value for o in meld.options if o.value.startswith("#")]
    assert len(keys) == 1 and len(keys[0]) <= 100
    assert compose_move(padded, "meld", keys) == long
    assert compose_move(padded, "meld", ["10H,JH,QH 7S,7D,7C"]) == "meld 10H,JH,QH 7S,7D,7C"
    with pytest.raises(Refusal):
        compose_move(view, "meld", keys)  # not listed (any more): refused, never guessed


def main_selects(view: R51Hand) -> list[SelectControl]:
    """Return the selects of a hand's main menu built from this view."""
    return [c for c in hand_controls(view, "en", None) if isinstance(c, SelectControl)]


def test_a_value_or_step_no_menu_offers_is_refused_never_read() -> None:
    game = opened_table()
    legal = game.private_view(0).legal
    for verb, value in (("discard", "JK"), ("exchange", "AH"), ("layoff", "AH Z"),
                        ("swap", "A 9D meld 4S,5S,JK=6S"), ("meld", "AH,2H,3H"),
                        ("close", "now"), ("ui_card", "9C"), ("draw", "")):
        assert f"{verb} {value}".strip() not in legal
        with pytest.raises(Refusal) as refused:
            RAMINO51.compose(game, 0, verb, [value])
        assert refused.value.key == "error.move_unavailable", (verb, value)
    with pytest.raises(Refusal):
        RAMINO51.compose(game, 0, "ui_add", ["AH", "9C", "QS"])  # cards she does not hold
    assert RAMINO51.compose(game, 0, "discard", ["AH"]) == "discard AH"
    for draft, text in ((None, "ui_card AH"), (None, "ui_back"), (Lay(), "ui_build"),
                        (Lay(), "ui_card 9C"), (Lay("JK"), "ui_onto A"), (Swap(), "ui_to new"),
                        (Swap(), "ui_from Z"), (Swap("Z"), "ui_to new"), (Lay(), "discard AH")):
        with pytest.raises(IllegalMove):
            RAMINO51.step(game, 0, draft, text)
    with pytest.raises(Refusal) as refused:
        RAMINO51.step(game, 0, Build(), "ui_read 8S,9S,JK=10S")  # no reading was asked
    assert refused.value.key == "ramino51.no_meld_here"
    drawing = crafted({0: ALICE_16, 1: "KC", 2: "2H", 3: "3S"}, melds=[(0, "5H 6H 7H")],
                      phase="draw")
    with pytest.raises(IllegalMove):  # no building before the draw
        RAMINO51.step(drawing, 0, None, "ui_build")


def test_four_jokers_in_the_builder_are_four_distinct_choices() -> None:
    game = crafted({0: "JK JK JK JK 5H 6H 9S 9D KC", 1: "KD", 2: "2H", 3: "3S"},
                   melds=[(0, "10C JC QC")], options=preset("four_jokers"))
    select = next(c for c in RAMINO51.controls(game, 0, "en", Build())
                  if isinstance(c, SelectControl) and c.verb == "ui_add")
    values = [o.value for o in select.options]
    assert len(values) == len(set(values)) and {"JK", "JK.2", "JK.3", "JK.4"} <= set(values)
    draft = add(game, Build(), ["5H", "JK.4", "6H"])
    assert isinstance(draft, Build) and draft.asked == ("JK", "5H", "6H")  # which run?
    readings = next(c for c in RAMINO51.controls(game, 0, "en", draft)
                    if isinstance(c, SelectControl))
    assert sorted(o.value for o in readings.options) == ["5H,6H,JK=7H", "JK=4H,5H,6H"]


def test_the_table_footer_says_how_often_the_stock_was_rebuilt() -> None:
    hands = {0: "4S 5S 6S 9D 2C", 1: "KC 3H", 2: "2H 8C"}
    game = crafted(hands, players=3, phase="draw", rest_to="pile")
    assert "rebuilt" not in RAMINO51.table_spec(game, NAMES, "en").footer
    game.apply(0, "draw")
    assert RAMINO51.table_spec(game, NAMES, "en").footer.startswith(
        "Discard pile: 1 card · stock rebuilt 1 time · ")
    twice = crafted(hands, players=3, phase="draw", rest_to="pile", rebuilds=2)
    assert "· mazzo rifatto 2 volte ·" in RAMINO51.table_spec(twice, NAMES, "it").footer


# --- every control shown is a legal move, or a step to one ----------------------------------

PRESSES = 2000  # controls pressed at most per game (a few seconds)


class Presser:
    """Press every control a seat is shown, through every menu step, at one state."""

    def __init__(self, game: Ramino51Game, seat: int, counts: Counter[str]) -> None:
        self.game, self.seat, self.counts = game, seat, counts
        self.view = game.private_view(seat)

    def menu(self, draft: Draft | None, depth: int) -> None:
        """Press each control of this step (each option of each select); the steps the
        draft knows are exactly those its controls send (the builder's cards sampled)."""
        sent: set[str] = set()
        for control in RAMINO51.controls(self.game, self.seat, "en", draft):
            if isinstance(control, ButtonControl):
                if control.disabled:
                    self.counts["greyed"] += 1
                    assert control.action.startswith("ui_"), control  # never a move
                else:
                    sent.add(self.press(draft, control.action, depth))
            elif control.verb == "ui_add":
                assert isinstance(draft, Build)
                for values in self.meld_cards(control, draft):
                    sent.add(self.press(draft, RAMINO51.compose(self.game, self.seat, "ui_add",
                                                                values), depth))
            else:
                for option in control.options:
                    text = RAMINO51.compose(self.game, self.seat, control.verb, [option.value])
                    sent.add(self.press(draft, text, depth))
        known = set(steps(self.view, draft))
        assert {s for s in known - sent if not s.startswith("ui_add ")} == set(), draft

    def press(self, draft: Draft | None, text: str, depth: int) -> str:
        """A step goes one menu deeper; a move must be one the game accepts now."""
        self.counts["pressed"] += 1
        if text.startswith("ui_"):
            deeper = RAMINO51.step(self.game, self.seat, draft, text)  # every step offered is one
            if depth > 0 and text not in ("ui_back", "ui_clear"):
                assert deeper is None or isinstance(deeper, (Build, Lay, Swap)), deeper
                self.menu(deeper, depth - 1)
            return text
        assert text in self.view.legal, text
        self.game.verify(self.seat, self.game.parse_action(text))
        return text

    def meld_cards(self, select: SelectControl, draft: Build) -> list[list[str]]:
        """Return, for each meld that may come next whose cards the select offers, its cards'
        values (other combinations are the player's own, refused with the reason)."""
        offered = [o.value for o in select.options]
        out = []
        for group in Builder(self.view, draft.done).next_melds():
            left = list(offered)
            values = []
            for p in group:
                value = next((v for v in left if v.partition(".")[0] == p.card.text), None)
                if value is None:
                    break
                left.remove(value)
                values.append(value)
            else:
                if values not in out:
                    out.append(values)
        return out[:4]


@pytest.mark.parametrize("seed", range(3))
def test_every_control_shown_is_a_listed_move_or_a_step_to_one(seed: int) -> None:
    rng = random.Random(seed)
    game = Ramino51Game(preset(("standard", "four_jokers", "limit_500")[seed]),
                        players=2 + seed, seed=seed)
    counts: Counter[str] = Counter()
    while not game.is_over and counts["pressed"] < PRESSES:
        seat = game.to_act()[0]
        Presser(game, seat, counts).menu(None, depth=3)
        counts["states"] += 1
        legal = game.legal_actions(seat)
        plays = [a for a in legal if not isinstance(a, (Discard, DrawStock))]
        game.apply(seat, rng.choice(plays if plays and rng.random() < 0.7 else legal))
    print(f"\nseed {seed}: {dict(counts)}")
    assert counts["states"] > 20 and counts["greyed"] > 0


R51_PROMPTS = {
    "discard only": (dict(hands={0: "4S 7D 9C KH 2C"}), "Discard to end your turn.",
                     "Scarta per finire il turno."),
    "meld and lay off": (dict(hands={0: "4S 5S 6S 9D 8H"}, melds=[(0, "5H 6H 7H")]),
                         "Meld, lay off, or discard to end your turn.",
                         "Cala, attacca, oppure scarta per finire il turno."),
    "lay off": (dict(hands={0: "4S 9D 8H"}, melds=[(0, "5H 6H 7H")]),
                "Lay off or discard to end your turn.",
                "Attacca oppure scarta per finire il turno."),
    "draw or take": (dict(hands={0: "4S 9D 8H"}, phase="draw", pile="KD"),
                     "It's your turn: draw from the stock or take K♦\ufe0e.",
                     "Tocca a te: pesca dal mazzo o prendi K♦\ufe0e."),
    # his only card is the top card's twin: no discard could follow a take
    "draw only": (dict(hands={0: "KD"}, phase="draw", pile="KD"),
                  "It's your turn: draw from the stock.", "Tocca a te: pesca dal mazzo."),
    "void draw only": (dict(hands={0: "KD"}, phase="draw", pile="KD", stock="",
                            rest_to="pile", idle_rebuilds=2),
                       "The stock is empty and cannot be rebuilt: drawing ends the hand with "
                       "nobody charged.", "Il mazzo è finito e non si può rifare: pescando, la "
                       "mano finisce senza penalità per nessuno."),
}
R51_OFFERED = {"discard only": {"Choose a card to discard"},
               "meld and lay off": {"Build a meld", "Lay off", "Put down a meld",
                                    "Choose a card to discard"},
               "lay off": {"Lay off", "Choose a card to discard"},
               "draw or take": {"Draw from stock", "Take discard (K♦\ufe0e)"},
               "draw only": {"Draw from stock"}, "void draw only": {"Draw (ends the hand)"}}


@pytest.mark.parametrize("name", sorted(R51_PROMPTS))
def test_the_prompt_names_only_the_moves_the_controls_offer(name: str) -> None:
    setup, english, italian = R51_PROMPTS[name]
    others = {1: "KC", 2: "2H", 3: "3S"}
    game = crafted(**{**setup, "hands": {**others, **setup["hands"]}})
    assert RAMINO51.hand_prompt(game, 0, NAMES, "en").splitlines()[0] == english
    assert RAMINO51.hand_prompt(game, 0, NAMES, "it").splitlines()[0] == italian
    shown = {c.label if isinstance(c, ButtonControl) else c.placeholder
             for c in RAMINO51.controls(game, 0, "en")}
    assert shown == R51_OFFERED[name]


def test_the_discard_and_exchange_menus_list_cards_as_the_hand_picture_sorts_them() -> None:
    # Dealt order (K♦ 3♥ 9♣ 4♠ 2♣ JK) would make a player hunt for his card down the menu.
    selects = {c.verb: [o.value for o in c.options]
               for phase in ("draw", "play")
               for c in RAMINO51.controls(crafted({0: "KD 3H 9C 4S 2C JK", 1: "KC 3S",
                                                   2: "2H 8C"}, players=3, exchange="5H",
                                                  phase=phase, had_turn=[False] * 3), 0, "en")
               if isinstance(c, SelectControl)}
    picture = ["4S", "3H", "2C", "9C", "KD", "JK"]  # spades, hearts, clubs, diamonds; jokers last
    assert selects["discard"] == picture
    assert selects["exchange"] == picture
