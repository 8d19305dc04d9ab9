"""Canasta's adapter: menus within Discord's limits, labels, public lines, hand end, timers."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from bot.i18n import t
from card_images import PilesPanel
from cogs.adapters import UI_PREFIX, ButtonControl, Control, Deal, SelectControl, view_of
from cogs.adapters.base import preset_label
from cogs.adapters.canasta import CANASTA, safe_move
from cogs.adapters.canasta_menus import (
    BUTTON_ACTION,
    MAX_OPTIONS,
    VALUE,
    Adding,
    Building,
    Taking,
    hand_controls,
    one_move,
    steps,
)
from cogs.custom_ids import ComponentId, parse
from cogs.errors import Refusal
from engine.canasta import CanastaGame, parse_action
from engine.canasta.views import CanastaHand, MeldView
from engine.cards import Card
from tests.engine.canasta.scripted import crafted, scripted

NAMES = ["Alice", "Bruno", "Chiara", "Dario"]
RANKS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
BIG_HAND = " ".join(r + s for r in RANKS for s in "SHDC")  # 40 cards, 40 faces
NATURALS = ["A", *RANKS]


def full_table() -> CanastaGame:
    """Alice's 40 cards in play, thirteen melds a side: every rank, twos, jokers."""
    melds = [(0, f"{r}S {r}H {r}D") for r in NATURALS] + [(1, f"{r}C {r}S {r}H")
                                                          for r in NATURALS]
    melds += [(0, "2S 2H 2D"), (1, "2C 2S 2H"), (0, "JK JK JK"), (1, "JK JK JK")]
    return crafted({0: BIG_HAND, 1: "AC", 2: "AD", 3: "AC"}, melds=melds, phase="play")


def fourteen(view: CanastaHand) -> CanastaHand:
    """Return the view with a fourteenth meld on each side (a second kings' meld)."""
    sides = tuple(replace(s, melds=(*s.melds, MeldView(f"Z{s.side}", s.side, "K",
                                                       ("KC", "KC", "KD"), 0, "", (0, 0, 0))))
                  for s in view.table.sides)
    return replace(view, table=replace(view.table, sides=sides))


def check_limits(controls: list[Control]) -> None:
    """Check what Discord allows: the hand's rows, options, labels and ids."""
    buttons = [c for c in controls if isinstance(c, ButtonControl)]
    selects = [c for c in controls if isinstance(c, SelectControl)]
    assert len(buttons) <= 5 and len(selects) <= 3  # sort row + buttons + 3 selects = 5
    for button in buttons:
        assert len(button.action) <= BUTTON_ACTION and len(button.label) <= 80
    for control in controls:  # an id the bot cannot read back is never sent
        name = control.action if isinstance(control, ButtonControl) else control.verb
        kind = "act" if isinstance(control, ButtonControl) else "select"
        cid = ComponentId(123456789012345678, kind, 123, name)
        assert parse(str(cid)) == cid, name
    for select in selects:
        assert 0 < len(select.options) <= MAX_OPTIONS and select.max_values <= MAX_OPTIONS
        assert len(select.placeholder) <= 150
        for option in select.options:
            assert len(option.value) <= VALUE and len(option.label) <= 100


@pytest.mark.parametrize("locale", ["en", "it"])
def test_a_40_card_hand_and_14_melds_a_side_fit_every_step(locale: str) -> None:
    game = full_table()
    view = fourteen(view_of(game, 0))
    assert len(view.hand) == 40 and all(len(s.melds) == 14 for s in view.table.sides)
    mine = view.table.sides[0].melds
    kings = (Card.parse("KS"), Card.parse("KH"), Card.parse("KD"))
    drafts = [None, Building(), Building((kings,)), Adding(), Adding(mine[0].id), Adding("Z0")]
    for draft in drafts:
        check_limits(hand_controls(game, view, locale, draft))
    main = hand_controls(game, view, locale, None)
    # every card of the hand can be thrown, over two selects of 25 and 15
    discards = [c for c in main if isinstance(c, SelectControl)
                and c.verb in ("discard", "discard_more")]
    assert [len(c.options) for c in discards] == [25, 15]
    assert {o.value for c in discards for o in c.options} == set(BIG_HAND.split())
    meld_menu = hand_controls(game, view, locale, Adding())
    assert len(meld_menu[1].options) == 10  # type: ignore[union-attr]  # 4 to K: Alice holds those


def test_the_add_menu_offers_the_legal_additions_to_the_meld_chosen() -> None:
    game = full_table()
    kings = next(m for m in view_of(game).sides[0].melds if m.rank == "K")
    assert CANASTA.step(game, 0, None, "ui_add") == Adding()
    assert CANASTA.step(game, 0, Adding(), f"ui_meld {kings.id}") == Adding(kings.id)
    controls = CANASTA.controls(game, 0, "en", Adding(kings.id))
    cards = controls[1]
    assert isinstance(cards, SelectControl) and cards.verb == "play"
    # the four kings, three, two or one of them (no wild card is held): one a count
    assert [o.value for o in cards.options] == [f"add {kings.id} KC,KD,KH,KS",
                                                f"add {kings.id} KC,KD,KH",
                                                f"add {kings.id} KC,KD", f"add {kings.id} KC"]
    assert [o.label for o in cards.options][-1] == "K♣\ufe0e"
    move = CANASTA.compose(game, 0, "play", [cards.options[2].value])
    game.apply(0, move)
    assert len(next(m for m in view_of(game).sides[0].melds if m.rank == "K").cards) == 5


