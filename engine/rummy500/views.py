"""What the players may see of a Rummy 500 game: the public view and one seat's private view."""

from __future__ import annotations

from typing import Any

from .legal import claim_targets, legal_actions
from .scoring import seat_scores
from .state import Rummy500State


def public_view(g: Rummy500State) -> dict[str, Any]:
    """Return everything every player may see."""
    return {
        "game": g.name, "version": g.version, "players": g.players,
        "hand_no": g.hand_no, "dealer": g.dealer,
        "turn": None if g.is_over else g.turn, "phase": g.phase,
        "stock": len(g.stock), "pile": [c.text for c in g.pile],
        "melds": [{"id": m.id, "owner": m.owner, "kind": m.kind,
                   "cards": [{"card": e.card.text, "by": e.by, "value": e.value}
                             for e in m.entries]} for m in g.table],
        "seats": _seats(g), "claim": _claim(g), "options": g.opts.to_dict(),
        "special_card": g.special.text if g.special else None,
        "reuses": g.reuses, "winner": g.winner, "totals": list(g.totals),
        "eliminated": sorted(g.eliminated), "last_result": g.last_result,
    }


def _seats(g: Rummy500State) -> list[dict[str, Any]]:
    scores = {s.seat: s for s in seat_scores(g)}
    seats = []
    for seat in range(g.players):
        sc = scores.get(seat)
        seats.append({
            "seat": seat, "cards": len(g.hands[seat]), "opened": g.opened[seat],
            "total": g.totals[seat], "hand_points": sc.melded + sc.laid_off if sc else 0,
            "eliminated": seat in g.eliminated, "closings": g.closings[seat]})
    return seats


def _claim(g: Rummy500State) -> dict[str, Any]:
    claim: dict[str, Any] = {
        "open": g.claim_open, "card": g.claim_card.text if g.claim_card else None,
        "discarder": g.discarder}
    if g.opts.rummy_call == "announce":
        claim["fits"] = g.fitting_melds(g.claim_card) if g.claim_card else []
    return claim


def private_view(g: Rummy500State, seat: int) -> dict[str, Any]:
    """Return the public view plus the seat's hand, free card, legal moves and claims."""
    view = public_view(g)
    view.update({
        "seat": seat, "hand": [c.text for c in g.hands[seat]],
        "free_card": g.free_card.text if g.free_card and seat == g.turn else None,
        "legal": [str(a) for a in legal_actions(g, seat)],
        "claims": [str(a) for a in claim_targets(g, seat)]})
    return view
