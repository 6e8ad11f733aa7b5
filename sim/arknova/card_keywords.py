"""The effect keywords each of Ark Nova's zoo and final-scoring cards relies on, and where the card tests
are: what `arkmc cards` lists (`sim.arknova.card_status`) and what the mutation check changes, one keyword
at a time (`sim.arknova.mutation`)."""

from __future__ import annotations

from sim.arknova.catalog import Animal, Catalog, FinalScoring, Project, Sponsor
from sim.core.cards import CardEntry

CARD_TESTS = "arknova/test_cards_*.py"  # under the tests folder


def card_keywords(card: Animal | Sponsor | Project | FinalScoring) -> list[str]:
    """Every keyword the card relies on, in printed order, without repeats."""
    if isinstance(card, Animal):
        items = [effect.keyword for effect in card.abilities + card.solo_abilities]
    elif isinstance(card, Sponsor):
        items = [effect.keyword for effect in card.immediate + card.income + card.passive + card.endgame]
        for trigger in card.triggers:
            items += [trigger.event, trigger.effect.keyword]
    elif isinstance(card, Project):
        items = [f"project:{card.goal}"] + [effect.keyword for effect in card.played_bonus]
    else:
        items = [f"final_scoring:{card.quantity}"]
    return list(dict.fromkeys(items))


def card_entries(catalog: Catalog) -> list[CardEntry]:
    return [CardEntry(card.number, card.name, "final_scoring" if isinstance(card, FinalScoring) else card.kind,
                      tuple(card_keywords(card))) for card in catalog.all_cards()]
