"""The Canasta computer player: positions a player would notice, legality at scale."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest

from engine.canasta import (
    PRESETS,
    AddToMeld,
    CanastaGame,
    CanastaOptions,
    Discard,
    DrawTwo,
    NewMeld,
    OpenAndDraw,
    TakePile,
    parse_action,
)
from engine.canasta.ai import choose_action, greedy_action

from .scripted import crafted

KINGS = "KH KS KD KC KH KS KD"  # a clean canasta
NINES = "9H 9S 9D 9C 9H 2C JK"  # a dirty one
OTHERS = {1: "4C 5D 6H 8S 10C", 2: "4D 5H 6S 8C 10D", 3: "4H 5S 6C 8D 10H"}
FLIPPED = CanastaOptions(black_three_value=0, black_three_meld_when_going_out=False,
                         melds_past_seven=False, wild_on_clean_canasta=False,
                         turned_joker_cards=3)
OPTION_SETS = {**PRESETS, "flipped": FLIPPED}
STOCK = "4S 5S 6S 7S 8S 10S JS 4D 5D 6D 7D 8D 10D 4C 5C 6C 7C 8C 10C 7H"  # far from its end


def act(game: CanastaGame, seat: int = 0) -> Any:
    """Ask the computer player for the seat's action and check the engine offers it."""
    view = game.private_view(seat)
    action = choose_action(view)
    assert str(action) in view.actions
    return action


def play_turn(game: CanastaGame, seat: int = 0) -> list[Any]:
    """Let the computer play the seat's whole turn; return its actions."""
    hand_no, done = game.hand_no, []
    while game.turn == seat and game.hand_no == hand_no and not game.is_over:
        action = act(game, seat)
        done.append(action)
        game.apply(seat, action)
    return done


def hands(seat0: str, **more: str) -> dict[int, str]:
    """Return every seat's hand: seat 0's and the others' plain ones."""
    return {0: seat0, **OTHERS, **{int(k[1:]): v for k, v in more.items()}}


# --- before the draw ---------------------------------------------------------------------


def test_opens_when_it_can() -> None:
    game = crafted(hands("KS KH KD 2C 5H 9C JD"), pile="7D", phase="acquire")
    action = act(game)
    assert isinstance(action, OpenAndDraw)
    assert sorted(c.text for m in action.melds for c in m) == ["2C", "KD", "KH", "KS"]


def test_draws_when_it_cannot_open() -> None:
    game = crafted(hands("KS KH 5H 9C JD"), pile="7D", phase="acquire")
    assert isinstance(act(game), DrawTwo)


def test_takes_a_big_unfrozen_pile_it_can_take() -> None:
    game = crafted(hands("9S 9C 5H KD JD"), melds=[(0, "QH QS QD")], stock=STOCK,
                   pile="9D", rest_to="pile", phase="acquire")
    assert game.public_view().pile > 40
    action = act(game)
    assert isinstance(action, TakePile) and {c.text for c in action.cards} == {"9S", "9C"}


def test_does_not_try_a_pile_frozen_by_a_black_three() -> None:
    game = crafted(hands("9S 9C 5H KD JD"), melds=[(0, "QH QS QD")], stock=STOCK,
                   pile="9D 3S", rest_to="pile", phase="acquire")
    assert isinstance(act(game), DrawTwo)


def test_an_unopened_side_opens_by_taking_a_big_pile() -> None:
    # it could open by melding the kings, but the pile brings forty cards with the opening
    game = crafted(hands("KS KH KD 2C 9S 9C AS AH AD"), stock=STOCK, pile="9D",
                   rest_to="pile", phase="acquire")
    assert any(a.startswith("open ") for a in game.private_view(0).actions)
    assert isinstance(act(game), TakePile)


def test_keeps_its_wild_cards_when_taking_the_pile() -> None:
    game = crafted(hands("9S 9C 2H JK 5H KD"), melds=[(0, "QH QS QD")], stock=STOCK,
                   pile="9D", rest_to="pile", phase="acquire")
    action = act(game)
    assert isinstance(action, TakePile)
    assert all(c.rank == 9 for c in action.cards)


