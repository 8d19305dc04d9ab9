"""Ramino rules beyond the worked examples: the deal, turns, every refusal, stock rebuilds,
the void hand, re-entry answers, the chips game's end, and snapshots."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine.cards import SUITS, Card, copies, make_deck
from engine.errors import (
    BadCard,
    BadState,
    CardNotInHand,
    GameOver,
    IllegalMove,
    NotYourTurn,
    RulesError,
    WrongPhase,
)
from engine.ramino import (
    Close,
    Decline,
    Discard,
    DrawStock,
    PenaltyRules,
    RaminoGame,
    RaminoOptions,
    Reenter,
    TakeDiscard,
    can_close,
    parse_action,
    preset,
)
from engine.ramino.errors import CannotClose, CloseNeedsCard, MustTakeUpcard, NoReentryOffer
from engine.ramino.events import DrawnCard, Drew
from engine.ramino.rules import without

from .scripted import crafted, deck_order, event, kinds, scripted
from .test_worked_examples import P1, P2, P3, P4, example_15, refused, report

C = Card.parse


def texts(game: RaminoGame, seat: int) -> list[str]:
    return [str(a) for a in game.legal_actions(seat)]


def example_deal(options: RaminoOptions | None = None) -> RaminoGame:
    """Deal example 7's hands (nobody can close soon)."""
    return scripted([P1, P2, P3, P4], up="9H", options=options)


def play_out_stock(g: RaminoGame) -> None:
    """Play turns of draw and throw the drawn card until the stock is empty."""
    if g.phase == "first":
        seat = g.turn
        g.apply(seat, "take")
        g.apply(seat, f"discard {next(c for c in g.hands[seat] if c != g.taken)}")
    while g.stock:
        seat = g.turn
        g.apply(seat, "draw")
        g.apply(seat, f"discard {g.drawn}")


# --- actions as text -----------------------------------------------------------------------


@pytest.mark.parametrize("text", ["draw", "take", "discard 9C", "discard JK", "close 10H",
                                  "close", "reenter", "decline"])
def test_actions_print_as_they_parse(text: str) -> None:
    assert str(parse_action(text)) == text
    assert str(parse_action("  " + text.upper() + " ")) == text


def test_action_values() -> None:
    assert parse_action("discard 10h") == Discard(C("10H"))
    assert parse_action("close") == Close() and parse_action("close qs") == Close(C("QS"))
    assert [parse_action(t) for t in ("draw", "take", "reenter", "decline")] == [
        DrawStock(), TakeDiscard(), Reenter(), Decline()]


@pytest.mark.parametrize("text", ["", "draw 2", "take 1", "discard", "discard 9C 9D",
                                  "close 9C 9D", "pass", "reenter now", "knock 9C"])
def test_bad_texts_are_refused(text: str) -> None:
    with pytest.raises(IllegalMove):
        parse_action(text)


@pytest.mark.parametrize("text", ["discard 1C", "discard ²H", "close 𝟐H", "discard 9X"])
def test_bad_cards_are_refused(text: str) -> None:
    with pytest.raises(BadCard):
        parse_action(text)


# --- the deal ------------------------------------------------------------------------------


@pytest.mark.parametrize("direction,order", [("forward", [2, 0, 1]), ("reverse", [0, 2, 1])])
def test_card_i_goes_to_the_i_mod_n_plus_first_player_after_the_dealer(
        direction: str, order: list[int]) -> None:
    opts = RaminoOptions(direction=direction)
    deck = [c.text for c in RaminoGame(opts, players=3, seed=8).deck.next(list)]
    deck = deck_order(["2S 3S 4S 5S 6S 7S 8S 9S 10S JS", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH",
                       "2D 3D 4D 5D 6D 7D 8D 9D 10D JD"], up="QC", stock="KC", dealer=1,
                      opts=opts)
    g = RaminoGame(opts, players=3, seed=8, decks=[deck], first_dealer=1)
    for j, seat in enumerate(order):
        assert [c.text for c in g.hands[seat]] == deck[j:30:3]
    assert g.pile == [C("QC")] and g.stock[0] == C("KC") and len(g.stock) == 108 - 31
    assert g.turn == order[0] and g.phase == "first"
    dealt = g.public_view()
    assert (dealt.dealer, dealt.discards[-1].card, dealt.discards[-1].by) == (1, "QC", None)