# Dario deals; Alice opens with three kings and three aces, or builds it rank by rank.
ALICE = "KS KH KD AS AH AD 5C 6C 7D 8D 9S 10S JH QC 4S"
BRUNO = "KC 3H 5D 6D 7C 8C 9D 10D JD QD QS 4D 7S 8S 9H"
CHIARA = "KH KD 5S 6S 7H 8H 9C 10H JD QH 4H 7C 8C 10C JS"
DARIO = "3S 5H 6D 7D 8D 9D 10D JC QC QD 4C 5D 6C 7H 8S"
STOCK = "4C 5H 5S 6H 6S 9C 3D 10C JC"


def four() -> CanastaGame:
    return scripted([ALICE, BRUNO, CHIARA, DARIO], stock=STOCK, bottom="JS")


def test_the_first_menu_draws_opens_ready_made_or_builds() -> None:
    game = four()
    controls = CANASTA.controls(game, 0, "en")
    check_limits(controls)
    labels = [c.label for c in controls if isinstance(c, ButtonControl)]
    assert labels == ["Draw two", "Build an opening"]  # no take: Alice holds no pair of 4s
    ready = next(c for c in controls if isinstance(c, SelectControl) and c.verb == "open")
    assert ready.placeholder == "Open and draw one (you need 50)…"
    assert all(o.label.endswith(" of 50") for o in ready.options)
    assert CANASTA.controls(game, 1, "en") == []  # not his turn


def test_an_opening_is_built_rank_by_rank_with_its_sum_against_the_minimum() -> None:
    game = four()
    draft = CANASTA.step(game, 0, None, "ui_build")
    draft = CANASTA.step(game, 0, draft, "ui_rank K")
    assert str(draft) == "build KD,KH,KS"
    controls = CANASTA.controls(game, 0, "it", draft)
    short = next(c for c in controls if isinstance(c, ButtonControl) and c.label.startswith(
        "Apri con queste"))
    assert short.label == "Apri con queste (30 su 50: ancora 20 per aprire)" and short.disabled
    ranks = next(c for c in controls if isinstance(c, SelectControl) and c.verb == "ui_rank")
    assert ranks.placeholder == (
        "Apertura finora: K♦\ufe0e K♥\ufe0e K♠\ufe0e (30 su 50). Aggiungi un valore…")
    draft = CANASTA.step(game, 0, draft, "ui_rank A")
    put = [c for c in CANASTA.controls(game, 0, "en", draft)
           if isinstance(c, ButtonControl) and c.label == "Open with these (90 of 50)"]
    assert put[0].action == "open KD,KH,KS AD,AH,AS" and not put[0].disabled
    with pytest.raises(Refusal):  # a rank already in the draft, or one card only
        CANASTA.step(game, 0, draft, "ui_rank K")
    with pytest.raises(Refusal):
        CANASTA.step(game, 0, draft, "ui_rank 5")


def test_describe_announces_moves_and_never_a_drawn_card() -> None:
    game = four()
    lines = CANASTA.describe(game.apply(0, "open KD,KH,KS AD,AH,AS"), NAMES, "en")
    assert lines == ["Alice melded K ×3: K♦\ufe0e K♥\ufe0e K♠\ufe0e; "
                     "A ×3: A♦\ufe0e A♥\ufe0e A♠\ufe0e. An opening worth 90 points."]
    CANASTA.describe(game.apply(0, "discard 4S"), NAMES, "en")
    events = game.apply(1, "draw")
    drawn = events[0].private.cards
    line = CANASTA.describe(events, NAMES, "en")[0]
    assert line == ("Bruno drew 2 cards from the stock. 92 cards left in the stock. "
                    "Red threes laid: 3♦\ufe0e.")
    assert "10♣" not in line and "J♣" not in line and set(drawn) >= {"10C", "JC"}
    game.apply(1, "discard KC")
    lines = CANASTA.describe(game.apply(2, "take KD,KH"), NAMES, "it")
    assert lines[0].startswith("Chiara ha preso gli scarti (6 carte vanno in mano): K ×6")


ALICE2 = "KS KH KD KS KH KC QS QH QD QC QS QH QD KC 5C"
BRUNO2 = "4S 5D 6D 7C 8C 9D 10D JD QC AS 4D 7S 8S 9H 6H"


