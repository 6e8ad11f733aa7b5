"""Ark & Noah (Kosmos/Stronghold family game): build the ark from walls and pitch, load it with
animal pairs. A complete game plugged into sim/core: registered as ``arknoah``
(``sim.arknoah.game:ArkNoah``). Its data pack is reconstructed from the rulebook
(docs/arknoah/data.md); its rules questions are decided in docs/arknoah/rules-decisions.md."""
