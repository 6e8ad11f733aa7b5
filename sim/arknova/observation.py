"""What one seat may see, as an independent snapshot taken when the seat is asked a decision.

The snapshot is a copy of the table with everything the seat cannot see taken out: the deck
(only its size is left), the other players' hands, final-scoring cards and opening deals (only
their sizes), and the game's random state. Which cards are hidden is kept as one sorted pool
(`unseen`: the deck and the other hands together, in number order, which the seat could list
itself from the card list and the table), so no order or owner of a hidden card survives.
Changing the snapshot cannot change the game, and later moves of the game do not show in it.
Search bots get a full game only through `determinize`, which deals the pool out at random.

`ArkNovaView` is the same window read in place on the game, for the bots that declare `observes = "view"`:
it copies nothing, so it holds only while its decision is pending, and its bot must only read it. Most of a
heuristic bot's decisions are answered by a rule that reads a few numbers of the table: the snapshot's copy of
the whole table was a tenth of such a bot's time (docs/research/code-figures.md).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from sim.arknova.state import PlayerState
from sim.core.seeds import shuffle

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame
    from sim.core.decision import Decision

HIDDEN_PLAYER_FIELDS = frozenset({"hand", "final_scoring", "dealt", "kept", "final_scoring_dealt"})
# Another seat's memos (`PlayerState.memo_fields`) are hidden too: what the engine asked about its zoo (the homes of
# every card it was asked about) names the cards of its hand.
OTHERS_UNSEEN_FIELDS = HIDDEN_PLAYER_FIELDS | frozenset(PlayerState.memo_fields)
# The table's fields no seat reads: hidden (the deck, the generator, the pending decision: on a snapshot these are
# empty) or the engine's own bookkeeping.
ENGINE_FIELDS = frozenset({"deck", "rng", "_rng", "_rng_shared", "_rng_seed", "_decision", "stack", "events",
                           "turn_history", "log", "after_action"})


def _detached_copy(game: "ArkNovaGame") -> "ArkNovaGame":
    """A copy that shares nothing mutable with `game` and holds no random state: a plain copy shares
    the config and the solo challenge's record, which the engine never changes, but an observation
    goes to bot code, and the game's generator would tell the future."""
    other = game.copy(random_state=False)
    other.config = {key: list(value) if isinstance(value, list) else value for key, value in game.config.items()}
    other.challenge = dict(game.challenge)
    return other


def _others(game: "ArkNovaGame", seat: int) -> list["PlayerState"]:
    return [player for player in game.players if player.seat != seat]


def _pending_deal(player: "PlayerState") -> tuple[int, ...]:
    """The opening cards dealt to a player who has not chosen which to keep yet (else none)."""
    return player.dealt if not player.kept else ()


def _unseen(game: "ArkNovaGame", seat: int) -> tuple[int, ...]:
    """The cards `seat` cannot see (the deck, the other hands and their pending opening deals), in number order."""
    others = _others(game, seat)
    return tuple(sorted(game.deck + [card for player in others for card in player.hand]
                        + [card for player in others for card in _pending_deal(player)]))


def _hidden_counts(game: "ArkNovaGame", seat: int) -> tuple[tuple[int, int, int], ...]:
    """Of every other seat: the sizes of its hand, its pending opening deal and its final-scoring cards."""
    return tuple((len(player.hand), len(_pending_deal(player)), len(player.final_scoring))
                 for player in _others(game, seat))


def _take_out_hidden(table: "ArkNovaGame", seat: int) -> None:
    """Empty what `seat` cannot see of `table` (a copy): the deck, the other hands, deals and scoring cards, and
    the other seats' memos."""
    for player in _others(table, seat):
        player.hand, player.final_scoring = [], []
        player.dealt = player.kept = player.final_scoring_dealt = ()
        _forget_memos(player)
    table.deck = []


def _forget_memos(player: "PlayerState") -> None:
    """Empty `player`'s memos (of a copy): they are worked out again from what they remember, when asked."""
    for name in player.memo_fields:
        setattr(player, name, None)


