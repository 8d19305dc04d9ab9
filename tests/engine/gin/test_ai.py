"""The gin computer player: legal moves only, sensible choices, blind to hidden cards."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import asdict

import pytest

from engine.gin import PRESETS, GinGame, GinOptions, MahjongGin, preset, two_seat_class
from engine.gin.ai import PublicLog, choose_action, greedy_action, random_action
from engine.gin.ai_hard import choose_action_hard
from engine.gin.views import GinHand

from .scripted import scripted

Policy = Callable[[GinHand, random.Random], str]
Player = Callable[..., str]
LEVELS = pytest.mark.parametrize("player", [choose_action, choose_action_hard],
                                 ids=["normal", "hard"])


def play(game: GinGame, policies: tuple[Policy, Policy], steps: int, rng: random.Random,
         log: PublicLog | None = None) -> int:
    """Play up to `steps` actions, checking each is legal; return how many were played."""
    log = log or PublicLog()
    done = 0
    while not game.is_over and done < steps:
        seat = game.to_act()[0]
        view = log.augment(game.private_view(seat))
        before = game.public_view()
        action = policies[seat](view, rng)
        assert action in view.legal, (action, view.legal)
        log.observe(before, seat, action, game.apply(seat, action))
        done += 1
    return done


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_only_legal_actions_in_every_preset(name: str) -> None:
    for seed in range(3):
        game = two_seat_class(preset(name))(preset(name), seed=seed, first_dealer=seed % 2)
        others: tuple[Policy, Policy] = (choose_action, greedy_action) if seed % 2 else (
            random_action, choose_action)
        assert play(game, others, 150, random.Random(seed)) > 0


def test_only_legal_actions_with_deep_pickups() -> None:
    game = GinGame(GinOptions(deep_discard_pickup=True, knock_rule="oklahoma"), seed=3)
    assert play(game, (choose_action, choose_action), 120, random.Random(3)) > 0


def test_ai_finishes_a_match_against_random_and_wins_it() -> None:
    game = GinGame(preset("standard"), seed=11, first_dealer=0)
    play(game, (choose_action, random_action), 10_000, random.Random(11))
    assert game.is_over and game.match.winner == 0


# Seat 0 (non-dealer) is the opponent, seat 1 (dealer) the computer player.
OPP = "AC 2C 4D 6H 8S JC JS 2D 3H 5C"
AI_HAND = "3S 4S 5S 7C 7D 7H 9C 9D QH 10S"


@LEVELS
def test_takes_the_upcard_that_completes_a_meld(player: Player) -> None:
    game = scripted(OPP, AI_HAND, upcard="9H")
    game.apply(0, "pass")
    assert player(game.private_view(1)) == "take_upcard"


@LEVELS
def test_takes_a_discard_that_completes_a_run(player: Player) -> None:
    game = scripted(OPP, AI_HAND, upcard="2H", stock="6S")
    game.apply(0, "pass")
    game.apply(1, "pass")
    game.apply(0, "draw")
    game.apply(0, "discard 6S")  # completes 3S-4S-5S-6S
    assert player(game.private_view(1)) == "take"


@LEVELS
def test_does_not_take_a_useless_high_discard(player: Player) -> None:
    game = scripted(OPP, AI_HAND, upcard="KS")
    game.apply(0, "pass")
    assert player(game.private_view(1)) == "pass"


def interest_position(picked: str) -> tuple[GinGame, GinHand]:
    """The opponent takes `picked` as the upcard; the AI then draws KC and must discard.

    The AI's deadwood is 9C 9D QH 10S KC: discarding QH, 10S or KC all leave 38.
    """
    game = scripted(OPP, AI_HAND, upcard=picked, stock="KC")
    log = PublicLog()
    for seat, action in ((0, "take_upcard"), (0, "discard JC")):
        before = game.public_view()
        log.observe(before, seat, action, game.apply(seat, action))
    view = log.augment(game.private_view(1))
    assert choose_action(view) == "draw"
    before = game.public_view()
    log.observe(before, 1, "draw", game.apply(1, "draw"))
    return game, log.augment(game.private_view(1))


@pytest.mark.parametrize("picked, fed", [("QD", "QH"), ("10D", "10S"), ("KD", "KC")])
def test_does_not_feed_the_card_the_opponent_just_took(picked: str, fed: str) -> None:
    game, view = interest_position(picked)
    assert view.table.pickups[0] == (picked,)
    # the three high cards are equally good for the AI's own deadwood
    leaves = {c: game._deadwood([x for x in game.hands[1] if str(x) != c])
              for c in ("QH", "10S", "KC")}
    assert len(set(leaves.values())) == 1
    action = choose_action(view)
    assert action.startswith("discard ") and action.split()[1] in leaves
    assert action != f"discard {fed}"


def test_knocks_as_soon_as_it_may() -> None:
    # after 9H the AI holds 3S-4S-5S, 7s, 9s and QH 10S: discarding one leaves 10
    game = scripted(OPP, AI_HAND, upcard="9H")
    game.apply(0, "pass")
    game.apply(1, "take_upcard")
    view = game.private_view(1)
    assert "knock QH" in view.legal
    assert choose_action(view) in ("knock QH", "knock 10S")


@LEVELS
def test_goes_gin_and_big_gin(player: Player) -> None:
    gin = scripted(OPP, "3S 4S 5S 7C 7D 7H 9C 9D 9S 10S", upcard="9H")
    gin.apply(0, "pass")
    gin.apply(1, "take_upcard")
    assert player(gin.private_view(1)) == "knock 10S"
    big = scripted(OPP, "3S 4S 5S 7C 7D 7H 9C 9D 9S 6S", upcard="9H")
    big.apply(0, "pass")
    big.apply(1, "take_upcard")
    assert player(big.private_view(1)) == "big_gin"


def test_greedy_takes_what_lowers_deadwood_and_knocks() -> None:
    game = scripted(OPP, AI_HAND, upcard="9H")
    game.apply(0, "pass")
    assert greedy_action(game.private_view(1)) == "take_upcard"
    game.apply(1, "take_upcard")
    assert greedy_action(game.private_view(1)).startswith("knock ")


# --- blind to hidden cards -------------------------------------------------------------


def mid_hand(seed: int) -> tuple[GinGame, PublicLog]:
    """Play the first hand part way with two computer players."""
    game = GinGame(preset("standard"), seed=seed, first_dealer=0)
    log = PublicLog()
    rng = random.Random(seed)
    while len(game.stock) > 24 and game.hand_no == 1:
        play(game, (choose_action, choose_action), 1, rng, log)
    assert game.hand_no == 1
    return game, log


def hidden_cards(game: GinGame, seat: int, log: PublicLog) -> set[str]:
    """The cards this seat cannot know: the stock and the opponent's untaken cards."""
    opp = {str(c) for c in game.hands[1 - seat]} - set(log.pickups[1 - seat])
    return opp | {str(c) for c in game.stock}


