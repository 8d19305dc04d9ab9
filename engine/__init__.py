"""Rules engine: pure, synchronous, standard library only."""

from .cards import Card, make_deck, parse_cards, shuffled_deck
from .errors import RulesError
from .melds import Meld, MeldRules, make_meld

__all__ = ["Card", "Meld", "MeldRules", "RulesError", "make_deck", "make_meld", "parse_cards",
           "shuffled_deck"]