def test_the_deal_skips_eliminated_players_and_passes_to_the_next_dealer() -> None:
    g = example_15(reentry=False)
    events = g.apply(0, "close 5H")
    dealt = event(events, "deal").public
    assert dealt.dealer == 0 and dealt.order == (1, 3, 0) and dealt.hand_no == 2
    assert [len(h) for h in g.hands] == [10, 10, 0, 10]


def test_the_dealer_is_random_by_the_seed_unless_named() -> None:
    dealers = {RaminoGame(RaminoOptions(), players=5, seed=s).dealer for s in range(30)}
    assert dealers == {0, 1, 2, 3, 4}
    assert RaminoGame(RaminoOptions(), players=5, seed=4).dealer == RaminoGame(
        RaminoOptions(), players=5, seed=4).dealer
    with pytest.raises(RulesError):
        RaminoGame(RaminoOptions(), players=3, seed=4, first_dealer=3)


def test_a_scripted_deck_of_the_wrong_cards_is_refused() -> None:
    with pytest.raises(BadState):
        RaminoGame(RaminoOptions(), players=2, seed=1, decks=[["2C"] * 108])


# --- turns and refusals ----------------------------------------------------------------------


def test_the_first_turn_takes_the_upcard_and_may_not_throw_it_back() -> None:
    g = example_deal()
    assert texts(g, 0) == ["take"] and g.to_act() == [0]
    refused(g, 0, "draw", MustTakeUpcard)
    refused(g, 0, "close 2D", WrongPhase)
    refused(g, 0, "close", CannotClose)  # at once, but the dealt hand is no close
    refused(g, 0, "discard 2D", WrongPhase)
    events = g.apply(0, "take")
    assert event(events, "take").public.upcard and g.taken == C("9H") and g.pile == []
    assert "discard 9H" not in texts(g, 0)
    refused(g, 0, "close", CloseNeedsCard)
    refused(g, 0, "take", WrongPhase)
    refused(g, 0, "draw", WrongPhase)
    refused(g, 0, "discard 7H", CardNotInHand)
    refused(g, 1, "draw", NotYourTurn)
    for seat in (-1, 4, 99):
        refused(g, seat, "take", NotYourTurn)
    g.apply(0, "discard 2D")
    assert g.turn == 1 and g.phase == "draw" and texts(g, 1) == ["take", "draw"]
    refused(g, 1, "reenter", NoReentryOffer)
    refused(g, 1, "decline", NoReentryOffer)


def test_a_stock_draw_is_told_to_the_drawer_only() -> None:
    g = scripted([P1, P2, P3, P4], up="9H", stock="KS")
    g.apply(0, "take")
    g.apply(0, "discard AH")
    draw = event(g.apply(1, "draw"), "draw")
    assert draw.public == Drew(len(g.stock)) and draw.private == DrawnCard("KS")
    assert g.drawn == C("KS") and g.private_view(1).drawn == "KS"
    assert g.private_view(2).drawn is None


def test_legal_moves_list_each_face_once_and_closes_only_when_legal() -> None:
    g = crafted({1: "3H 4H 5H 6H 9S 9D 9C KC KD KS 2C 2C"}, turn=1)
    legal = texts(g, 1)
    assert legal.count("discard 2C") == 1 and "close 2C" not in legal  # 11 cards kept
    g = crafted({1: "3H 4H 5H 6H 9S 9D 9C KC KD KS 2C"}, turn=1)
    legal = texts(g, 1)
    assert [t for t in legal if t.startswith("close")] == ["close 2C"]
    assert len([t for t in legal if t.startswith("discard")]) == 11
    for text in legal:
        g.verify(1, parse_action(text))


def test_jokers_are_taken_and_thrown_like_any_card() -> None:
    g = crafted({1: "JK 4D 6S 8C 10H JD 3S 5D 7C QC"}, pile="5S JK", turn=1, phase="draw")
    g.apply(1, "take")
    assert "discard JK" not in texts(g, 1)  # the taken joker and its twins stay
    g = crafted({1: "JK 4D 6S 8C 10H JD 3S 5D 7C QC QS"}, pile="5S", turn=1)
    g.apply(1, "discard JK")
    assert g.pile[-1].is_joker


def test_a_finished_game_refuses_everything() -> None:
    g = crafted({0: "AC 2C 3C 8D 8C 8S JD QD KD 8H 5C", 1: "2S 3S 4S 5S 6H 7H 8H 10D KC QH"},
                totals=[95, 99, 130, 140], eliminated=[2, 3], options=preset("points"))
    g.apply(0, "close 5C")
    assert g.is_over and g.to_act() == [] and all(texts(g, s) == [] for s in range(4))
    refused(g, 0, "draw", GameOver)
    assert g.public_view().turn is None and g.public_view().winner == 0