# --- melds ---------------------------------------------------------------------------------


def test_adds_a_card_to_its_partners_meld() -> None:
    # seat 2 plays; the queens were melded by its partner, seat 0
    game = crafted({0: "4S 5S 6S", 1: "4C 5D 6H", 2: "QH 5C 9D KS", 3: "4H 5H 6C"},
                   melds=[(0, "QS QD QC")], turn=2)
    action = act(game, 2)
    assert isinstance(action, AddToMeld) and action.meld_id == "A"
    assert [c.text for c in action.cards] == ["QH"]


def test_melds_three_naturals_but_keeps_a_pair() -> None:
    game = crafted(hands("JH JS JD 8H 8S 5C"), melds=[(0, "QS QD QC")])
    played = play_turn(game)
    melds = [a for a in played if isinstance(a, NewMeld)]
    assert [sorted(c.text for c in m.cards) for m in melds] == [["JD", "JH", "JS"]]
    assert {"8H", "8S"} <= set(c.text for c in game.hands[0])


def test_keeps_a_pair_of_a_low_rank_to_take_the_pile_with() -> None:
    # three sixes held and a meld of sixes: one goes on the meld, two stay in hand
    game = crafted(hands("6C 6D 6H KS 9H JD"), melds=[(0, "6S 6H 6D")])
    played = play_turn(game)
    added = [c.text for a in played if isinstance(a, AddToMeld) for c in a.cards]
    assert len(added) == 1 and added[0][0] == "6"
    assert sum(c.rank == 6 for c in game.hands[0]) == 2


def test_adds_every_high_card_to_its_meld() -> None:
    game = crafted(hands("KC KD KH 9H JD 5S"), melds=[(0, "KS KH KD")])
    play_turn(game)
    assert not any(c.rank == 13 for c in game.hands[0])


def test_finishes_a_canasta_with_a_wild_card_it_holds() -> None:
    game = crafted(hands("2S 5C 9D 8H"), melds=[(0, KINGS), (0, "QS QD QC QH QS QD")])
    action = act(game)
    assert isinstance(action, AddToMeld) and [c.text for c in action.cards] == ["2S"]


def test_does_not_spend_a_wild_card_on_a_meld_far_from_a_canasta() -> None:
    game = crafted(hands("2S 5C 9D 8H"), melds=[(0, KINGS), (0, "QS QD QC")])
    assert isinstance(act(game), Discard)


def test_never_spoils_a_clean_canasta_with_a_wild_card() -> None:
    game = crafted(hands("JK 5C 9D 8H"), melds=[(0, KINGS)], stock="4S")
    played = play_turn(game)
    assert not any(isinstance(a, AddToMeld) for a in played)


# --- going out -----------------------------------------------------------------------------


def test_goes_out_when_its_side_may_and_is_ahead() -> None:
    game = crafted(hands("QS QH QD 5C"), melds=[(0, KINGS), (0, NINES)])
    play_turn(game)
    assert game.last_result is not None and game.last_result.out == 0


def test_does_not_go_out_when_going_out_loses_the_game() -> None:
    # near the target the opponents' pinellata leaves them ahead whatever happens: ending
    # the hand now would end the game lost, so the side plays on
    board = {"totals": [13000, 14900], "hands": [[13000, 14900]], "eliminated": []}
    game = crafted(hands("QS QH QD 5C"), board=board,
                   melds=[(0, KINGS), (0, NINES), (1, "2S 2S 2S 2H 2H 2H 2D")])
    played = play_turn(game)
    assert game.hand_no == 1 and not game.is_over
    assert len(game.hands[0]) >= 1 and isinstance(played[-1], Discard)


def test_goes_out_when_that_wins_the_game() -> None:
    board = {"totals": [14500, 14000], "hands": [[14500, 14000]], "eliminated": []}
    game = crafted(hands("QS QH QD 5C"), board=board, melds=[(0, KINGS), (0, NINES)])
    play_turn(game)
    assert game.is_over and game.winner == 0


