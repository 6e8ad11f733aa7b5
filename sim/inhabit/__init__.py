"""Inhabit the Earth (Richard Breese, 2015): a 2-4 player race across six continent boards, played on
a data pack reconstructed from the rulebook (docs/inhabit/data.md, docs/inhabit/rules-decisions.md)."""
