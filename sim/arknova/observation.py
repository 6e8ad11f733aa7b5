"""What one seat may see: the whole table except the deck order, other hands and
other players' final-scoring cards. Search bots get those only via `determinize`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame
    from sim.arknova.state import PlayerState

HIDDEN_PLAYER_FIELDS = frozenset({"hand", "final_scoring", "dealt", "kept", "final_scoring_dealt"})
HIDDEN_GAME_FIELDS = frozenset({"deck", "rng", "stack", "events", "turn_history", "log"})


class PublicPlayer:
    """Another seat's zoo as everyone sees it: hand and scoring cards only as counts."""

    __slots__ = ("_player",)

    def __init__(self, player: "PlayerState") -> None:
        self._player = player

    @property
    def hand_size(self) -> int:
        return len(self._player.hand)

    def __getattr__(self, name: str) -> Any:
        if name in HIDDEN_PLAYER_FIELDS:
            raise AttributeError(f"{name} of another seat is hidden information")
        return getattr(self._player, name)


class ArkNovaObservation:
    """A read-only view for one seat; `me` is the seat's own full player state."""

    __slots__ = ("_game", "seat")

    def __init__(self, game: "ArkNovaGame", seat: int) -> None:
        self._game = game
        self.seat = seat

    @property
    def me(self) -> "PlayerState":
        return self._game.players[self.seat]

    @property
    def players(self) -> list[Any]:
        """Every seat: the own state for this seat, a `PublicPlayer` for the others."""
        return [p if p.seat == self.seat else PublicPlayer(p) for p in self._game.players]

    def determinize(self, rng: Any) -> "ArkNovaGame":
        """A full game in which everything this seat cannot see is re-dealt at random."""
        return self._game.determinize(self.seat, rng)

    @property
    def deck_size(self) -> int:
        return len(self._game.deck)

    def __getattr__(self, name: str) -> Any:
        if name in HIDDEN_GAME_FIELDS:
            raise AttributeError(f"{name} is hidden information")
        return getattr(self._game, name)
