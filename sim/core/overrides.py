"""Data overrides, the game-agnostic part: ``path=value`` texts, and edits of data-file rows and documents.

A game names one fact of its data by a dotted path (``cards.401.cost``) and gives it a new value. It
edits a copy of the row or document the fact lives in with these helpers and parses the changed entry
with its own data parser (`parse_entry`), so an override is checked exactly as the data files are. Every
mistake is an `OverrideError` whose message is one line naming the override.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Sequence
from typing import Any

from sim.core.data_folder import DATA_KEY


class OverrideError(ValueError):
    """A bad override; the message is one line naming it."""


def parse_texts(texts: Sequence[str]) -> dict[str, str]:
    """`path=value` texts as {path: value} (a later text for the same path wins); only the form is checked."""
    overrides: dict[str, str] = {}
    for text in texts:
        path, equals, value = text.partition("=")
        if not equals or not path.strip():
            raise OverrideError(f"override {text!r} is not PATH=VALUE (a dotted path into the game's data and its "
                                "new value, for example cards.3.cost=5)")
        if path.strip() == DATA_KEY:
            raise OverrideError(f"override {text!r}: a data folder is not an override; give it with --data "
                                f"{value.strip() or 'FOLDER'} (the experiment key {DATA_KEY})")
        overrides[path.strip()] = value.strip()
    return overrides


def set_column(path: str, row: dict[str, str], column: str, value: str, fixed: Collection[str] = ()) -> None:
    """Set a column of a CSV row (as read by `csv.DictReader`); the `fixed` columns cannot be changed."""
    if column in fixed or column not in row:
        allowed = ", ".join(name for name in row if name not in fixed)
        raise OverrideError(f"override {path}: no column {column!r} can be overridden (columns: {allowed})")
    row[column] = value


def set_json(path: str, document: Any, key_path: str, value: str) -> None:
    """Set the key or list item that the dotted `key_path` names in a JSON document (``a.b.0``) to
    `value`, read as JSON when it is JSON and as plain text otherwise."""
    keys = key_path.split(".") if key_path else []
    if not keys:
        raise OverrideError(f"override {path}: name the key to change")
    target = document
    for index, key in enumerate(keys):
        if isinstance(target, list) and key.isdigit() and int(key) < len(target):
            slot: Any = int(key)
        elif isinstance(target, dict) and key in target:
            slot = key
        else:
            raise OverrideError(f"override {path}: {'.'.join(keys[:index + 1])!r} does not exist in the data")
        if index == len(keys) - 1:
            target[slot] = json_value(value)
        else:
            target = target[slot]


def json_value(text: str) -> Any:
    """The text as a JSON value, or the text itself when it is not JSON (``cp:2``)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_entry(parser: Callable[[Any], Any], raw: Any, where: str) -> Any:
    """`parser(raw)`: a changed entry parsed by the game's own data parser; its errors become an OverrideError."""
    try:
        return parser(raw)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
        raise OverrideError(f"override of {where} does not parse: {error}") from None