# Seeds whose first hand lasts past 24 stock cards with two computer players (per-deal shuffles).
MID_HAND_SEEDS = (1, 2, 4, 5)


@pytest.mark.parametrize("seed", MID_HAND_SEEDS)
def test_view_holds_no_hidden_card(seed: int) -> None:
    game, log = mid_hand(seed)
    seat = game.to_act()[0]
    view = log.augment(game.private_view(seat))
    text = json.dumps(asdict(view))
    tokens = set(text.replace('"', " ").replace(",", " ").replace("]", " ").split())
    hidden = hidden_cards(game, seat, log)
    assert len(hidden) >= 30
    assert not tokens & hidden
    assert view.table.hand_sizes[1 - seat] == len(game.hands[1 - seat])


def reshuffle_hidden(game: GinGame, seat: int, log: PublicLog, rng: random.Random) -> GinGame:
    """Return a copy of the game with the hidden cards dealt out differently."""
    data = game.to_json()
    opp = 1 - seat
    known = [c for c in data["hands"][opp] if c in log.pickups[opp]]
    hidden = [c for c in data["hands"][opp] if c not in known] + data["stock"]
    rng.shuffle(hidden)
    cut = len(data["hands"][opp]) - len(known)
    data["hands"][opp] = known + hidden[:cut]
    data["stock"] = hidden[cut:]
    return GinGame.from_json(json.loads(json.dumps(data)))