def test_the_hand_end_gives_each_side_m_c_r_g_p_and_every_hand_laid_open() -> None:
    game = scripted([ALICE2, BRUNO2], stock="4C 5H 5S 6H 6S KD")
    game.apply(0, "open KS,KH,KD,KS,KH,KC,KC QS,QH,QD,QC,QS,QH,QD")
    game.apply(0, "add A KD")
    events = game.apply(0, "discard 5C")
    said = CANASTA.describe(events, NAMES, "en")
    assert said[0] == "Alice discarded 5♣\ufe0e."  # the hand's end says who went out
    assert said[1] == "Hand 1 is over. Alice went out."
    assert said[2].startswith("Hand 2: Alice deals. ")  # the deal passes to the next seat
    found = CANASTA.hand_end(game, events, NAMES, "en")
    assert found is not None
    spec, lines = found
    # the score in words a player knows, not letters
    assert lines == ["Hand 1 is over. Alice went out.",
                     "Alice: melds 150 + canastas 1,000 + red threes 0 + going out 300"
                     " − cards left 0 = 1,450 (total 1,450)",
                     "Bruno: melds 0 + canastas 0 + red threes 0 + going out 0"
                     " − cards left 250 = −250 (total −250)"]
    assert spec.title == "Hand 1: Alice went out"
    assert spec.score_lines == lines[1:]  # the picture carries the sides' lines too
    assert [r.name for r in spec.rows] == ["Alice", "Bruno"]
    assert sorted(spec.rows[1].loose) == sorted(BRUNO2.split())
    # a side of one seat is its player: his score, not a side's (nor a "squadra")
    assert spec.rows[1].loose_value == 125 and spec.rows[1].points == "−250 this hand"
    ispec, italian = CANASTA.hand_end(game, events, NAMES, "it") or (None, [])
    assert italian[1] == ("Alice: combinazioni 150 + canaste 1.000 + tre rossi 0 + chiusura 300"
                          " − carte in mano 0 = 1.450 (totale 1.450)")
    assert ispec is not None and ispec.rows[0].points == "1450 in questa mano"


def test_an_addition_that_makes_a_canasta_says_so_once() -> None:
    game = crafted({0: "AD AH AH AC 5C 6C", 1: "4S", 2: "4H", 3: "4D"},
                   melds=[(0, "AS AS AC")])
    events = game.apply(0, "add A AD,AH,AH,AC")
    line = CANASTA.describe(events, NAMES, "en")[0]
    assert line == ("Alice added A♦\ufe0e A♥\ufe0e A♥\ufe0e A♣\ufe0e: "
                    "that makes a clean canasta of A!")
    # Italian says what the meld became, once
    assert CANASTA.describe(events, NAMES, "it")[0] == (
        "Alice ha attaccato A♦\ufe0e A♥\ufe0e A♥\ufe0e A♣\ufe0e: ecco una canasta pulita di A!")


def test_an_addition_short_of_a_canasta_says_what_the_meld_is_now() -> None:
    game = crafted({0: "10C 5C 6C", 1: "4S", 2: "4H", 3: "4D"}, melds=[(0, "10S 10S 10D")])
    events = game.apply(0, "add A 10C")  # A: the meld's id
    assert CANASTA.describe(events, NAMES, "en")[0] == (
        "Alice added 10♣\ufe0e: the meld is now 10 ×4.")
    assert CANASTA.describe(events, NAMES, "it")[0] == (
        "Alice ha attaccato 10♣\ufe0e: la combinazione ora è 10 ×4.")


def test_a_timer_draws_then_throws_no_wild_card_and_never_melds() -> None:
    game = four()
    assert "Your side has not opened" not in CANASTA.hand_prompt(game, 0, NAMES, "en")
    assert CANASTA.default_move(game, 0) == "draw"  # though Alice could open
    game.apply(0, "draw")
    assert CANASTA.hand_prompt(game, 0, NAMES, "en").startswith(
        "Your side has not opened: discard a card.")
    move = CANASTA.default_move(game, 0)
    assert move.startswith("discard ")
    hand = crafted({0: "JK 2S 2H 5C 5D KH 9S"}, melds=[(0, "AS AH AD")], phase="play")
    move = safe_move(view_of(hand, 0))
    assert move in ("discard KH", "discard 9S")  # a single card, never a wild one
    hand = crafted({0: "JK 5C 5D KH 9S"}, melds=[(0, "AS AH AD"), (1, "9H 9C 9D")],
                   phase="play")
    assert safe_move(view_of(hand, 0)) == "discard KH"  # not the 9 the opponents meld
    hand = crafted({0: "JK 2S 2H 2D"}, melds=[(0, "AS AH AD")], phase="play")
    move = safe_move(view_of(hand, 0))  # wild cards only: one must go, a two before a joker
    assert move in ("discard 2S", "discard 2H", "discard 2D")