def test_keeps_two_cards_while_its_side_cannot_go_out() -> None:
    game = crafted(hands("QS QH QD 5C"), melds=[(0, KINGS)])
    play_turn(game)
    assert len(game.hands[0]) == 3 and game.hand_no == 1


# --- the discard ---------------------------------------------------------------------------


def test_never_discards_a_wild_card_when_another_will_do() -> None:
    game = crafted(hands("JK 2S 5H KC"), melds=[(0, "QS QD QC")])
    action = act(game)
    assert isinstance(action, Discard) and action.card.text in ("5H", "KC")


def test_never_discards_a_rank_the_opponents_have_melded_when_another_will_do() -> None:
    # the ace is its costliest card to keep, but the opponents have aces on the table
    game = crafted(hands("AC 5D JK"), melds=[(0, "QS QD QC"), (1, "AS AH AD")])
    action = act(game)
    assert isinstance(action, Discard) and action.card.text == "5D"


def test_prefers_a_black_three_as_discard() -> None:
    game = crafted(hands("3S KD 5H 9C"), melds=[(0, "QS QD QC")], pile="8H 8D 8C",
                   rest_to="pile")
    action = act(game)
    assert isinstance(action, Discard) and action.card.text == "3S"


def test_an_unopened_side_keeps_its_high_cards_for_its_opening() -> None:
    game = crafted(hands("AS KD 6C JH"))
    action = act(game)
    assert isinstance(action, Discard) and action.card.text == "6C"


def test_an_opened_side_throws_a_low_single_card() -> None:
    # opponents who throw their low cards keep pairs of high ones: an ace would feed them
    game = crafted(hands("AS KD 6C JH"), opened=[0])
    action = act(game)
    assert isinstance(action, Discard) and action.card.text == "6C"


def test_keeps_a_pair_and_throws_a_singleton() -> None:
    game = crafted(hands("8H 8S KD"), melds=[(0, "QS QD QC")])
    action = act(game)
    assert isinstance(action, Discard) and action.card.text == "KD"


def test_does_not_hand_a_big_pile_to_a_likely_pair() -> None:
    # eleven jacks are unseen but one five only: the next player (his side opened) far more
    # likely holds two jacks, and the pile holds a hundred cards (two cards left: the five
    # cannot be melded)
    no_fives = {1: "4C 6H 8S 10C 9C", 2: "4D 6S 8C 10D 9D", 3: "4H 6C 8D 10H 9H"}
    game = crafted({0: "JD 5C", **no_fives}, melds=[(0, "5S 5H 5D 5C 5S 5H 5D 5C 5S 5H")],
                   stock=STOCK.replace("5", "9"), pile="8H 8D", rest_to="pile", opened=[1])
    assert game.public_view().pile > 90
    action = act(game)
    assert isinstance(action, Discard) and action.card.text == "5C"


# --- the view only -------------------------------------------------------------------------


def test_uses_only_its_view() -> None:
    # the same seat 0 and table, other hidden cards: the same decision, from equal views
    mine = "KS KH KD 2C 9S 9C AS AH 5D 6C 7H 8S JD QC 4H"
    one = crafted({0: mine, 1: "4C 5C 6D", 2: "JK JK", 3: "2H 2S 2D"}, pile="9D",
                  phase="acquire")
    two = crafted({0: mine, 1: "AD AC 7C", 2: "KC QD", 3: "10S 10H 10D"}, pile="9D",
                  phase="acquire")
    views = [g.private_view(0) for g in (one, two)]
    assert views[0] == dataclasses.replace(views[1])
    before = choose_action(views[0])
    one.apply(0, "draw")
    assert choose_action(views[0]) == before == choose_action(views[1])


def test_no_legal_action_is_a_value_error() -> None:
    game = crafted(hands("KS 2C"))
    view = game.private_view(1)  # not its turn: nothing to do
    with pytest.raises(ValueError):
        choose_action(view)
    with pytest.raises(ValueError):
        greedy_action(view)


