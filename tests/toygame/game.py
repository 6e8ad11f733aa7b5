"""The toy's factory, ``toygame.game:ToyGame`` (registry name "toy"): the whole `GameFactory`
protocol over a small card game, so the framework is exercised by a second game."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sim.core import cards
from sim.core.protocols import DimensionTable, GameInfo, GameOption, GameTables, SeatView, ShapeMeasure
from toygame import catalog as toy_catalog
from toygame import dataset, report
from toygame.catalog import Catalog, load_catalog
from toygame.effects import EFFECTS
from toygame.log import ToyTurnLog
from toygame.observation import ToyObservation
from toygame.state import ToyState

DEFAULT_CONFIG: dict[str, Any] = {"players": 2, "rounds": 8, "start_money": 3}
OPTION_RANGES = {"rounds": (1, 20), "start_money": (0, 10)}
STARTING_HAND = 3
CARD_TESTS = "toygame/test_cards*.py"  # the files whose card(N) marks prove the toy's cards

INFO = GameInfo(
    name="toy",
    title="Toy Market",
    min_players=2,
    max_players=4,
    options=(
        GameOption("rounds", DEFAULT_CONFIG["rounds"],
                   "rounds before the game ends (1-20); it ends sooner, with the round, once the deck runs out"),
        GameOption("start_money", DEFAULT_CONFIG["start_money"], "coins each seat starts with (0-10)"),
    ),
    default_bot="greedy",
    ladder=("random", "greedy", "search:simulations=30,rollout=greedy"),
    notebooks=("bot_comparison",),
    shape_measures=(
        ShapeMeasure("rounds_played", table="games", label="rounds"),
        ShapeMeasure("cards_played", label="cards played"),
        ShapeMeasure("points", summary="winner", name="winner_points", label="winner points"),
    ),
)


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class ToyGame:
    """Creates toy games; a factory made by `overridden` plays on its own changed catalog."""

    info = INFO

    def __init__(self, catalog: Catalog | None = None) -> None:
        self.catalog = catalog or load_catalog()

    def new_game(self, config: Mapping[str, Any], seed: int) -> ToyState:
        config = self.validate(config)
        return ToyState.deal(self.catalog, config["players"], config["rounds"], config["start_money"],
                             STARTING_HAND, seed)

    def default_config(self) -> dict[str, Any]:
        return dict(DEFAULT_CONFIG)

    def validate(self, config: Mapping[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(config) - set(DEFAULT_CONFIG))
        if unknown:
            raise ValueError(f"unknown {INFO.title} option(s): {', '.join(unknown)}")
        merged = {**DEFAULT_CONFIG, **config}
        players = merged["players"]
        if not _is_whole(players) or not INFO.min_players <= players <= INFO.max_players:
            raise ValueError(f"players must be {INFO.min_players}-{INFO.max_players}, got {players!r}")
        for name, (low, high) in OPTION_RANGES.items():
            if not _is_whole(merged[name]) or not low <= merged[name] <= high:
                raise ValueError(f"{name} must be a whole number from {low} to {high}, got {merged[name]!r}")
        return merged

    def parse_overrides(self, texts: Sequence[str]) -> dict[str, str]:
        return toy_catalog.parse_overrides(self.catalog, texts)

    def overridden(self, overrides: Mapping[str, str]) -> "ToyGame":
        return ToyGame(self.catalog.changed(overrides))

    def data_version(self) -> str:
        return toy_catalog.data_version()

    def dataset_schema(self) -> Mapping[str, Mapping[str, str]]:
        return dataset.SCHEMA

    def dimension_tables(self) -> dict[str, DimensionTable]:
        return dataset.dimension_tables(self.catalog)

    def keep_history(self, state: ToyState) -> None:
        dataset.keep_history(state)

    def dataset_tables(self, state: ToyState) -> GameTables:
        return dataset.game_tables(state)

    def turn_log(self, state: ToyState, write: Callable[[str], None]) -> ToyTurnLog:
        return ToyTurnLog(state, write)

    def seat_view(self, observation: ToyObservation) -> SeatView:
        """The replay page's panel of a seat: its coins, points and cards, and its hand as it saw it (no drawing:
        the page shows the tracks and the log)."""
        seat, names = observation.seat, observation.catalog.cards
        return SeatView(
            tracks=(("points", str(observation.points[seat])), ("money", str(observation.money[seat])),
                    ("played", ", ".join(names[number].name for number in observation.played[seat]) or "none")),
            private=(("hand", tuple(names[number].name for number in observation.hand)),),
            public=(("round", f"{observation.round + 1} of {observation.rounds}"), ("deck", str(observation.deck_size))))

    def card_statuses(self) -> list[cards.CardStatus]:
        entries = [cards.CardEntry(card.number, card.name, "card", tuple(effect.keyword for effect in card.effects))
                   for card in self.catalog.cards.values()]
        return cards.card_statuses(entries, EFFECTS.is_known, cards.card_tests(CARD_TESTS))

    def report_sections(self, run: Any) -> list[Any]:
        return report.report_sections(run)

    def comparison_sections(self, base: Any, variant: Any) -> list[Any]:
        return []

    def report_methods(self) -> list[str]:
        return []