def test_no_hidden_card_in_the_table_picture() -> None:
    game = four()
    game.apply(0, "open KD,KH,KS AD,AH,AS")
    spec = CANASTA.table_spec(game, NAMES, "en")
    # every card drawn is one lying face up (the pile's top, a card of a meld), copy for copy
    shown = Counter([*spec.panel(PilesPanel).discard,
                     *(c for s in spec.seats for m in s.melds for c in m.cards)])
    public = Counter([view_of(game).pile_top, *(c for s in view_of(game).sides
                                                for m in s.melds for c in m.cards)])
    assert shown and not shown - public
    assert spec.seats[0].count_label == "Alice 10 · Chiara 15"
    assert spec.seats[0].tags == ["opened"] and spec.seats[1].tags == ["opens with 50",
                                                                       "red 3s: 1"]
    assert spec.panel(PilesPanel).discard_caption == "Pile: 5"


def test_a_canasta_is_drawn_as_one_card_framed_by_its_kind() -> None:
    game = scripted([ALICE2, BRUNO2], stock="4C 5H 5S 6H 6S KD")
    game.apply(0, "open KS,KH,KD,KS,KH,KC,KC QS,QH,QD,QC,QS,QH,QD")
    melds = CANASTA.table_spec(game, NAMES, "en").seats[0].melds
    assert [(m.label, m.marks, len(m.cards)) for m in melds] == [
        ("Q clean ×7", ["closed_natural"], 1), ("K clean ×7", ["closed_natural"], 1)]
    assert all(m.cards[0][-1] in "HD" for m in melds)  # a red card on top of a clean one


def test_computers_play_a_game_to_its_end_and_partners_share_the_result() -> None:
    opts = CANASTA.options("standard", {"target_score": 50})
    game = CANASTA.new_game(opts, 4, Deal(seed=11, first_dealer=3))
    for _ in range(2000):
        if game.is_over:
            break
        seat = game.to_act()[0]
        game.apply(seat, CANASTA.choose(game, seat))
    assert game.is_over
    outcomes = CANASTA.outcomes(game)
    assert outcomes[0].won == outcomes[2].won != outcomes[1].won == outcomes[3].won
    assert [o.side for o in outcomes] == [0, 1, 0, 1]  # stored with each seat's result
    assert outcomes[0].points == outcomes[2].points
    first, second = (NAMES[o.seat] for o in outcomes if o.won)
    assert CANASTA.table_status(game, NAMES, "en") == f"{first} and {second} win the game!"
    assert CANASTA.table_status(game, NAMES, "it") == f"{first} e {second} vincono la partita!"
    assert CANASTA.score_sheet(game).sides == ((0, 2), (1, 3)) or (
        CANASTA.score_sheet(game).sides == ((1, 3), (0, 2)))


def test_a_pile_take_with_several_ways_is_chosen_from_one_select() -> None:
    game = crafted({0: "9S 9C JK 2H 5C 6D 7H 8S KH QS JD 10C 4S 4H AS"}, pile="5D 9H",
                   phase="acquire")
    controls = CANASTA.controls(game, 0, "en")
    check_limits(controls)
    takes = next(c for c in controls if isinstance(c, SelectControl) and c.verb == "take")
    # alone (a two, a joker, both) or with the pair of fours as a new meld; fewest wilds first
    assert [o.value for o in takes.options] == [
        "take 9C,9S,2H", "take 9C,9S,JK", "take 9C,9S,JK,2H", "take 9C,9S 4H,4S,2H",
        "take 9C,9S 4H,4S,JK"]
    assert all(o.label.startswith("Take the pile (2 cards): 9") for o in takes.options)
    with_joker = takes.options[1]
    assert with_joker.label == "Take the pile (2 cards): 9♣\ufe0e 9♠\ufe0e 🃏 with 9♥\ufe0e"
    assert takes.options[3].label.endswith("with 9♥\ufe0e + 4♥\ufe0e 4♠\ufe0e 2♥\ufe0e")
    move = CANASTA.compose(game, 0, "take", [with_joker.value])
    assert move == "take 9C,9S,JK"
    game.apply(0, move)
    nines = view_of(game).sides[0].melds[0]
    assert nines.rank == "9" and nines.wilds == 1 and len(view_of(game, 0).hand) == 13


def test_a_new_meld_takes_a_wild_card_in_the_building_menu() -> None:
    game = crafted({0: "7S 7H 7D JK 2C 5S 9S AC AC"}, melds=[(0, "AS AH AD")], phase="play")
    draft = CANASTA.step(game, 0, None, "ui_build")
    ranks = next(c for c in CANASTA.controls(game, 0, "en", draft)
                 if isinstance(c, SelectControl) and c.verb == "ui_rank")
    assert [o.value for o in ranks.options] == ["7"]  # not A: the side's aces take them
    with pytest.raises(Refusal):
        CANASTA.step(game, 0, draft, "ui_rank A")
    draft = CANASTA.step(game, 0, draft, "ui_rank 7")
    wilds = next(c for c in CANASTA.controls(game, 0, "en", draft)
                 if isinstance(c, SelectControl) and c.verb == "ui_wild")
    assert [o.value for o in wilds.options] == ["JK", "2C"]
    draft = CANASTA.step(game, 0, draft, "ui_wild JK")
    assert str(draft) == "build 7D,7H,7S,JK"
    put = [c for c in CANASTA.controls(game, 0, "en", draft) if isinstance(c, ButtonControl)
           and c.action.startswith("meld ")]
    assert [p.label for p in put] == ["Meld 7♦\ufe0e 7♥\ufe0e 7♠\ufe0e 🃏"]
    lines = CANASTA.describe(game.apply(0, put[0].action), NAMES, "en")
    assert lines == ["Alice melded 7 ×4 (1 wild): 7♦\ufe0e 7♥\ufe0e 7♠\ufe0e 🃏."]


