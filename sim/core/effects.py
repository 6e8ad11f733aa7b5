"""Keyword effects: card, map and tile data name an effect (``money:5``); the behaviour is a small
handler registered under that keyword in its game's `EffectRegistry` (not a module-level global).

Keywords whose behaviour lives in engine code rather than in a handler (a passive rule read where
it applies, end-game scoring, trigger events) are declared as rules, so card status sees them. A
keyword with neither is recorded by the game (`note_unhandled`), never silently treated as done.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, Protocol


class KeywordEffect(Protocol):
    keyword: str


Handler = Callable[[Any, int, Any], None]


class EffectRegistry:
    """One game's effect handlers by keyword, and the keywords implemented as rules elsewhere."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.handlers: dict[str, Handler] = {}
        self.rules: dict[str, str] = {}  # keyword -> the module declaring the rule, where its code is

    def effect(self, *keywords: str) -> Callable[[Handler], Handler]:
        """Register a handler under one or more keywords."""

        def wrap(function: Handler) -> Handler:
            for keyword in keywords:
                self.handlers[keyword] = function
            return function

        return wrap

    def rule(self, *keywords: str) -> None:
        """Declare keywords implemented where their rule applies, so card status can see them.
        The calling module is recorded with each: the mutation check takes its source for the rule's."""
        module = sys._getframe(1).f_globals.get("__name__", "")
        for keyword in keywords:
            self.rules.setdefault(keyword, module)

    def is_known(self, keyword: str) -> bool:
        return keyword in self.handlers or keyword in self.rules

    def grant(self, game: Any, seat: int, item: KeywordEffect) -> None:
        """Apply one effect for `seat`; an unknown keyword is recorded by the game, not ignored."""
        handler = self.handlers.get(item.keyword)
        if handler is None:
            game.note_unhandled(item.keyword)
            return
        handler(game, seat, item)
