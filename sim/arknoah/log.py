"""`arkmc play` for Ark & Noah: one line per decision that had a choice, what the players gained
in between (pieces from the supply, VP), a line per player at the end of each round, the last-minute
loading, and the final scores by source.

A round's closing lines are written as soon as the round is over (`flush`, before the next decision):
the replay page (sim/replay) flushes before each turn, so they end the round's last step rather than
open the next one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sim.arknoah.state import SOURCES, NoahState
from sim.arknoah.steps import (
    Bag,
    Done,
    Exchange,
    Keep,
    LoadFood,
    LoadPair,
    Pick,
    PlacePitch,
    PlaceWall,
    Plan,
    Reward,
    SwapKind,
    Turn,
    WallPick,
)
from sim.core.decision import Decision


class NoahTurnLog:
    """A play-loop listener writing each decision of an Ark & Noah game as a readable line."""

    def __init__(self, game: NoahState, write: Callable[[str], None]) -> None:
        self.game = game
        self.write = write
        self.round = -1  # the round whose heading was written
        self.closed = 0  # rounds whose closing lines were written
        self.seen = self._holdings(game)

    def __call__(self, state: Any, decision: Decision, option: Any) -> None:
        game: NoahState = state
        self._round_end(game)
        if game.round != self.round:
            self.round = game.round
            self.write("Last-minute loading (no VP)" if game.end_reason else f"Round {game.round + 1}")
        self._gains(game)
        if len(decision.options) > 1 or not isinstance(option, Done):
            self.write(f"  P{decision.seat + 1} {self.describe(game, option)}")

    def describe(self, game: NoahState, option: Any) -> str:
        board, catalog = game.board, game.catalog
        match option:
            case Plan(column=column):
                bonus = game.bonus[column - 1]
                return f"plans action {column} {game.actions[column - 1]}" + (f" (+{bonus} bonus)" if bonus else "")
            case Turn(column=column):
                return f"takes action {column} {game.actions[column - 1]}"
            case Bag(male=male):
                return f"draws from the {'males' if male else 'females'}' bag"
            case Pick(tile=tile):
                return f"takes {self.tile(game, tile)}"
            case Reward(item=item):
                return f"takes the swap reward: {item}"
            case SwapKind(how=how):
                return f"swaps {how}"
            case WallPick(edge=edge):
                return f"picks the {'P' + str(game.colour_of(edge) + 1)} wall at {board.edge_name(edge)}"
            case Exchange(give=give, take=take):
                return f"gives back {self.tile(game, give)} for {self.tile(game, take)}"
            case Keep():
                return "exchanges nothing"
            case PlaceWall(edge=edge):
                return f"walls {board.edge_name(edge)}"
            case PlacePitch(space=space):
                return f"pitches {board.pitch_name(space)}"
            case LoadFood(cage=cage):
                return f"feeds cage {cage + 1} ({game.cages[cage].size} squares)"
            case LoadPair(cage=cage, male=male):
                species = catalog.species[catalog.tiles[male].species]
                return f"loads the {species.name} pair into cage {cage + 1} ({game.cages[cage].size} squares)"
            case Done():
                return "is done"
            case _:
                return repr(option)

    @staticmethod
    def tile(game: NoahState, tile: int) -> str:
        data = game.catalog.tiles[tile]
        side = "pair" if game.partner_in_play(tile) else "single"
        return f"{game.catalog.species[data.species].name} {'male' if data.male else 'female'} ({side} side)"

    @staticmethod
    def _holdings(game: NoahState) -> list[tuple[int, int, int, int]]:
        return [(player.walls, player.pitch, player.food, player.vp) for player in game.players]

    def _gains(self, game: NoahState) -> None:
        """What changed in front of each player since the last line that was not a decision of theirs."""
        now = self._holdings(game)
        for seat, (before, after) in enumerate(zip(self.seen, now)):
            changes = [f"{after[index] - before[index]:+d} {name}" for index, name in
                       enumerate(("walls", "pitch", "food", "VP")) if after[index] != before[index]]
            if changes:
                self.write(f"    P{seat + 1} {', '.join(changes)}")
        self.seen = now

    def _round_end(self, game: NoahState) -> None:
        """Each player's holdings once a round is over (written once per round)."""
        if game.round == self.closed:
            return
        self.closed = game.round
        self._gains(game)
        for seat, player in enumerate(game.players):
            self.write(f"    P{seat + 1}: {player.vp} VP, {player.walls} walls, {player.pitch} pitch, {player.food} food, "
                       f"{len(game.tiles_of(seat))} animals; {game.hull_walls(seat)} hull walls")

    def flush(self) -> None:
        self._round_end(self.game)
        self._gains(self.game)

    def finish(self) -> None:
        game = self.game
        self._round_end(game)
        self._gains(game)
        self.write(f"Game over after {game.round} rounds ({game.end_reason}); {len(game.cages)} cages, "
                   f"{sum(1 for species in game.cage_large + game.cage_small if species >= 0)} pairs on the ark")
        self.write("Final scores")
        for result in sorted(game.results(), key=lambda result: (result.rank, result.seat)):
            sources = ", ".join(f"{name} {result.details[name]}" for name in SOURCES if result.details[name])
            self.write(f"  #{result.rank} P{result.seat + 1}: {result.score} VP ({sources})")