def test_the_rules_and_presets_are_canastas_own_in_both_languages() -> None:
    assert preset_label("canasta", "italian", "en") == (
        "Italian (black threes left in hand cost nothing)")
    assert preset_label("rummy500", "italian", "en").startswith("Italian (first meld 40")
    assert preset_label("canasta", "short", "it") == "Breve"
    assert preset_label("canasta", "standard", "en") == "Standard"
    opts = CANASTA.options("italian", {"melds_past_seven": False})
    lines = CANASTA.rules_summary(opts, "en")
    assert "A black three left in hand costs 0." in lines
    assert "A meld stops at seven cards; a new meld of the rank starts." in lines
    assert lines[-1] == "Game to 15,000 points."
    assert CANASTA.rules_summary(opts, "it")[-1] == "Si gioca a 15.000 punti."


def test_a_move_too_long_for_a_button_goes_in_a_one_option_select() -> None:
    long_take = "take " + ",".join(["9S", "9C", "9D"] * 7)  # 65 characters
    assert one_move("take 9S,9C", "Take") == [ButtonControl("take 9S,9C", "Take", "primary")]
    select = one_move(long_take, "Take")[0]
    assert isinstance(select, SelectControl) and select.verb == "play"
    assert CANASTA.compose(four(), 0, "play", [select.options[0].value]) == long_take
    assert one_move("open " + "9S," * 40, "Open") == []  # past a value too: not offered


def test_a_meld_shows_one_natural_card_and_its_wild_cards_framed() -> None:
    game = crafted({0: "5C 9S"}, melds=[(0, "7S 7H 7D 7C JK 2C")], phase="play")
    meld = CANASTA.table_spec(game, NAMES, "en").seats[0].melds[0]
    assert meld.label == "7×6" and meld.cards == ["7S", "JK", "2C"]
    assert meld.marks == ["", "wild", "wild"]


@pytest.mark.parametrize(("locale", "caption", "prompt"), [
    ("en", "After drawing you could meld or add: A",
     "It's your turn: draw two. You can't take the pile now (5♦\ufe0e on top, 1 card)."),
    ("it", "Dopo la pescata potrai calare o attaccare: A",
     "Tocca a te: pesca due carte. Ora non puoi prendere gli scarti (5♦\ufe0e in cima, "
     "1 carta)."),
])
def test_before_the_draw_the_hand_says_what_it_melds_after_it(
        locale: str, caption: str, prompt: str) -> None:
    # A♣ A♦ A♥ A♥ fit the side's aces: "Nothing to meld yet" would not be true
    game = crafted({0: "AC AD AH AH 7C 9S"}, melds=[(0, "AS AS AD")], pile="5D",
                   phase="acquire")
    assert CANASTA.hand_spec(game, 0, "rank", locale).loose_label == caption
    assert CANASTA.hand_prompt(game, 0, NAMES, locale).startswith(prompt)
    labels = [c.label for c in CANASTA.controls(game, 0, locale)
              if isinstance(c, ButtonControl)]
    assert labels == [t("canasta.action.draw", locale)]  # nothing else is legal yet
    game.apply(0, "draw")
    assert CANASTA.hand_spec(game, 0, "rank", locale).loose_label.endswith(": A")
    lone = crafted({0: "AC 7C 9S"}, melds=[(0, "KS KS KD")], pile="5D", phase="acquire")
    assert CANASTA.hand_spec(lone, 0, "rank", "en").loose_label == "Nothing to meld yet"


def test_a_new_meld_s_confirm_is_greyed_out_until_a_wild_card_makes_it_a_meld() -> None:
    game = crafted({0: "7S 7H JK 5S 9S AC AC"}, melds=[(0, "AS AH AD")], phase="play")
    draft = CANASTA.step(game, 0, CANASTA.step(game, 0, None, "ui_build"), "ui_rank 7")
    put = next(c for c in CANASTA.controls(game, 0, "it", draft)
               if isinstance(c, ButtonControl) and c.label.startswith("Cala"))
    assert put.label == "Cala 7♥\ufe0e 7♠\ufe0e (aggiungi una matta)" and put.disabled
    wilds = next(c for c in CANASTA.controls(game, 0, "en", draft)
                 if isinstance(c, SelectControl) and c.verb == "ui_wild")
    assert wilds.placeholder == "Add a wild card to 7♥\ufe0e 7♠\ufe0e"
    draft = CANASTA.step(game, 0, draft, "ui_wild JK")
    put = next(c for c in CANASTA.controls(game, 0, "en", draft)
               if isinstance(c, ButtonControl) and c.label.startswith("Meld"))
    assert put.label == "Meld 7♥\ufe0e 7♠\ufe0e 🃏" and not put.disabled
    assert put.action == "meld 7H,7S,JK"


