"""What a kept game records for the dataset: every action choice (with the bonus taken) and every
pair loaded, each a tuple in the order of its table's fields. Only games given a `History` record
(`keep_history`); copies never do."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sim.arknoah.state import NoahState


CHOICE_FIELDS = ("round", "seat", "worker", "order", "action", "column", "bonus")
LOAD_FIELDS = ("round", "seat", "species", "size", "cage_size", "walls", "own_walls", "colours", "male_owner",
               "female_owner", "shared_pair", "loader_vp", "others_vp", "pitch", "last_minute")
LOAD_SEAT = LOAD_FIELDS.index("seat")


class History:
    __slots__ = ("choices", "loads", "_round", "_order")

    def __init__(self) -> None:
        self.choices: list[tuple[Any, ...]] = []
        self.loads: list[tuple[Any, ...]] = []
        self._round = -1
        self._order = 0

    def note_choice(self, game: "NoahState", seat: int, worker: int, column: int, bonus: int) -> None:
        """A worker planned (quick rules: a player took) the action in `column`, taking `bonus` VP."""
        if game.round != self._round:
            self._round, self._order = game.round, 0
        self.choices.append((game.round + 1, seat, worker, self._order, game.actions[column - 1], column, bonus))
        self._order += 1

    def note_load(self, game: "NoahState", seat: int, cage: int, species: int, owners: tuple[int, int],
                  gains: list[int], last_minute: bool) -> None:
        """A pair boarded `cage`; `gains` is every seat's VP from it."""
        shape = game.cages[cage]
        colours = [(shape.boundary & mask).bit_count() for mask in game.colour_walls]
        self.loads.append((
            game.round + (0 if last_minute else 1), seat, game.catalog.species[species].name,
            game.catalog.species[species].size, shape.size, sum(colours), colours[seat],
            sum(1 for count in colours if count), owners[0], owners[1], owners[0] != owners[1], gains[seat],
            sum(gains) - gains[seat], shape.pitch.bit_count() if not game.quick else 0, last_minute))
