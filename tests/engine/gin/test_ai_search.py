"""The searching hard gin player: legal, reproducible, blind to hidden cards; its worlds and
its scoring agree with the rules."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.cards import Card, make_deck, parse_cards
from engine.gin import GinGame, preset
from engine.gin.ai import _mask, _table, choose_action, greedy_action
from engine.gin.ai_hard import TAIL, _Search, _utility, choose_action_hard
from engine.gin.deadwood import fast_solver
from engine.gin.scoring import settle_knock
from engine.gin.search import Rules, World, bits, deal_worlds, grown, joins, knock_points
from engine.gin.views import GinHand

from .scripted import scripted
from .test_ai import AI_HAND, OPP

WORLDS = 8  # few worlds keep the tests cheap: what they check does not depend on the count


def hard(view: GinHand, rng: random.Random | None = None) -> str:
    """Return the hard player's action with few worlds."""
    return choose_action_hard(view, rng, worlds=WORLDS)


def positions(seed: int, steps: int) -> GinGame:
    """Play a standard game `steps` actions in with the normal player on both seats."""
    game = GinGame(preset("standard"), seed=seed, first_dealer=seed % 2)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = game.turn
        game.apply(seat, choose_action(game.private_view(seat), rng))
    return game


def hidden_swapped(game: GinGame, rng: random.Random) -> GinGame:
    """Return the game with the opponent's unseen cards and the stock dealt again at random."""
    seat = game.turn
    opp = 1 - seat
    data = game.state_json()
    seen = set(game.log["pickups"][opp])
    hidden = [c for c in data["hands"][opp] if c not in seen]
    pool = hidden + data["stock"]
    rng.shuffle(pool)
    data["hands"][opp] = [c for c in data["hands"][opp] if c in seen] + pool[:len(hidden)]
    data["stock"] = pool[len(hidden):]
    return GinGame.load_state(game.opts, data)


@pytest.mark.parametrize("seed", range(12))
def test_decides_the_same_whatever_the_hidden_cards(seed: int) -> None:
    game = positions(seed, 3 + seed % 9)
    if game.is_over:
        pytest.skip("the hand ended early")
    other = hidden_swapped(game, random.Random(seed))
    seat = game.turn
    assert other.hands[1 - seat] != game.hands[1 - seat] or other.stock != game.stock
    assert other.private_view(seat) == game.private_view(seat)
    assert hard(other.private_view(seat)) == hard(game.private_view(seat))


@pytest.mark.parametrize("seed", range(6))
def test_plays_only_legal_actions_and_the_same_one_twice(seed: int) -> None:
    game = GinGame(preset("standard"), seed=seed, first_dealer=seed % 2)
    rng = random.Random(seed)
    for _ in range(60):
        seat = game.turn
        view = game.private_view(seat)
        if seat == 0:
            action = hard(view, random.Random(1))
            assert action in view.legal
            assert hard(view, random.Random(2)) == action  # the view alone decides
        else:
            action = greedy_action(view, rng)
        game.apply(seat, action)
        if game.is_over:
            break


def test_goes_gin_at_once() -> None:
    game = scripted(OPP, "3S 4S 5S 7C 7D 7H 9C 9D 9S KD", upcard="9H")
    game.apply(0, "pass")
    game.apply(1, "take_upcard")
    assert hard(game.private_view(1)) == "knock KD"


def test_takes_the_upcard_that_completes_a_meld() -> None:
    game = scripted(OPP, AI_HAND, upcard="9H")
    game.apply(0, "pass")
    assert hard(game.private_view(1)) == "take_upcard"


def rules(limit: int = 10, name: str = "standard") -> Rules:
    """Return the rollout rules of a preset's game."""
    opts = preset(name)
    solver = fast_solver(opts.wrap, opts.unmelded_ace_value)
    return Rules.of(opts, solver.min_deadwood_mask, limit, False)


def test_worlds_hold_what_the_opponent_showed_and_no_knockable_hand() -> None:
    game = scripted(OPP, AI_HAND, upcard="9H")
    game.apply(0, "pass")
    game.apply(1, "take_upcard")
    t = _table(game.private_view(1))
    unknown = [1 << i for i in range(52) if (1 << i) & ~_mask([*t.hand, *t.pile, "2S"])]
    known = _mask(["2S"])
    worlds = deal_worlds(rules(), unknown, known, 9, 4, True, [], 50, random.Random(3))
    r = rules()
    for w in worlds:
        assert w.opp & known and bin(w.opp).count("1") == 10
        assert r.dead(w.opp) > 10
        assert (w.opp & ~known) | sum(w.stock) == sum(unknown) and not w.opp & ~known & sum(
            w.stock)


