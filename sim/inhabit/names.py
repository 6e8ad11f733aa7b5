"""Every Inhabit the Earth card's English name, as the log, the replay page, `arkmc cards` and the report show it.

The rulebook (German) names 16 creatures; they keep that creature in English ("Nasenbeutler": Bandicoot). The
pack's other cards are reconstructed (docs/inhabit/data.md) and name no creature, so their name says what the
data holds of them, continent and class ("African predator"; the number tells two such cards apart).
"""

from __future__ import annotations

from sim.inhabit.catalog import CLASSES, CONTINENTS, Card

# the rulebook's German names in English
ENGLISH = {"Löwe": "Lion", "Puma": "Puma", "Dromedar": "Dromedary", "Steinbock": "Ibex", "Rothirsch": "Red deer",
           "Breitmaulnashorn": "White rhinoceros", "Weißkopfseeadler": "Bald eagle", "Kasuar": "Cassowary",
           "Schnabeltier": "Platypus", "Wombat": "Wombat", "Waschbär": "Raccoon", "Faultier": "Sloth",
           "Gibbon": "Gibbon", "Dornteufel": "Thorny devil", "Wüstenfuchs": "Fennec fox", "Nasenbeutler": "Bandicoot"}
CONTINENT_ADJECTIVE = {"africa": "African", "asia": "Asian", "australasia": "Australasian", "europe": "European",
                       "north_america": "North American", "south_america": "South American"}


def english_name(card: Card) -> str:
    """"Bandicoot" for a creature the rulebook names; else "European herbivore"; a name the table above lacks
    (a user's own cards.csv) is kept as it is."""
    if card.name:
        return ENGLISH.get(card.name, card.name)
    return f"{CONTINENT_ADJECTIVE[CONTINENTS[card.continent]]} {CLASSES[card.cls].replace('_', ' ')}"