# --- the stock: rebuilds and the void hand ---------------------------------------------------


def test_an_empty_stock_is_rebuilt_from_the_pile_but_its_top() -> None:
    g = example_deal()
    play_out_stock(g)
    pile, top = list(g.pile), g.pile[-1]
    seat = g.turn
    assert set(texts(g, seat)) == {"take", "draw"}
    events = g.apply(seat, "draw")
    assert kinds(events) == ["rebuild", "draw"] and g.rebuilds == 1
    assert event(events, "rebuild").public.stock == len(pile) - 1
    assert g.pile == [top] and len(g.stock) == len(pile) - 2
    assert Counter(c.face for c in g.stock + [g.drawn]) == Counter(c.face for c in pile[:-1])
    assert g.public_view().rebuilds == 1


def test_rebuilds_replay_exactly() -> None:
    games = [example_deal() for _ in range(2)]
    piles = []
    for g in games:
        play_out_stock(g)
        piles.append([c.text for c in g.pile[:-1]])
        g.apply(g.turn, "draw")
    assert games[0].to_json() == games[1].to_json()
    rebuilt = [games[0].drawn.text] + [c.text for c in games[0].stock]  # type: ignore[union-attr]
    assert rebuilt != piles[0] and sorted(rebuilt) == sorted(piles[0])  # shuffled


@pytest.mark.parametrize("rebuilds", [0, 1])
def test_no_rebuild_left_makes_the_draw_void_the_hand(rebuilds: int) -> None:
    g = example_deal(RaminoOptions(stock_rebuilds=rebuilds))
    play_out_stock(g)
    for _ in range(rebuilds):
        seat = g.turn
        assert kinds(g.apply(seat, "draw"))[0] == "rebuild"
        g.apply(seat, f"discard {g.drawn}")
        play_out_stock(g)
    seat = g.turn
    assert set(texts(g, seat)) == {"take", "draw"}  # the take stays legal (Decision 14)
    dealer, hand = g.dealer, g.hand_no
    events = g.apply(seat, "draw")
    assert kinds(events) == ["hand_end", "deal"]
    r = report(g)
    assert r.void and r.closer is None and r.points == (0, 0, 0, 0) and g.totals == [0] * 4
    assert g.hand_no == hand + 1 and g.dealer == (dealer + 1) % 4 and g.board.played == 1


def test_a_pile_of_one_card_cannot_rebuild_the_stock() -> None:
    g = crafted({1: "2S 4D 6S 8C 10H JD 3S 5D 7C QC"}, pile="5S", stock="", turn=1,
                phase="draw", rest_to=3)
    assert texts(g, 1) == ["take", "draw"]
    assert kinds(g.apply(1, "draw")) == ["hand_end", "deal"] and report(g).void


# --- re-entry answers ------------------------------------------------------------------------


def two_offers(max_reentries: int = 1) -> RaminoGame:
    """Five players; C and D are put out by one close while A, B and E remain."""
    return crafted({0: "AC 2C 3C 4C 8D 8C 8S JD QD KD 5H",
                    1: "2C 3C 4C 5C 5D 6D 7D 8D KH QS", 2: "3S 4S 5S 6S 7H 8H 9H 10H 2D 3H",
                    3: "2S 3S 4S 5C 6D 7H 8C 9D 2H 10H", 4: "9S 10S JS 7S 7D 7C AH 2H 3H KS"},
                   players=5, totals=[90, 60, 100, 60, 30],
                   options=RaminoOptions(reentry=True, max_reentries=max_reentries))


def test_every_offered_seat_must_answer_before_the_deal() -> None:
    g = two_offers()
    g.apply(0, "close 5H")
    assert g.totals == [90, 80, 105, 107, 40] and report(g).offered == (2, 3)
    assert g.to_act() == [2, 3] and report(g).offer_total == 90
    for seat in (2, 3):
        assert texts(g, seat) == ["reenter", "decline"]
    assert texts(g, 0) == []
    refused(g, 0, "reenter", NotYourTurn)
    refused(g, 2, "draw", WrongPhase)
    refused(g, 2, "discard 3S", WrongPhase)
    view = g.public_view()
    assert view.reentry is not None and view.reentry.waiting == (2, 3) and view.turn is None
    assert kinds(g.apply(3, "decline")) == ["decline"]
    assert g.to_act() == [2] and g.public_view().reentry.waiting == (2,)  # type: ignore[union-attr]
    refused(g, 3, "reenter", NotYourTurn)
    events = g.apply(2, "reenter")
    assert kinds(events) == ["reenter", "deal"]
    assert g.eliminated == {3} and g.totals[2] == 90 and g.reentries == [0, 0, 1, 0, 0]
    assert g.public_view().seats[2].reentered and g.public_view().reentry is None