def test_an_opening_that_would_leave_no_card_says_so() -> None:
    game = crafted({0: "KS KH KD AS AH AD"}, phase="acquire", stock="5C")
    draft = CANASTA.step(game, 0, CANASTA.step(game, 0, None, "ui_build"), "ui_rank K")
    draft = CANASTA.step(game, 0, draft, "ui_rank A")
    put = next(c for c in CANASTA.controls(game, 0, "en", draft)
               if isinstance(c, ButtonControl) and c.label.startswith("Open"))
    assert put.label == "Open with these (keep a card to discard)" and put.disabled
    assert not any(isinstance(c, SelectControl) and c.verb == "ui_rank"
                   for c in CANASTA.controls(game, 0, "en", draft))


def offered_steps(game: CanastaGame, draft: object | None) -> set[str]:
    """Return the step texts the controls of this draft send (buttons and select values)."""
    out: set[str] = set()
    for control in CANASTA.controls(game, 0, "en", draft):
        if isinstance(control, ButtonControl) and control.action.startswith(UI_PREFIX):
            out.add(control.action)
        elif isinstance(control, SelectControl) and control.verb.startswith(UI_PREFIX):
            out |= {CANASTA.compose(game, 0, control.verb, [o.value]) for o in control.options}
    return out


def test_a_step_no_control_offered_is_refused() -> None:
    game = full_table()
    kings = next(m for m in view_of(game).sides[0].melds if m.rank == "K")
    for draft, text in [
        (None, f"ui_meld {kings.id}"),  # a meld chosen before the meld menu was opened
        (None, "ui_back"), (None, "ui_rank K"),  # the main menu has neither
        (Adding(), "ui_meld Z9"),  # no such meld
        (Adding(kings.id), f"ui_meld {kings.id}"),  # its additions are shown, not melds
        (Building(), "ui_wild 2S"),  # no meld to put a wild card on yet
        (Building(), "ui_rank A"),  # the side's aces take Alice's aces: no new meld of A
        (Building(), "ui_rank"), (Building(), "ui_rank K extra"), (Building(), "ui_clear"),
    ]:
        assert text not in offered_steps(game, draft)
        with pytest.raises(Refusal):
            CANASTA.step(game, 0, draft, text)
    opening = four()  # before the draw: no addition to offer
    with pytest.raises(Refusal):
        CANASTA.step(opening, 0, None, "ui_add")


def test_every_step_a_control_sends_is_taken_and_only_those() -> None:
    game = crafted({0: "7S 7H JK 2C KS KH KD KC 5S 9S AC AC"}, melds=[(0, "AS AH AD")],
                   phase="play")
    aces = view_of(game).sides[0].melds[0]
    sevens = CANASTA.step(game, 0, Building(), "ui_rank 7")
    drafts = [None, Building(), sevens, CANASTA.step(game, 0, sevens, "ui_wild JK"),
              Adding(), Adding(aces.id)]
    for draft in drafts:
        texts = offered_steps(game, draft)
        assert texts == set(steps(game, view_of(game, 0), draft)), draft
        for text in texts:
            CANASTA.step(game, 0, draft, text)  # no refusal
    assert offered_steps(game, sevens) == {"ui_back", "ui_clear", "ui_rank K", "ui_rank 7",
                                           "ui_wild JK", "ui_wild 2C"}
    opening = four()  # before the draw: an opening built rank by rank
    kings = CANASTA.step(opening, 0, Building(), "ui_rank K")
    for draft in [None, Building(), kings, CANASTA.step(opening, 0, kings, "ui_rank A")]:
        assert offered_steps(opening, draft) == set(steps(opening, view_of(opening, 0), draft))
    assert offered_steps(opening, None) == {"ui_build"}