# --- the baseline --------------------------------------------------------------------------


def test_greedy_discards_its_lowest_card_that_is_not_wild() -> None:
    game = crafted(hands("2S KD 6H JK AC"), opened=[0])
    action = greedy_action(game.private_view(0))
    assert isinstance(action, Discard) and action.card.text == "6H"


def test_greedy_lays_down_everything_and_goes_out_at_once() -> None:
    board = {"totals": [13000, 14900], "hands": [[13000, 14900]], "eliminated": []}
    game = crafted(hands("QS QH QD 5C"), board=board,
                   melds=[(0, KINGS), (0, NINES), (1, "2S 2S 2S 2H 2H 2H 2D")])
    while game.turn == 0 and not game.is_over:
        game.apply(0, greedy_action(game.private_view(0)))
    assert game.is_over and game.winner == 1


def test_greedy_draws_unless_it_can_open_or_take() -> None:
    game = crafted(hands("KS KH 5H 9C JD"), pile="7D", phase="acquire")
    assert isinstance(greedy_action(game.private_view(0)), DrawTwo)
    game = crafted(hands("9S 9C 5H KD JD"), melds=[(0, "QH QS QD")], pile="9D",
                   phase="acquire")
    assert isinstance(greedy_action(game.private_view(0)), TakePile)


# --- legality at scale ---------------------------------------------------------------------


def _play_hand(game: CanastaGame, names: list[str], rng: random.Random,
               seen: Counter[str]) -> None:
    """Play one hand with the seats' policies, checking every computer decision."""
    hand_no = game.hand_no
    while game.hand_no == hand_no and not game.is_over:
        seat = game.turn
        view = game.private_view(seat)
        if names[seat] == "random":
            action: Any = parse_action(rng.choice(view.actions))
        else:
            action = (choose_action if names[seat] == "ai" else greedy_action)(view)
            assert str(action) in view.actions
            seen[names[seat]] += 1
            seen[type(action).__name__] += 1
            if names[seat] == "ai":
                _check_discard(action, view.actions, view)
        game.apply(seat, action)


def _check_discard(action: Any, legal: tuple[str, ...], view: Any) -> None:
    """A wild card only when nothing else may go; an opponents' rank only after that."""
    if not isinstance(action, Discard):
        return
    others = [parse_action(a).card for a in legal if a.startswith("discard ")]
    plain = [c for c in others if c.rank not in (0, 2)]
    if action.card.rank in (0, 2):
        assert not plain
    theirs = {m.rank for s in view.table.sides if view.seat not in s.seats for m in s.melds}
    if action.card.rank not in (0, 2) and action.card.text[:-1] in theirs:
        assert all(c.text[:-1] in theirs for c in plain)


@pytest.mark.parametrize("name", list(OPTION_SETS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_always_legal_over_seeded_random_positions(name: str, players: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(3):
        names = [("ai", "random", "greedy", "ai")[(seed + s) % 4] for s in range(players)]
        game = CanastaGame(OPTION_SETS[name], players=players, seed=seed)
        _play_hand(game, names, random.Random(seed), seen)
    assert seen["ai"] >= 40
    assert seen["Discard"] and seen["DrawTwo"] and seen["AddToMeld"] + seen["NewMeld"]


def test_beats_random_players_in_a_smoke_run() -> None:
    wins = 0
    for seed in range(6):
        names = ["ai", "random"] * 2 if seed % 2 == 0 else ["random", "ai"] * 2
        game = CanastaGame(PRESETS["short"], players=4, seed=seed, first_dealer=seed % 4)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.turn
            view = game.private_view(seat)
            policy = choose_action if names[seat] == "ai" else None
            game.apply(seat, policy(view) if policy else parse_action(rng.choice(view.actions)))
        wins += names[game.sides.groups[game.winner or 0][0]] == "ai"
    assert wins >= 5
