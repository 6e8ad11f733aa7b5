"""The Inhabit the Earth game factory, registered with the core as ``inhabit``: how the game describes
itself to the framework (options, default bot, turn log, card status, report sections, replay panels)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sim.core import cards as card_status
from sim.core.protocols import GameInfo, GameOption, GameTables, SeatView, TurnLog
from sim.inhabit import dataset, history, overrides
from sim.inhabit.catalog import Catalog, DataError
from sim.inhabit.observation import InhabitObservation
from sim.inhabit.registry import EFFECTS
from sim.inhabit.setup import DEFAULT_CONFIG, MAX_PLAYERS, MIN_PLAYERS, new_game, validate
from sim.inhabit.state import InhabitState

DATA_NOTE = ("the figures describe the data pack reconstructed from the rulebook (docs/inhabit/data.md), not the "
             "printed cards and boards: the rulebook lists neither the 162 cards nor the trails")
CARD_TESTS = "inhabit/test_cards*.py"  # the files whose card(N) marks prove the cards

INFO = GameInfo(
    name="inhabit",
    title="Inhabit the Earth",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(
        GameOption("intro", DEFAULT_CONFIG["intro"],
                   "the introductory game: four boards' egg side, egg cards, starting sets, hand limit 4 (2-3 players)"),
        GameOption("end_continents", DEFAULT_CONFIG["end_continents"],
                   "the game ends once the final spaces of this many continents are occupied (rulebook: 2)"),
        GameOption("max_turns", DEFAULT_CONFIG["max_turns"],
                   "safety net: the game is scored after this many turns (every seat's together) if still running"),
        GameOption("data", DEFAULT_CONFIG["data"],
                   "a folder with your own cards.csv, tokens.csv and/or trails.json (docs/inhabit/data.md); "
                   "empty: the reconstructed pack"),
    ),
    default_bot="inhabit_default",
    data_note=DATA_NOTE,
    notebooks=("inhabit",),
)


class Inhabit:
    """Creates Inhabit the Earth games; a factory made by `overridden` plays on changed data."""

    info = INFO

    def __init__(self, changes: Mapping[str, str] | None = None) -> None:
        self.changes = dict(changes or {})
        self.catalog = self.catalog_for("")

    def catalog_for(self, folder: str) -> Catalog:
        """The catalog of a data folder ("" = the shipped pack) with this factory's overrides."""
        return overrides.catalog_with(self.changes, folder)

    def new_game(self, config: Mapping[str, Any], seed: int) -> InhabitState:
        config = self.validate(config)
        return new_game(self.catalog_for(config["data"]), config, seed)

    def default_config(self) -> dict[str, Any]:
        return dict(DEFAULT_CONFIG)

    def validate(self, config: Mapping[str, Any]) -> dict[str, Any]:
        merged = validate(config)
        if merged["data"]:
            try:
                self.catalog_for(merged["data"])
            except DataError as error:
                raise ValueError(f"data {merged['data']}: {error}") from None
        return merged

    def parse_overrides(self, texts: Sequence[str]) -> dict[str, str]:
        return overrides.parse_overrides(texts)

    def overridden(self, changes: Mapping[str, str]) -> "Inhabit":
        return Inhabit({**self.changes, **changes})

    def data_version(self) -> str:
        return self.catalog.digest

    def dataset_schema(self) -> Mapping[str, Mapping[str, str]]:
        return dataset.SCHEMA

    def keep_history(self, state: InhabitState) -> None:
        history.keep_history(state)

    def dataset_tables(self, state: InhabitState) -> GameTables:
        return dataset.game_tables(state)

    def turn_log(self, state: InhabitState, write: Callable[[str], None]) -> TurnLog:
        from sim.inhabit.log import InhabitTurnLog

        return InhabitTurnLog(state, write)

    def card_statuses(self) -> list[card_status.CardStatus]:
        entries = [card_status.CardEntry(card.number, card.name or f"card {card.number}",
                                         "scoring" if card.scoring else "ability", (card.effect.keyword,))
                   for card in sorted(self.catalog.cards.values(), key=lambda card: card.number)]
        return card_status.card_statuses(entries, EFFECTS.is_known, card_status.card_tests(CARD_TESTS))

    def seat_view(self, observation: InhabitObservation) -> SeatView:
        """The seat's panel on the replay page (`sim.inhabit.replay_view`)."""
        from sim.inhabit.replay_view import seat_view

        return seat_view(observation)

    def report_sections(self, run: Any) -> list[Any]:
        from sim.inhabit.report import report_sections

        return report_sections(run)