class PublicPlayer:
    """Another seat's zoo as everyone sees it: its hand and scoring cards only as counts."""

    __slots__ = ("_player", "hand_size", "final_scoring_size")

    def __init__(self, player: "PlayerState", hand_size: int, final_scoring_size: int) -> None:
        object.__setattr__(self, "_player", player)
        object.__setattr__(self, "hand_size", hand_size)
        object.__setattr__(self, "final_scoring_size", final_scoring_size)

    def __getattr__(self, name: str) -> Any:
        if name in OTHERS_UNSEEN_FIELDS:
            raise AttributeError(f"{name} of another seat is hidden information")
        return getattr(self._player, name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("an observation is read-only")


class ArkNovaObservation:
    """Seat `seat`'s snapshot: `me` is its own full player state, `players` every seat (a
    `PublicPlayer` for the others), and every public field of the table (display, projects,
    break track, ...) reads as on the game. `unseen` is the pool of hidden zoo cards."""

    __slots__ = ("seat", "_table", "unseen", "_hidden_counts")

    def __init__(self, game: "ArkNovaGame", seat: int) -> None:
        table = _detached_copy(game)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "unseen", _unseen(table, seat))
        object.__setattr__(self, "_hidden_counts", _hidden_counts(table, seat))
        _take_out_hidden(table, seat)
        table._decision = None  # the decision reaches its seat apart
        object.__setattr__(self, "_table", table)

    @property
    def me(self) -> "PlayerState":
        return self._table.players[self.seat]

    @property
    def players(self) -> list[Any]:
        """Every seat: the own state for this seat, a `PublicPlayer` for the others."""
        counts = iter(self._hidden_counts)
        seats = []
        for player in self._table.players:
            if player.seat == self.seat:
                seats.append(player)
            else:
                hand, _, final_scoring = next(counts)
                seats.append(PublicPlayer(player, hand, final_scoring))
        return seats

    @property
    def deck_size(self) -> int:
        return len(self.unseen) - sum(hand + dealt for hand, dealt, _ in self._hidden_counts)

    def determinize(self, rng: random.Random, decision: "Decision | None" = None) -> "ArkNovaGame":
        """A full game consistent with this snapshot: the unseen cards dealt at random to the other
        hands (and pending opening deals) and the deck, the others' final-scoring cards drawn from
        the ones this seat has not seen, and a fresh random state. `decision`, the one this seat is
        asked with this snapshot, is taken as the game's pending decision instead of being worked out
        again (a lookahead asks it of every determinization): the seat's own decision reads only what
        the seat sees, so every determinization has the same one."""
        game = _detached_copy(self._table)
        # Every field `_take_out_hidden` empties (the deck, the other seats' hands, deals and scoring cards, memos) is
        # dealt anew or forgotten below, so a view's table (the game itself) needs no taking out first.
        counts = self._hidden_counts  # a view works them out at each asking: once here
        others = _others(game, self.seat)
        pool = list(self.unseen)
        shuffle(rng, pool)
        start = 0
        for player, (hand, dealt, _) in zip(others, counts):
            _forget_memos(player)
            player.hand = pool[start:start + hand]
            start += hand
            player.dealt = tuple(pool[start:start + dealt]) if dealt else ()
            start += dealt
            player.kept = ()
        game.deck = pool[start:]
        known = self.me.final_scoring_dealt
        scoring_pool = [card for card in game.catalog.final_scoring if card not in known]
        shuffle(rng, scoring_pool)
        start = 0
        for player, (_, _, final_scoring) in zip(others, counts):
            player.final_scoring = scoring_pool[start:start + final_scoring]
            player.final_scoring_dealt = tuple(player.final_scoring)
            start += final_scoring
        game.seed_rng(rng.getrandbits(64))
        game._decision = decision
        return game

    def __getattr__(self, name: str) -> Any:
        if name in ENGINE_FIELDS:
            raise AttributeError(f"{name} is hidden information or engine state, not part of an observation")
        return getattr(self._table, name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("an observation is read-only")


class ArkNovaView(ArkNovaObservation):
    """Seat `seat`'s observation read in place on the game (see the module's doc): the same fields, hidden
    information as hidden, and the same determinizations, with no copy; valid while its decision is pending."""

    __slots__ = ()

    def __init__(self, game: "ArkNovaGame", seat: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "_table", game)

    @property  # type: ignore[override]
    def unseen(self) -> tuple[int, ...]:
        return _unseen(self._table, self.seat)

    @property  # type: ignore[override]
    def _hidden_counts(self) -> tuple[tuple[int, int, int], ...]:
        return _hidden_counts(self._table, self.seat)