def test_the_meld_or_add_menu_offers_one_choice_a_rank_and_a_meld() -> None:
    # Alice holds three kings, three 7s and two 9s for her side's 7s and 9s, two wild cards.
    game = crafted({0: "7H 7D 7C KS KH KD 2C JK 5S 9H 9D 4C QS"},
                   melds=[(0, "7S 7C 7D"), (0, "AS AH AD 2H"), (0, "9S 9C 9H")], stock="3C 8D")
    ids = {m.rank: m.id for m in view_of(game).sides[0].melds}
    sevens, aces, nines = ids["7"], ids["A"], ids["9"]
    for locale in ("en", "it"):
        ready = next(c for c in CANASTA.controls(game, 0, locale)
                     if isinstance(c, SelectControl) and c.verb == "play")
        # all the naturals, no wild card: one choice each (the engine lists 27 ways)
        assert [o.value for o in ready.options] == [
            "meld KD,KH,KS", f"add {sevens} 7C,7D,7H", f"add {nines} 9D,9H", f"add {aces} 2C"]
        assert len({o.label for o in ready.options}) == 4
        for option in ready.options:
            game.verify(0, parse_action(option.value))
    labels = [o.label for o in next(c for c in CANASTA.controls(game, 0, "en")
                                    if isinstance(c, SelectControl) and c.verb == "play").options]
    assert labels[1] == "Add 7♣\ufe0e 7♦\ufe0e 7♥\ufe0e to 7 ×3 → 6 cards"
    italian = [o.label for o in next(c for c in CANASTA.controls(game, 0, "it")
                                     if isinstance(c, SelectControl) and c.verb == "play").options]
    assert italian[2] == "Attacca 9♦\ufe0e 9♥\ufe0e a 9 ×3 → 5 carte"
    # the other ways stay one step away: every addition to the 7s, wild cards included
    adds = CANASTA.controls(game, 0, "en", Adding(sevens))[1]
    assert isinstance(adds, SelectControl)
    assert f"add {sevens} 7C,7D,7H,JK" in [o.value for o in adds.options]
    assert f"add {sevens} 7C" in [o.value for o in adds.options]


@pytest.mark.parametrize(("hand", "english", "italian"), [
    ("7H 7D KS KH KD 4C", "Meld or add to your side's melds, then discard.",
     "Cala o attacca alle combinazioni della tua squadra, poi scarta."),
    ("KS KH KD 4C 5S", "Meld, then discard.", "Cala, poi scarta."),
    ("7H 7D 4C 5S", "Add to your side's melds, then discard.",
     "Attacca alle combinazioni della tua squadra, poi scarta."),
    ("4C 5S QS", "Discard a card.", "Scarta una carta."),
])
def test_the_play_prompt_names_only_the_moves_the_controls_offer(
        hand: str, english: str, italian: str) -> None:
    game = crafted({0: hand}, melds=[(0, "7S 7C 7D")], stock="3C 8D")
    assert CANASTA.hand_prompt(game, 0, NAMES, "en").splitlines()[0] == english
    assert CANASTA.hand_prompt(game, 0, NAMES, "it").splitlines()[0] == italian
    buttons = {c.label for c in CANASTA.controls(game, 0, "en") if isinstance(c, ButtonControl)}
    assert ("New meld" in buttons) == english.startswith("Meld")
    assert ("Add to a meld" in buttons) == ("add" in english.lower())


def test_a_new_meld_may_hold_back_naturals_to_keep_a_pair() -> None:
    # Alice keeps K♠ in hand: two kings and the joker make the meld, a king stays for the pile.
    game = crafted({0: "KS KH KD JK 5S 9S QC"}, melds=[(0, "AS AH AD")], stock="3C 8D")
    kings = CANASTA.step(game, 0, CANASTA.step(game, 0, None, "ui_build"), "ui_rank K")
    assert str(kings) == "build KD,KH,KS"
    counts = next(c for c in CANASTA.controls(game, 0, "en", kings)
                  if isinstance(c, SelectControl) and c.verb == "ui_count")
    assert counts.placeholder == "How many K in K♦\ufe0e K♥\ufe0e K♠\ufe0e?"
    assert [(o.value, o.label) for o in counts.options] == [("2", "2 × K, keep 1 in hand")]
    two = CANASTA.step(game, 0, kings, "ui_count 2")
    assert str(two) == "build KD,KH"
    controls = CANASTA.controls(game, 0, "it", two)
    greyed = next(c for c in controls if isinstance(c, ButtonControl) and c.disabled)
    assert greyed.label == "Cala K♦\ufe0e K♥\ufe0e (aggiungi una matta)"
    back = next(c for c in controls if isinstance(c, SelectControl) and c.verb == "ui_count")
    assert [o.label for o in back.options] == ["3 × K, tutte"]
    with_joker = CANASTA.step(game, 0, two, "ui_wild JK")
    put = next(c for c in CANASTA.controls(game, 0, "en", with_joker)
               if isinstance(c, ButtonControl) and c.action.startswith("meld "))
    assert put.action == "meld KD,KH,JK" and not put.disabled
    game.apply(0, put.action)
    assert "KS" in view_of(game, 0).hand


