"""Rummy 500 moves: apply a verified action to the state and say what happened (events)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..game import Event
from ..table import Entry, TableMeld
from . import actions as A
from .legal import LegalMoves
from .rules import Rules
from .scoring import card_value, end_hand, run_position
from .state import Rummy500State
from .table import Shape


def apply(g: Rummy500State, seat: int, action: A.Rummy500Action | str) -> list[Event]:
    """Verify the action, perform it, and return the events."""
    if isinstance(action, str):
        action = A.parse_action(action)
    Rules(g).verify(seat, action)
    events = _HANDLERS[type(action)](g, seat, action)
    g.version += 1
    return events


# --- the special card and the draw step ------------------------------------------------------


def _do_special(g: Rummy500State, seat: int, action: A.NameSpecial) -> list[Event]:
    g.special = action.card
    g.set_values()
    card = action.card.text if action.card else None
    return [Event("special", seat, {"card": card})] + g.deal()


def _do_draw(g: Rummy500State, seat: int, action: A.DrawStock) -> list[Event]:
    events = g.close_window("draw")
    return events + _draw(g, seat)


def _draw(g: Rummy500State, seat: int) -> list[Event]:
    g.redraw = not g.hands[seat]
    card = g.stock.pop(0)
    g.hands[seat].append(card)
    g.phase = "play"
    return [Event("draw", seat, {"stock": len(g.stock)}, {"card": card.text})]


def _do_take(g: Rummy500State, seat: int, action: A.TakeDiscards) -> list[Event]:
    shapes, left = Rules(g).take_result(seat, action)
    events = g.close_window("take")
    taken = g.pile[action.k - 1:]
    del g.pile[action.k - 1:]
    new = [_new_meld(g, seat, s) for s in shapes]
    g.hands[seat] = left
    g.free_card = taken[-1] if not shapes else None
    g.phase = "play"
    events.append(Event("take", seat, {
        "k": action.k, "cards": [c.text for c in taken], "melds": _melds_public(new),
        "free": not shapes}))
    return events + _after_play(g, seat)


def _do_decline(g: Rummy500State, seat: int, action: A.DeclineDiscards) -> list[Event]:
    events = g.close_window("decline")
    return events + [Event("decline", seat, {"auto": False})] + _decline(g, seat)


def _decline(g: Rummy500State, seat: int) -> list[Event]:
    if g.reuses < g.opts.reuse_discards and g.pile:
        g.stock, g.pile = g.pile, []  # face down unshuffled: p1 becomes the top
        g.reuses += 1
        events = [Event("reuse", seat, {"stock": len(g.stock), "reuses": g.reuses})]
        return events + _draw(g, seat)
    return end_hand(g, "stock", None)


# --- the play step ---------------------------------------------------------------------------


def _new_meld(g: Rummy500State, seat: int, shape: Shape) -> TableMeld:
    meld = g.table.add(seat, shape.kind, shape.suit, shape.rank, shape.low)
    for i, c in enumerate(shape.cards):
        pos = "set" if shape.kind == "set" else run_position(c, shape.low + i)
        meld.entries.append(Entry(c, seat, card_value(c, g.values, pos), "meld"))
    g.opened[seat] = True
    return meld


def _melds_public(melds: Sequence[TableMeld]) -> list[dict[str, Any]]:
    return [{"id": m.id, "kind": m.kind, "cards": [c.text for c in m.cards],
             "points": m.points} for m in melds]


def _do_meld(g: Rummy500State, seat: int, action: A.MeldCards) -> list[Event]:
    shapes = Rules(g).meld_result(seat, action)
    gone = {c for m in action.melds for c in m}
    g.hands[seat] = [c for c in g.hands[seat] if c not in gone]
    new = [_new_meld(g, seat, s) for s in shapes]
    events = [Event("meld", seat, {"melds": _melds_public(new)})]
    return events + _after_play(g, seat)


def _place(g: Rummy500State, seat: int, action: A.LayOff | A.ClaimRummy, how: str) -> Entry:
    end = Rules(g).layoff_end(seat, action)
    meld = g.meld_by_id(action.meld_id)
    card = action.card
    if meld.kind == "set":
        pos = "set"
    else:
        pos = run_position(card, meld.low - 1 if end == "low" else meld.high + 1)
    entry = Entry(card, seat, card_value(card, g.values, pos), how)
    meld.place(entry, end)
    return entry


def _do_layoff(g: Rummy500State, seat: int, action: A.LayOff) -> list[Event]:
    entry = _place(g, seat, action, "layoff")
    g.hands[seat].remove(action.card)
    meld = g.meld_by_id(action.meld_id)
    events = [Event("layoff", seat, {"card": action.card.text, "meld": meld.id,
                                     "end": action.end, "points": entry.value})]
    return events + _after_play(g, seat)


def _after_play(g: Rummy500State, seat: int) -> list[Event]:
    """End the hand or the turn when a play step emptied the hand."""
    if g.hands[seat]:
        return []
    if g.opts.go_out_without_discard == "immediate":
        return end_hand(g, "out", seat)
    # seed_redraw: the turn ends with an empty hand and no discard
    events = [Event("empty_hand", seat, {})]
    return events + _next_turn(g, seat)


def _do_discard(g: Rummy500State, seat: int, action: A.Discard) -> list[Event]:
    card = action.card
    g.hands[seat].remove(card)
    g.pile.append(card)
    if not g.hands[seat]:
        return [Event("discard", seat, {"card": card.text, "claim_window": False})] + \
            end_hand(g, "out", seat)
    events = [Event("discard", seat, {"card": card.text, "claim_window": g.opts.rummy_rule})]
    if g.opts.rummy_rule:
        g.claim_open, g.claim_card, g.discarder = True, card, seat
        fits = g.fitting_melds(card)
        if g.opts.rummy_call == "announce" and fits:
            events.append(Event("rummy_announce", None, {"card": card.text, "fits": fits}))
    return events + _next_turn(g, seat)


# --- turns and the Rummy! window -------------------------------------------------------------


def _next_turn(g: Rummy500State, seat: int) -> list[Event]:
    g.turn, g.phase = g.next_seat(seat), "draw"
    g.free_card, g.redraw = None, False
    return _draw_step(g)


def _draw_step(g: Rummy500State) -> list[Event]:
    """Apply the automatic decline when the stock is empty and no take is legal."""
    if g.phase != "draw" or g.claim_open or g.stock:
        return []
    if LegalMoves(Rules(g), g.turn).any_take():
        return []
    return [Event("decline", g.turn, {"auto": True})] + _decline(g, g.turn)


def _do_claim(g: Rummy500State, seat: int, action: A.ClaimRummy) -> list[Event]:
    entry = _place(g, seat, action, "claim")
    g.pile.pop()
    events = [Event("claim", seat, {"claimer": seat, "card": action.card.text,
                                    "meld": action.meld_id.upper(), "end": action.end,
                                    "points": entry.value, "discarder": g.discarder})]
    events += g.close_window("claim")
    return events + _draw_step(g)


def _do_end_claims(g: Rummy500State, seat: int, action: A.EndClaims) -> list[Event]:
    return g.close_window("timeout") + _draw_step(g)


_HANDLERS: dict[type, Callable[[Rummy500State, int, Any], list[Event]]] = {
    A.DrawStock: _do_draw, A.TakeDiscards: _do_take, A.DeclineDiscards: _do_decline,
    A.MeldCards: _do_meld, A.LayOff: _do_layoff, A.Discard: _do_discard,
    A.ClaimRummy: _do_claim, A.EndClaims: _do_end_claims, A.NameSpecial: _do_special,
}
