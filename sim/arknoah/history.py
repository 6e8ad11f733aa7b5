"""What a kept game records for the dataset: every action choice (with the bonus taken) and every
pair loaded. Only games given a `History` record (`keep_history`); copies never do."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sim.arknoah.state import NoahState


class History:
    __slots__ = ("choices", "loads", "_round", "_order")

    def __init__(self) -> None:
        self.choices: list[dict[str, Any]] = []
        self.loads: list[dict[str, Any]] = []
        self._round = -1
        self._order = 0

    def note_choice(self, game: "NoahState", seat: int, worker: int, column: int, bonus: int) -> None:
        """A worker planned (quick rules: a player took) the action in `column`, taking `bonus` VP."""
        if game.round != self._round:
            self._round, self._order = game.round, 0
        self.choices.append({"round": game.round + 1, "seat": seat, "worker": worker, "order": self._order,
                             "action": game.actions[column - 1], "column": column, "bonus": bonus})
        self._order += 1

    def note_load(self, game: "NoahState", seat: int, cage: int, species: int, owners: tuple[int, int],
                  gains: list[int], last_minute: bool) -> None:
        """A pair boarded `cage`; `gains` is every seat's VP from it."""
        shape = game.cages[cage]
        colours = [(shape.boundary & mask).bit_count() for mask in game.colour_walls]
        self.loads.append({
            "round": game.round + (0 if last_minute else 1), "seat": seat,
            "species": game.catalog.species[species].name, "size": game.catalog.species[species].size,
            "cage_size": shape.size, "walls": sum(colours), "own_walls": colours[seat],
            "colours": sum(1 for count in colours if count), "male_owner": owners[0], "female_owner": owners[1],
            "shared_pair": owners[0] != owners[1], "loader_vp": gains[seat],
            "others_vp": sum(gains) - gains[seat], "pitch": shape.pitch.bit_count() if not game.quick else 0,
            "last_minute": last_minute})