def test_an_opening_may_hold_back_naturals_and_offers_one_ready_choice_a_rank() -> None:
    game = crafted({0: "KS KH KD KC JK 2C 9S 9H 5S"}, phase="acquire", stock="3C 8D")
    opens = next(c for c in CANASTA.controls(game, 0, "en")
                 if isinstance(c, SelectControl) and c.verb == "open")
    # the engine lists ten openings, six of kings alone (three or four, one wild card or two):
    # one ready choice per set of ranks, the plainest; the others are built
    assert [o.value for o in opens.options] == [
        "open KC,KD,KH,KS,2C", "open 9H,9S,JK", "open 9H,9S,2C KC,KD,KH,KS"]
    draft = CANASTA.step(game, 0, CANASTA.step(game, 0, None, "ui_build"), "ui_rank K")
    draft = CANASTA.step(game, 0, CANASTA.step(game, 0, draft, "ui_count 3"), "ui_wild JK")
    draft = CANASTA.step(game, 0, draft, "ui_wild 2C")
    put = next(c for c in CANASTA.controls(game, 0, "en", draft)
               if isinstance(c, ButtonControl) and c.action.startswith("open "))
    assert put.action == "open KC,KD,KH,JK,2C" and put.label == "Open with these (100 of 50)"
    game.verify(0, parse_action(put.action))


def test_more_additions_than_a_select_holds_are_chosen_by_their_naturals_first() -> None:
    # five 4s, two jokers, two twos for the side's 4s: the engine lists more than 25 ways
    game = crafted({0: "4C 4C 4D 4S 4H JK JK 2D 2S KS QH 9C"}, melds=[(0, "4S 4H 4D")],
                   stock="3C 8D")
    fours = view_of(game).sides[0].melds[0]
    listed = {str(m) for m in view_of(game, 0).moves if str(m).startswith(f"add {fours.id} ")}
    assert len(listed) > MAX_OPTIONS
    controls = CANASTA.controls(game, 0, "en", Adding(fours.id))
    check_limits(controls)
    counts = controls[1]
    assert isinstance(counts, SelectControl) and counts.verb == "ui_count"
    assert counts.placeholder == "Add to 4 ×3 (0 wild): how many naturals?"
    assert [o.value for o in counts.options] == ["0", "1", "2", "3", "4", "5"]
    assert counts.options[0].label.startswith("Wild cards only (")
    assert counts.options[1].label.startswith("1 × 4 (")
    reached = set()
    for option in counts.options:
        draft = CANASTA.step(game, 0, Adding(fours.id), f"ui_count {option.value}")
        assert draft == Adding(fours.id, int(option.value))
        cards = CANASTA.controls(game, 0, "it", draft)
        check_limits(cards)
        assert isinstance(cards[1], SelectControl) and cards[1].verb == "play"
        assert f"({len(cards[1].options)} " in option.label
        reached |= {o.value for o in cards[1].options}
    assert reached == listed
    with pytest.raises(Refusal):  # a count once chosen is no step: its additions are moves
        CANASTA.step(game, 0, Adding(fours.id, 2), "ui_count 3")


def test_more_pile_takes_than_a_select_holds_are_paged() -> None:
    # six 9s, two jokers, two twos under a 9: thirty ways to show cards with it
    game = crafted({0: "9C 9C 9D 9D 9S 9H JK JK 2D 2S KS QH 5C"}, melds=[(0, "AS AH AD")],
                   pile="4C 9D", phase="acquire", stock="3C 8D")
    listed = {str(m) for m in view_of(game, 0).moves if str(m).startswith("take ")}
    assert len(listed) == 30
    first = CANASTA.controls(game, 0, "en")
    check_limits(first)
    more = next(c for c in first if isinstance(c, ButtonControl) and c.action == "ui_next")
    assert more.label == "Next: 26–30 of 30 ▸"
    draft = CANASTA.step(game, 0, None, "ui_next")
    assert draft == Taking(1)
    second = CANASTA.controls(game, 0, "it", draft)
    check_limits(second)
    pages = [next(c for c in controls if isinstance(c, SelectControl) and c.verb == "take")
             for controls in (first, second)]
    assert [len(p.options) for p in pages] == [25, 5]
    assert {o.value for p in pages for o in p.options} == listed
    assert CANASTA.step(game, 0, draft, "ui_next") is None  # back to the first page


def test_a_player_alone_on_his_side_is_told_you_not_your_side() -> None:
    two = crafted({0: "7H 7D KS KH KD 4C", 1: "5S"}, melds=[(0, "7S 7C 7D")], stock="3C 8D",
                  players=2)
    assert CANASTA.hand_prompt(two, 0, NAMES, "en").splitlines() == [
        "Meld or add to your melds, then discard.", "You have opened: meld and add freely."]
    assert CANASTA.hand_prompt(two, 0, NAMES, "it").splitlines() == [
        "Cala o attacca alle tue combinazioni, poi scarta.",
        "Hai aperto: cala e attacca liberamente."]
    unopened = crafted({0: "4C 5S QS", 1: "5S"}, stock="3C 8D", players=2)
    assert CANASTA.hand_prompt(unopened, 0, NAMES, "en").startswith(
        "You have not opened: discard a card.")
    four = crafted({0: "7H 7D KS KH KD 4C"}, melds=[(0, "7S 7C 7D")], stock="3C 8D")
    assert "your side's melds" in CANASTA.hand_prompt(four, 0, NAMES, "en")  # partners
