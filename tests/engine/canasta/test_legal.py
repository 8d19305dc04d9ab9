"""Canasta's legal list against a brute force (brute.py): sound, and complete up to suits and
leftovers, in states reached by seeded random play and in random exhaustion positions.

Sound: every listed action is accepted by `verify`. Complete: every candidate move the brute
force finds accepted has an action of its class (up to suits: brute.py) in the list, where
engine/canasta/legal.py says the list holds its class:
- draws, ends, discards, new melds, additions, openings of one meld, pile takes without new
  melds: all of them;
- openings of two melds and pile takes with one new meld: the card-minimal ones, from which
  no card or meld can be left out with the move still accepted (checked by leaving each out
  in turn). A bigger one is the card-minimal one it holds followed by new melds and
  additions of its leftover cards: replayed here on copies of the game for the first such
  move of every state, both ways must be accepted and leave the same hand and table;
- bounds: openings of three melds and takes with two new melds are tried only when the list
  holds no opening (no take): one accepted is a miss. In the exhaustion positions the bound
  is three new melds, against the hand's end on an empty stock.
Each test prints its figures: states walked, candidates enumerated, moves checked (listed
and candidates, each by verify), unlisted accepted moves and listed refused ones (both 0).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from typing import Any

import pytest

from engine.canasta import CanastaGame, CanastaOptions
from engine.canasta import actions as A
from engine.canasta.melds import meld_rank
from engine.canasta.state import build_deck
from engine.cards import Card
from tests.engine.canasta.brute import Brute, Pool, Tally, key, move_key, trimmed
from tests.engine.canasta.scripted import crafted, kinds
from tests.engine.canasta.test_properties import SETS, pick

# states audited per option set and player count; RUMMY_PROPERTY_MATCHES=100 is a soak run
STATES = 400 * int(os.environ.get("RUMMY_PROPERTY_MATCHES", "1"))
ACTIONS = 300  # actions walked per game at most (every state audited)
# random exhaustion positions; RUMMY_PROPERTY_POSITIONS=5000 is the run
POSITIONS = int(os.environ.get("RUMMY_PROPERTY_POSITIONS", "600"))


# --- the audit of one state --------------------------------------------------------------


def audit(g: CanastaGame, replay: bool = True) -> Tally:
    """Check the list of the seat to act against the brute force; return the figures."""
    b = Brute(g)
    listed = g.legal_actions(b.seat)
    b.tally.listed = len(listed)
    b.tally.refused += [str(a) for a in listed if not b.accepts(a)]
    classes = {move_key(a) for a in listed}
    replayed = not replay
    for action, compound in candidates(b, listed):
        b.tally.candidates += 1
        if not b.accepts(action) or move_key(action) in classes:
            continue
        if compound and not b.minimal(action):
            if not replayed:
                replayed = True
                check_leftovers(g, b, action, classes)
            continue
        b.tally.unlisted.append(str(action))
    return b.tally


def candidates(b: Brute, listed: list[A.CanastaAction]
               ) -> list[tuple[A.CanastaAction, bool]]:
    """Return the candidates at the state, each with whether it is a compound move."""
    g = b.g
    if g.phase == "play":
        plays = [(a, False) for a in b.plays()]
        return plays + [(A.Discard(c), False) for c in sorted(set(g.hands[b.seat]))]
    out: list[tuple[A.CanastaAction, bool]] = [(A.DrawTwo(), False), (A.EndHand(), False)]
    has_take = any(isinstance(a, A.TakePile) for a in listed)
    out += [(t, bool(t.extra)) for t in b.takes(1 if has_take else 2)]
    if not g.opened[b.side] and g.stock:
        has_open = any(isinstance(a, A.OpenAndDraw) for a in listed)
        out += [(o, len(o.melds) > 1) for o in b.openings(2 if has_open else 3)]
    return out


def check_leftovers(g: CanastaGame, b: Brute, big: A.OpenAndDraw | A.TakePile,
                    classes: set[tuple[object, ...]]) -> None:
    """Check that a bigger move is a listed card-minimal one, then its leftovers."""
    small = big
    while (smaller := next((s for s in trimmed(small) if b.accepts(s)), None)) is not None:
        small = smaller
    assert move_key(small) in classes, f"{small} (within {big}) is not listed"
    top = g.pile[-1].rank if g.pile else -1
    one, two = copy(g), copy(g)
    one.apply(b.seat, small)
    for action in leftovers(one, b.seat, top, big, small):
        one.apply(b.seat, action)
    two.apply(b.seat, big)
    assert looks(one) == looks(two), f"{big} is not {small} and its leftovers"


def copy(g: CanastaGame) -> CanastaGame:
    """Return a copy of the game through its snapshot."""
    return CanastaGame.from_json(json.loads(json.dumps(g.to_json())))


def leftovers(g: CanastaGame, seat: int, top: int, big: A.OpenAndDraw | A.TakePile,
              small: A.OpenAndDraw | A.TakePile) -> list[A.CanastaAction]:
    """Return the additions and new melds that make the small move's table the big one's
    (`top`: the rank of the pile's top a take melds)."""
    pairs: list[tuple[int, tuple[Card, ...], tuple[Card, ...]]] = []
    if isinstance(big, A.TakePile) and isinstance(small, A.TakePile):
        pairs.append((top, big.cards, small.cards))
        bigs, smalls = big.extra, small.extra
    else:
        assert isinstance(big, A.OpenAndDraw) and isinstance(small, A.OpenAndDraw)
        bigs, smalls = big.melds, small.melds
    by_rank = {meld_rank(m): m for m in smalls}
    pairs += [(meld_rank(m), m, by_rank.get(meld_rank(m), ())) for m in bigs]
    pool = Pool.of(g.hands[seat])  # the leftovers are named from the hand as it is now
    out: list[A.CanastaAction] = []
    for rank, whole, part in pairs:
        counts = Counter(c.rank for c in whole)
        counts.subtract(c.rank for c in part)
        taken = pool.take(+counts)
        assert taken is not None
        rest, pool = taken
        if not rest:
            continue
        meld = next((m for m in g.table.owned_by(g.side(seat)) if m.rank == rank), None)
        if part and meld is not None:
            out.append(A.AddToMeld(meld.id, tuple(rest)))
        else:
            out.append(A.NewMeld(tuple(rest)))
    return out


def looks(g: CanastaGame) -> tuple[object, ...]:
    """Return the hands and the melds of each side, up to suits."""
    melds = sorted((m.owner, m.rank, key(m.cards)) for m in g.table)
    return tuple(key(h) for h in g.hands), tuple(melds), g.phase


# --- states of random play ----------------------------------------------------------------


def walk(opts: CanastaOptions, players: int, seed: int, tally: Tally) -> None:
    """Play one seeded game, auditing every state into the tally."""
    g = CanastaGame(opts, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(ACTIONS):
        if g.is_over or tally.states >= STATES:
            break
        tally.add(audit(g))
        g.apply(g.turn, pick(g, rng))


def report(name: str, t: Tally) -> str:
    """Return the figures the issue asks for."""
    return (f"{name}: {t.states} states walked, {t.candidates} candidates enumerated, "
            f"{t.checked} moves checked ({t.listed} listed), {len(t.unlisted)} unlisted "
            f"accepted, {len(t.refused)} listed refused")


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", sorted(SETS))
def test_every_listed_move_is_accepted_and_every_accepted_move_listed(
        name: str, players: int) -> None:
    tally, seed = Tally(), 1000 * sorted(SETS).index(name) + 100 * players
    while tally.states < STATES:
        walk(SETS[name], players, seed, tally)
        seed += 1
    print(report(f"{name}, {players} players", tally))
    assert not tally.refused, tally.refused[:5]
    assert not tally.unlisted, tally.unlisted[:5]


# --- the cases --------------------------------------------------------------------


def test_fuzzing_s_moves_are_listed_up_to_suits() -> None:
    # `add E 2S` (a two on the side's fifth meld) and `meld JC,JC,2H` were accepted, unlisted
    melds = [(0, f"{r}S {r}H {r}D") for r in ("A", "K", "Q", "9")] + [(0, "8S 8H 8D 8C")]
    game = crafted({0: "JC JC JD 2S 2H 5C 7D"}, players=2, melds=melds)
    listed = {move_key(a) for a in game.legal_actions(0)}
    assert move_key(A.AddToMeld("E", (Card.parse("2S"),))) in listed
    assert move_key(A.NewMeld((Card.parse("JC"), Card(11, "C", 1), Card.parse("2H")))) in listed
    texts = [str(a) for a in game.legal_actions(0)]
    assert "add E 2H" in texts and "add E 2S" not in texts  # one action a class


def test_a_take_with_new_melds_after_the_forced_one_keeps_the_hand_going() -> None:
    # An unopened side needing 120; the player holds 2♥ 2♥ 2♠ 2♠ A♥ A♥ Q♥ facing a 2♠ on the
    # pile with the stock empty: twos 2♠ 2♥ 2♠ 2♠ (80) + A♥ A♥ 2♥ (60) take it.
    game = crafted({0: "2S 5C 6D", 1: "2H 2H 2S 2S AH AH QH"}, players=2,
                   melds=[(0, "KH KS KD")], rest_to="pile", minimums=[50, 120])
    assert not game.stock
    events = game.apply(0, "discard 2S")
    assert kinds(events) == ["discard"] and game.turn == 1 and game.phase == "acquire"
    takes = [str(a) for a in game.legal_actions(1) if isinstance(a, A.TakePile)]
    assert takes == ["take 2H,2H,2S AH,AH,2S"]  # the same move as the issue's, up to suits
    game.apply(1, "take 2H,2S,2S 2H,AH,AH")
    assert game.opened[1] and [m.rank for m in game.table.owned_by(1)] == [2, 1]


def test_no_take_ends_the_hand_on_an_empty_stock() -> None:
    # The same hand needing 160: 140 is short, and nothing else takes the pile.
    game = crafted({0: "2S 5C 6D", 1: "2H 2H 2S 2S AH AH QH"}, players=2,
                   melds=[(0, "KH KS KD")], rest_to="pile", minimums=[50, 160])
    events = game.apply(0, "discard 2S")
    assert kinds(events)[:3] == ["discard", "hand_end", "deal"]


# --- random exhaustion positions ----------------------------------------------------------

FACES = [c for c in {(c.rank, c.suit): c for c in build_deck()}.values()
         if not (c.rank == 3 and c.suit in "HD")]
MINIMUMS = (50, 90, 120, 160, 180, 200)


def exhaustion(rng: random.Random) -> tuple[dict[str, Any], str]:
    """Return a position with an empty stock, seat 0 to throw its discard and seat 1 to act
    next, and that discard (the pile's next top)."""
    left = Counter(c.text for c in build_deck())
    opts = rng.choice(list(SETS.values()))
    top = deal(left, rng, rng.choice(FACES).rank)
    other = deal(left, rng, 4)  # seat 0's other card
    hand = [deal(left, rng, top.rank) for _ in range(rng.randint(0, 4)) if top.rank != 3]
    hand += [deal(left, rng, 0) for _ in range(rng.randint(0, 2))]
    hand += [deal(left, rng, 2) for _ in range(rng.randint(0, 3))]
    for rank in rng.sample([r for r in range(1, 14) if r not in (2, 3)], 4):
        hand += [deal(left, rng, rank) for _ in range(rng.randint(0, 3))]
    hand += [deal(left, rng, rng.choice((3, 5, 9, 12)))]
    melds: list[tuple[int, str]] = []
    if rng.random() < 0.4:  # seat 1's side has opened, maybe with a meld of the top's rank
        rank = top.rank if top.rank not in (0, 3) and rng.random() < 0.5 else 13
        melds.append((1, " ".join(deal(left, rng, rank).text for _ in range(3))))
    pile = " ".join(deal(left, rng, rng.choice(FACES).rank).text
                    for _ in range(rng.choice((0, 0, 1, 3))))
    data = position(opts, hand, f"{top.text} {other.text}", melds, pile,
                    rng.choice(MINIMUMS))
    return data, top.text


def deal(left: Counter[str], rng: random.Random, rank: int) -> Card:
    """Take a card of the rank still left (another if none is)."""
    faces = [f for f in left if left[f] and Card.parse(f).rank == rank
             and not (rank == 3 and f in ("3H", "3D"))]
    if not faces:
        faces = [f for f in left if left[f] and f not in ("3H", "3D")]
    face = rng.choice(sorted(faces))
    left[face] -= 1
    return Card.parse(face)


def position(opts: CanastaOptions, hand: list[Card], thrower: str,
             melds: list[tuple[int, str]], pile: str, minimum: int) -> dict[str, Any]:
    """Return the snapshot: the rest of the cards in seat 0's hand after its two cards."""
    base = crafted({0: thrower, 1: " ".join(c.text for c in hand)}, players=2,
                   melds=melds, pile=pile, options=opts, opened=[1] if melds else [],
                   minimums=[50, minimum])
    data = base.to_json()
    rest = [c for c in data["stock"] if c not in ("3H", "3D")]
    data["red_threes"][0] += [c for c in data["stock"] if c in ("3H", "3D")]
    data["hands"][0] += rest
    data["stock"] = []
    data["hands"][0] = [data["hands"][0][0], *data["hands"][0][2:], data["hands"][0][1]]
    return data


def test_the_hand_ends_on_an_empty_stock_exactly_when_no_take_is_legal() -> None:
    # the hand ends exactly when the list holds no take; a listed take is accepted, and so is
    # no candidate when none is listed (new melds with a take: three at most are tried)
    rng = random.Random(25)
    tally, ended, taken = Tally(), 0, 0
    for _ in range(POSITIONS):
        data, top = exhaustion(rng)
        before = CanastaGame.from_json(json.loads(json.dumps(data)))
        end = "hand_end" in kinds(before.apply(0, f"discard {top}"))
        after = CanastaGame.from_json(json.loads(json.dumps(data)))
        after.hands[0].remove(next(c for c in after.hands[0] if c.text == top))
        after.pile.append(Card.parse(top))
        after.turn, after.phase = 1, "acquire"
        b = Brute(after)
        listed = [a for a in after.legal_actions(1) if isinstance(a, A.TakePile)]
        b.tally.refused += [str(a) for a in listed if not b.accepts(a)]
        found = listed or [t for t in b.takes(3) if b.accepts(t)]
        if end == bool(listed) or bool(found) != bool(listed):
            b.tally.unlisted.append(f"{sorted(c.text for c in after.hands[1])} top {top}")
        tally.add(b.tally)
        tally.listed += len(listed)
        ended += end
        taken += bool(listed)
    print(f"{POSITIONS} exhaustion positions: {ended} hands ended, {taken} with a take; "
          f"{tally.checked} takes checked ({tally.listed} listed), "
          f"{len(tally.unlisted)} wrong ends, {len(tally.refused)} listed refused")
    assert taken > POSITIONS // 10 and ended > POSITIONS // 10
    assert not tally.unlisted, tally.unlisted[:5]
    assert not tally.refused, tally.refused[:5]