@LEVELS
@pytest.mark.parametrize("seed", MID_HAND_SEEDS)
def test_same_view_same_decision_whatever_the_hidden_cards(seed: int, player: Player) -> None:
    game, log = mid_hand(seed)
    seat = game.to_act()[0]
    view = log.augment(game.private_view(seat))
    decision = player(view, random.Random(0))
    assert player(view, random.Random(99)) == decision  # seeded by the position, not the rng
    rng = random.Random(seed)
    for _ in range(3):
        other = reshuffle_hidden(game, seat, log, rng)
        assert other.hands[1 - seat] != game.hands[1 - seat] or other.stock != game.stock
        other_view = log.augment(other.private_view(seat))
        assert other_view == view
        assert player(other_view, random.Random(0)) == decision


# --- Mahjong gin -----------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_mahjong_computer_games_play_legally_to_the_end(seed: int) -> None:
    game = MahjongGin(preset("mahjong"), seed=seed, first_dealer=seed % 2)
    log = PublicLog()
    play(game, (choose_action, choose_action), 20_000, random.Random(seed), log)
    assert game.is_over and game.match.winner is not None
    totals = game.scores().running
    assert max(totals) >= 500 and totals[game.match.winner] > totals[1 - game.match.winner]


def test_mahjong_computer_player_beats_random_play() -> None:
    wins = 0
    for seed in range(3):
        game = MahjongGin(preset("mahjong"), seed=seed, first_dealer=seed % 2)
        play(game, (choose_action, random_action), 20_000, random.Random(seed))
        wins += game.match.winner == 0
    assert wins == 3


def test_mahjong_takes_deep_only_to_meld_and_uses_the_owed_card_first() -> None:
    hands = ("8H 8S 3H 10D JD QD AH AS AC 5H", "2C 3C 4C 5D KH 9S 6H 2S 4H 9D")
    game = scripted(*hands, upcard="8C", stock="9H 7D", options=preset("mahjong"))
    for seat, text in ((0, "pass"), (1, "pass"), (0, "draw"), (0, "discard 3H"),
                       (1, "draw"), (1, "discard 5D")):
        game.apply(seat, text)
    assert choose_action(game.private_view(0)) == "take 3"
    game.apply(0, "take 3")
    assert choose_action(game.private_view(0)) == "meld 8S,8H,8C"
    game.apply(0, "meld 8S,8H,8C")
    game.apply(0, choose_action(game.private_view(0)))
    game.apply(0, choose_action(game.private_view(0)))
    assert len(game.table) == 3 and game.owed is None
    assert choose_action(game.private_view(0)) == "discard 9H"  # 5H 3H were taken or pair


@pytest.mark.parametrize("options", [GinOptions(deep_discard_pickup=True), preset("mahjong")],
                         ids=["deep pickups", "mahjong"])
def test_the_public_log_keeps_what_the_table_shows(options: GinOptions) -> None:
    # The log reads each move's kind from its value (its text through the engine's parser):
    # what it rebuilds is the table's own record of takes, discards and refusals.
    game = two_seat_class(options)(options, seed=4, first_dealer=0)
    rng, log, taken = random.Random(4), PublicLog(), 0
    for step in range(400):
        if game.is_over:
            break
        seat = game.to_act()[0]
        before, moves = game.public_view(), game.legal_actions(seat)
        deep = [m for m in moves if " with " in str(m) or str(m)[5:].isdigit()]
        move = rng.choice(deep if deep and rng.random() < 0.5 else moves)
        taken += move in deep
        log.observe(before, seat, move if step % 2 else str(move), game.apply(seat, move))
        after = game.public_view()
        if game.is_over:  # the last hand's record stays on the table; the log forgot it
            break
        assert (after.pickups, after.discards, after.refused) == (
            tuple(map(tuple, log.pickups)), tuple(map(tuple, log.discards)),
            tuple(map(tuple, log.refused))), move
    assert taken > 5
