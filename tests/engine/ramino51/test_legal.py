"""legal_actions lists what verify accepts, completely for single steps, within bounds for the
searched families.

Complete: the draw, the take, the exchange swaps, the discards and the one-card lay-offs
(every card of the deck is tried on every meld at every end, a joker as every card, and each
accepted lay-off must have a listed one doing the same). Bounded (search.py, legal.py): melds,
openings, joker swaps and the close in hand; there every listed action must be accepted.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.cards import joker, make_deck
from engine.errors import RulesError
from engine.ramino51 import (
    CloseInHand,
    Discard,
    DrawStock,
    LayOff,
    Placed,
    Ramino51Action,
    Ramino51Game,
    Ramino51Options,
    SwapExchange,
    SwapJoker,
    TakeDiscard,
    preset,
)

from .scripted import crafted

FACES = make_deck()
OPTION_SETS = [preset("standard"), preset("four_jokers", discard_taken_card=True),
               Ramino51Options(opening_minimum=30, stock_rebuilds=0)]


def accepted(g: Ramino51Game, seat: int, action: Ramino51Action) -> bool:
    try:
        g.verify(seat, action)
    except RulesError:
        return False
    return True


def positions(opts: Ramino51Options, seed: int, every: int = 9) -> Iterator[
        tuple[Ramino51Game, int]]:
    """Yield every `every`-th position of a random game, with the seat to act."""
    rng = random.Random(seed)
    g = Ramino51Game(opts, players=2 + seed % 3, seed=seed)
    for n in range(900):
        if g.is_over:
            return
        seat = g.to_act()[0]
        if n % every == 0:
            yield g, seat
        g.apply(seat, rng.choice(g.legal_actions(seat)))


def single_steps() -> list[Ramino51Action]:
    """Every draw, take, exchange swap and discard there is."""
    return [DrawStock(), TakeDiscard(), *map(SwapExchange, FACES), SwapExchange(joker()),
            *map(Discard, FACES), Discard(joker())]


def layoff_effect(g: Ramino51Game, seat: int, action: LayOff) -> tuple[str, ...]:
    """Return the meld a lay-off makes, as it would lie on the table."""
    draft = g.layoff_draft(seat, action)
    return tuple(str(e.card) + f"={e.stands_for}" for e in draft.melds[
        draft.index(action.meld_id)].entries)


def every_layoff(g: Ramino51Game) -> Iterator[LayOff]:
    """Every one-card lay-off: each card on each meld at each end, a joker as every card."""
    for meld in g.table:
        for end in (None, "low", "high"):
            for card in FACES:
                yield LayOff((Placed(card),), meld.id, end)
                yield LayOff((Placed(joker(), card),), meld.id, end)
            yield LayOff((Placed(joker()),), meld.id, end)


@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
def test_single_steps_are_listed_exactly(index: int) -> None:
    for g, seat in positions(OPTION_SETS[index], index):
        listed = g.legal_actions(seat)
        texts = {str(a) for a in listed}
        assert all(accepted(g, seat, a) for a in listed)
        for action in single_steps():
            assert accepted(g, seat, action) == (str(action) in texts), action


@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
def test_every_accepted_lay_off_has_a_listed_twin(index: int) -> None:
    checked = 0
    for g, seat in positions(OPTION_SETS[index], 10 + index, every=23):
        if not g.opened[seat] or g.phase != "play" or not g.table.melds:
            continue
        listed = [a for a in g.legal_actions(seat) if isinstance(a, LayOff)]
        effects = {layoff_effect(g, seat, a) for a in listed}
        for action in every_layoff(g):
            if accepted(g, seat, action):
                assert layoff_effect(g, seat, action) in effects, action
                checked += 1
    assert checked


def test_searched_families_are_accepted_and_found() -> None:
    kinds: set[type] = set()
    for index, opts in enumerate(OPTION_SETS):
        for g, seat in positions(opts, 20 + index, every=5):
            for action in g.legal_actions(seat):
                kinds.add(type(action))
                if isinstance(action, (SwapJoker, CloseInHand)):
                    assert accepted(g, seat, action)
    assert {SwapJoker, LayOff, Discard, DrawStock, TakeDiscard} <= kinds


def test_an_ace_fitting_both_ends_is_listed_with_each_end() -> None:
    g = crafted({0: "AS 4C"}, melds=[(1, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")], opened=[0],
                rest_to=2)
    lays = {str(a) for a in g.legal_actions(0) if isinstance(a, LayOff)}
    assert lays == {"layoff AS A low", "layoff AS A high"}


def test_joker_swaps_are_listed_with_their_uses() -> None:
    g = crafted({0: "9H QS KS 4C 8D"}, melds=[(1, "7H 8H JK=9H 10H"), (1, "5D 6D 7D")],
                opened=[0], rest_to=2)
    swaps = {str(a) for a in g.legal_actions(0) if isinstance(a, SwapJoker)}
    assert {"swap A 9H meld QS,KS,JK=AS", "swap A 9H meld QS,KS,JK=JS",
            "swap A 9H layoff B 4D", "swap A 9H layoff B 8D"} <= swaps
    assert all(accepted(g, 0, g.parse_action(t)) for t in swaps)


def test_a_joker_in_hand_is_listed_with_each_declaration_that_fits() -> None:
    g = crafted({0: "JK 4C"}, melds=[(1, "5H 6H 7H"), (1, "8C 8H 8S")], opened=[0], rest_to=2)
    lays = {str(a) for a in g.legal_actions(0) if isinstance(a, LayOff)}
    assert lays == {"layoff JK=4H A", "layoff JK=8H A", "layoff JK B"}


def test_nothing_is_listed_for_a_seat_not_to_act() -> None:
    g = crafted({0: "JK 4C"}, opened=[0], rest_to=2)
    assert g.legal_actions(1) == [] and g.legal_actions(0)