def test_worlds_rarely_hold_a_meld_through_a_card_the_opponent_let_go() -> None:
    unknown = [1 << i for i in range(52)]
    shed = [_mask(["7H"])]
    free = deal_worlds(rules(), unknown, 0, 10, 0, False, [], 200, random.Random(5))
    told = deal_worlds(rules(), unknown, 0, 10, 0, False, shed, 200, random.Random(5))
    count = sum(joins(shed[0], w.opp, False) for w in free)
    assert sum(joins(shed[0], w.opp, False) for w in told) < count / 2


@pytest.mark.parametrize("seed, name", [(0, "standard"), (1, "standard"), (2, "german")])
def test_knock_points_agree_with_the_engine(seed: int, name: str) -> None:
    # random knockable hands: the rollouts' scoring against the engine's settlement (German
    # gin: runs wrap round the ace, which counts 15 unmelded)
    rng = random.Random(seed)
    deck = [1 << i for i in range(52)]
    r = rules(name=name)
    tried = 0
    while tried < 40:
        rng.shuffle(deck)
        kept = grown(r, 0, deck[:22], 10)  # the best ten of 22 cards: often knockable
        defender = grown(r, 0, [c for c in deck[22:] if not c & kept][:14], 10)
        if r.dead(kept) > 10:
            continue
        tried += 1
        engine = settle_knock(0, cards(kept), cards(defender), preset(name), False)
        assert knock_points(r, kept, defender) == (
            engine.points if engine.winner == 0 else -engine.points)


def test_knock_points_lay_off_on_the_arrangement_the_knocker_chooses() -> None:
    # three sets (10C left): QC goes on the queens; 10S would need the spade run, not laid
    r = rules()
    kept = _mask(["JS", "QS", "KS", "JH", "QH", "KH", "QD", "10C", "JC", "KC"])
    defender = _mask(["3S", "10S", "5H", "6H", "8H", "4D", "9D", "10D", "6C", "QC"])
    assert knock_points(r, kept, defender) == 61 - 10


def cards(mask: int) -> list[Card]:
    """Return the cards of a mask."""
    return [c for c in make_deck() if c.bit & mask]


def test_a_knock_is_weighed_against_an_undercut() -> None:
    # the opponent showed nine melded cards: knocking with 10 is undercut in every world
    game = scripted(OPP, AI_HAND, upcard="9H")
    game.apply(0, "pass")
    game.apply(1, "take_upcard")
    view = game.private_view(1)
    t = _table(view)
    search = _Search(t, view, WORLDS)
    search.worlds = [World(_mask(parse_cards_text("AC 2C 3C 4D 5D 6D JC JS JD KH")), [])]
    assert search.knock(_mask(["QH"])) < 0


def parse_cards_text(text: str) -> list[str]:
    """Return the texts of the cards named."""
    return [str(c) for c in parse_cards(text)]


def test_a_card_joins_two_of_a_rank_or_its_suit_neighbours() -> None:
    assert bits(0b1011) == [1, 2, 8]
    assert joins(_mask(["7H"]), _mask(["6H", "8H"]), False)
    assert joins(_mask(["7H"]), _mask(["7S", "7C"]), False)
    assert not joins(_mask(["7S"]), _mask(["6H", "8H"]), False)
    assert joins(_mask(["AH"]), _mask(["QH", "KH"]), True)
    assert not joins(_mask(["AH"]), _mask(["QH", "KH"]), False)


def test_points_past_the_target_are_worth_less() -> None:
    game = scripted(OPP, AI_HAND, upcard="9H")
    view = game.private_view(1)
    sheet = view.table.scores
    near = replace(view, table=replace(view.table, scores=replace(
        sheet, columns=(replace(sheet.columns[0], running=(40, 90)),))))
    assert _utility(view)(30) == 30 and _utility(view)(-30) == -30
    value = _utility(near)  # seat 1 needs 10 more, the opponent 60
    assert value(30) == pytest.approx(10 + TAIL * 20)
    assert value(-30) == -30 and value(-80) == pytest.approx(-(60 + TAIL * 20))
