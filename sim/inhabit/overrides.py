"""Data overrides of Inhabit the Earth, with the same ``path=value`` form as Ark Nova's:

- ``cards.124.effect=free_evolve``, ``cards.133.starter=``: a column of a card, written as in cards.csv
  (``number``, ``deck`` and ``class`` are fixed: the number spells them);
- ``tokens.12.points=3``: a column of a token in tokens.csv (``id`` is fixed);
- ``trails.start_space.2=4``, ``trails.sides.standard.africa.3.terrain=desert``: a key (or list index)
  of trails.json.

They apply to the shipped pack, or to the pack with a folder of the user's in place of some of its files
(`--data FOLDER`, sim.core.data_folder). The changed files are parsed again by the catalog's own parser,
so an override is checked exactly as the data files are; the base catalog, and every game made from it,
stays as it was.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from sim.core.data_folder import DataFiles, data_files
from sim.core.overrides import OverrideError, parse_texts, set_column, set_json
from sim.inhabit.catalog import PACKAGE, Catalog, DataError, build_catalog, load_catalog, raw_tables

FIXED_CARD_COLUMNS = frozenset({"number", "deck", "class"})
FIXED_TOKEN_COLUMNS = frozenset({"id"})


def parse_overrides(texts: Sequence[str], files: DataFiles | None = None) -> dict[str, str]:
    """`path=value` texts as a dict, each checked by building the catalog they give from `files` (the
    shipped pack by default)."""
    overrides = parse_texts(texts)
    catalog_with(overrides, files)
    return overrides


def catalog_with(overrides: Mapping[str, str], files: DataFiles | None = None) -> Catalog:
    """The catalog of `files` (the shipped pack by default) with these overrides applied (itself when none)."""
    return _catalog_with(tuple(overrides.items()), files or data_files(PACKAGE))


@functools.lru_cache(maxsize=8)
def _catalog_with(overrides: tuple[tuple[str, str], ...], files: DataFiles) -> Catalog:
    base = load_catalog(files)  # the files alone parse: a problem of the folder is not blamed on an override
    if not overrides:
        return base
    cards, tokens, trails = raw_tables(files)
    for path, value in overrides:
        head, _, rest = path.partition(".")
        if head == "cards":
            _set_row(path, cards, "number", rest, value, FIXED_CARD_COLUMNS, "card")
        elif head == "tokens":
            _set_row(path, tokens, "id", rest, value, FIXED_TOKEN_COLUMNS, "token")
        elif head == "trails":
            set_json(path, trails, rest, value)
        else:
            raise OverrideError(f"override {path}: the path must start with cards, tokens or trails")
    try:
        return build_catalog(cards, tokens, trails)
    except DataError as error:
        raise OverrideError(f"override does not parse: {error}") from None


def _set_row(path: str, rows: list[dict[str, str]], key: str, rest: str, value: str, fixed: frozenset[str],
             what: str) -> None:
    name, _, column = rest.partition(".")
    row = next((row for row in rows if row[key] == name), None)
    if row is None or not column:
        raise OverrideError(f"override {path}: there is no {what} {name!r} (write {path.split('.')[0]}.{key.upper()}.COLUMN)")
    set_column(path, row, column, value, fixed)