def test_max_reentries_counts_the_reentries_used() -> None:
    for allowed, offered in ((1, (3,)), (2, (2, 3))):
        g = two_offers(max_reentries=allowed)
        data = g.to_json()
        data["reentries"] = [0, 0, 1, 0, 0]
        g = RaminoGame.from_json(data)
        g.apply(0, "close 5H")
        assert report(g).offered == offered
        if allowed == 1:
            assert g.eliminated == {2, 3} and g.to_act() == [3]


def test_chips_ties_play_on_until_one_has_the_most() -> None:
    g = crafted({1: "3H 4H 5H 6H 9S 9D 9C KC KD KS 2C"}, pile="5S", stock="", turn=1,
                phase="draw", rest_to=3, options=preset("chips", chips_hands=1))
    g.apply(1, "draw")  # void: every seat still holds 10 chips
    r = report(g)
    assert r.void and r.tied == (0, 1, 2, 3) and not g.is_over and g.board.played == 1


# --- snapshots -------------------------------------------------------------------------------


def test_snapshots_round_trip_with_two_copies_of_a_card() -> None:
    g = two_offers()
    g.apply(0, "close 5H")
    data = json.loads(json.dumps(g.to_json()))
    back = RaminoGame.from_json(data)
    assert back.to_json() == g.to_json() and back.to_act() == [2, 3]
    every = [c for h in back.hands for c in h] + back.stock + back.pile
    assert len(set(every)) == 108


@pytest.mark.parametrize("change", [
    {"phase": "dancing"}, {"players": 8}, {"turn": 9}, {"pile": ["9C"]},
    {"hands": [["9C"] * 10] * 4}, {"offer": {"offered": [1], "waiting": [1], "total": 9}},
    {"throwers": [7]}, {"totals": [1, 2]}, {"stock": "oops"},
])
def test_broken_snapshots_are_refused(change: dict[str, object]) -> None:
    data = example_15(reentry=False).to_json()
    data.update(change)
    with pytest.raises(BadState):
        RaminoGame.from_json(data)


# --- the closes listed are exactly the legal ones ----------------------------------------------


def near_close(rng: random.Random) -> list[Card]:
    """Return 11 cards that often close: runs and sets (or a colore), some jokers, a loose card
    or two."""
    while True:
        cards: list[Card] = []
        if rng.random() < 0.2:
            suit = rng.choice(SUITS)
            cards = [Card(rng.randint(1, 13), suit) for _ in range(10)]
        while len(cards) < 9:
            suit = rng.choice(SUITS)
            if rng.random() < 0.5:
                low = rng.randint(1, 12)
                ranks = range(low, min(low + rng.randint(3, 4), 15))
                cards += [Card(r if r <= 13 else 1, suit) for r in ranks]
            else:
                rank = rng.randint(1, 13)
                cards += [Card(rank, s) for s in rng.sample(SUITS, rng.randint(3, 4))]
        cards = cards[:rng.choice([9, 10])]
        for i in rng.sample(range(len(cards)), rng.choice([0, 0, 1, 2])):
            cards[i] = Card(0, "")
        deck = make_deck(2, 4)
        cards += rng.sample(deck, 11 - len(cards))
        counts = Counter(c.face for c in cards)
        if all(n <= (4 if face == (0, "") else 2) for face, n in counts.items()):
            return cards


@pytest.mark.parametrize("options", [RaminoOptions(), preset("points"),
                                     preset("points", close_points_limit=5, joker_penalty=20),
                                     RaminoOptions(same_suit_sets=True)])
def test_the_closes_listed_are_exactly_those_the_solver_allows(options: RaminoOptions) -> None:
    rng = random.Random(str(options))
    rules = PenaltyRules(options.same_suit_sets, options.joker_penalty)
    listed_any = 0
    for _ in range(150):
        hand = copies(near_close(rng))
        g = crafted({1: " ".join(c.text for c in hand)}, turn=1, options=options)
        held = g.hands[1]
        want = {c.text for c in held
                if can_close(without(held, c), rules, options.close_limit)}
        listed = {str(a.card) for a in g.legal_actions(1) if isinstance(a, Close)}
        assert listed == want, [c.text for c in held]
        listed_any += bool(listed)
    assert listed_any > 20
