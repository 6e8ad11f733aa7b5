"""The state's invariants, checked by the random-game fuzz of the tests and of `make bench`: cheap bounds
after every decision, the full set (cards, projects, the zoo of the seat that just played) at the start
of every turn, and everything at the end. They are recomputed from the cards and the board, not from the
engine's own bookkeeping, so that a rule that loses or doubles a piece shows.

`check_decision` is a listener of `sim.core.play.play_game`: it sees every decision of a game as the
bots play it, so a game of `arkmc play` can be checked with the same seed and bots."""

from __future__ import annotations

from collections import Counter
from typing import Any

from sim.arknova.abilities.flock import FLOCK, flock_size
from sim.arknova.board import map_board
from sim.arknova.engine import ArkNovaGame
from sim.arknova.map_abilities import standard_size
from sim.arknova.state import ACTION_CARDS, PlayerState
from sim.core.decision import Decision

CP_SPACES = (2, 5, 8, 10)
DIVERSITY_RESEARCHER = 219  # its owner may build on rock and water
MIGRATION_RECORDING = 224  # its owner may support a release project more than once


def check_cheap(game: ArkNovaGame) -> None:
    """Bounds that must hold after every single step."""
    tracks = game.catalog.tracks
    assert 0 <= game.break_position <= game.break_length
    for p in game.players:
        where = f"seat {p.seat}"
        assert p.money >= 0, where
        assert 0 <= p.appeal <= tracks.appeal_max, where
        assert 0 <= p.cp <= tracks.conservation_max, where
        cap = tracks.reputation_max if "cards" in p.upgraded else tracks.reputation_cap
        assert 1 <= p.reputation <= cap, (where, p.reputation, p.upgraded)
        assert 0 <= p.xtokens <= tracks.xtoken_max, where
        assert 1 <= p.workers_total <= tracks.workers_total, where
        assert 0 <= p.workers <= p.workers_total, where
        assert p.workers + sum(p.workers_on.values()) == p.workers_total, (where, p.workers, p.workers_on)
        assert all(0 < n <= 3 for n in p.workers_on.values()), (where, p.workers_on)


def standard_matching(animal_sizes: list[int], enclosure_sizes: list[int]) -> bool:
    """Whether each animal can have its own occupied enclosure of at least its size."""
    animals = sorted(animal_sizes, reverse=True)
    enclosures = sorted(enclosure_sizes, reverse=True)
    return len(animals) == len(enclosures) and all(e >= a for a, e in zip(animals, enclosures))


def check_cards(game: ArkNovaGame) -> None:
    """Every zoo card and every base project in exactly one place (base projects taken into
    play by Assertion or Dominance are counted among the zoo cards)."""
    catalog = game.catalog
    places: list[int] = []
    places += game.deck
    places += game.discard
    places += [card for card in game.display if card]
    for p in game.players:
        places += p.hand
        places += p.animals
        places += p.sponsors
        places += p.pouched
        if not p.kept:  # opening hand not chosen yet: the 8 dealt cards are in front of the player
            places += p.dealt
    places += [row.number for row in game.projects]
    base = [row.number for row in game.base_projects]
    counts = Counter(places)
    duplicated = {card: n for card, n in counts.items() if n > 1}
    assert not duplicated, f"cards in two places: {duplicated}"
    base_projects, zoo_cards = frozenset(catalog.base_projects), frozenset(catalog.zoo_deck)
    taken_base = set(counts) & base_projects
    assert not taken_base & set(base), taken_base
    assert set(counts) - taken_base == zoo_cards, (
        f"missing {sorted(zoo_cards - set(counts))[:10]}, unknown {sorted(set(counts) - zoo_cards)[:10]}")
    assert len(set(base)) == len(base) == catalog.tracks.base_projects[len(game.players)]
    assert set(base) <= base_projects
    assert len(game.display) == 6


def check_zoo(game: ArkNovaGame, p: PlayerState) -> None:
    """The seat's buildings on legal spaces, its animals housed as the enclosures allow, its icons,
    animal sizes, partner zoos and universities as its cards give them."""
    catalog = game.catalog
    animals, capacity = catalog.animals, {kind: spec.capacity for kind, spec in catalog.tiles.special_enclosures.items()}
    board = map_board(catalog, p.map_id)
    union = 0
    kiosks = 0
    specials: Counter[str] = Counter()
    allowed = board.buildable | (board.rock | board.water if DIVERSITY_RESEARCHER in p.sponsors else 0)
    for kind, where, used in p.buildings:
        assert not where.mask & union, f"seat {p.seat}: {kind} overlaps another building"
        union |= where.mask
        assert where.mask & allowed == where.mask, f"seat {p.seat}: {kind} on rock/water"
        if kind == "kiosk":
            kiosks |= where.mask
        if kind.startswith("enclosure-"):
            assert used in (0, 1), (kind, used)
        elif kind in capacity:
            specials[kind] += 1
            assert 0 <= used <= capacity[kind], (kind, used)
        else:
            assert used == 0, (kind, used)
    assert union == p.occupied, f"seat {p.seat}: occupied mask out of step with the buildings"
    assert kiosks == p.kiosks
    assert all(n == 1 for n in specials.values()), specials

    # animals vs enclosures through `housing`
    assert set(p.housing) == set(p.animals), (sorted(p.housing), sorted(p.animals))
    assert len(set(p.animals)) == len(p.animals)
    standard = [a for a in p.animals if p.housing[a] == "standard"]
    occupied = [standard_size(p, int(kind[-1]), where)  # map 2's gates make enclosures count larger
                for kind, where, used in p.buildings if kind.startswith("enclosure-") and used]
    assert len(standard) == len(occupied), (standard, occupied)
    assert all(animals[a].standard_allowed for a in standard)
    if not p.occupied & board.feature:  # a building on map 2's gates shrinks enclosures whose animals stay
        assert standard_matching([animals[a].size for a in standard], occupied), (standard, occupied)
    for kind, _, used in p.buildings:
        if kind in capacity:
            tokens = sum(animals[a].special_tokens for a in p.animals if p.housing[a] == kind)
            assert tokens == used, (kind, tokens, used)
    assert all(p.housing[a] in ("standard", animals[a].special)  # a flock animal may have joined the herd
               or p.housing[a] == FLOCK and flock_size(animals[a]) for a in p.animals), p.housing

    # icons, animal sizes, partner zoos, universities
    icons: Counter[str] = Counter()
    for a in p.animals:
        icons.update(animals[a].icons)
    for s in p.sponsors:
        icons.update(catalog.sponsors[s].icons)
    icons.update(p.partner_zoos)
    science = {university.id: university.science for university in catalog.tiles.universities}
    for u in p.universities:
        icons["science"] += science[u]
    assert {k: v for k, v in p.icons.items() if v} == {k: v for k, v in icons.items() if v}, (
        f"seat {p.seat}: icon counts")
    assert p.small_animals == sum(1 for a in p.animals if animals[a].size_class == "small")
    assert p.large_animals == sum(1 for a in p.animals if animals[a].size_class == "large")
    # A side-I Association card still makes a third partner zoo when its owner plays an opponent's upgraded
    # card by Hypnosis (rules decision A8), so every seat is held to the upgraded card's limit.
    assert len(set(p.partner_zoos)) == len(p.partner_zoos) <= catalog.tracks.partner_zoo_limit_upgraded
    assert len(set(p.universities)) == len(p.universities) <= catalog.tracks.university_limit
    assert p.hand_limit == (5 if "reputation_hand" in p.universities else 3)


def _repeatable(game: ArkNovaGame, player: PlayerState, number: int) -> bool:
    """Migration Recording lets its owner support a release project more than once."""
    return game.catalog.projects[number].goal == "release" and MIGRATION_RECORDING in player.sponsors


def _final_scoring_held(p: PlayerState) -> int:
    """2 dealt at setup, plus 1 kept of each Resistance draw: 2 cards, or 1 when only one is left
    (only the last draw of a game can find fewer than 2, so the draws are the extra cards / 2, up)."""
    return 2 + (len(p.final_scoring_dealt) - 1) // 2


def check_full(game: ArkNovaGame, zoo_seats: tuple[int, ...] | None = None) -> None:
    """Everything, at a turn boundary (no half-resolved step pending). The zoos checked in
    detail are those of `zoo_seats` (default: all)."""
    check_cheap(game)
    check_cards(game)
    n = len(game.players)
    assert len(game.projects) <= game.project_row_limit == game.catalog.tracks.project_row[n]
    rows = game.base_projects + game.projects
    for p in game.players:
        if zoo_seats is None or p.seat in zoo_seats:
            check_zoo(game, p)
        assert sorted(p.action_cards) == sorted(ACTION_CARDS)
        repeated = {number for number in p.supported if p.supported.count(number) > 1}
        assert all(_repeatable(game, p, number) for number in repeated), "a project supported twice"
        assert p.left_slots.bit_count() == min(7, len(p.supported))
        for space in CP_SPACES:
            assert bool(p.milestones & (1 << space)) == (p.cp >= space), (p.seat, p.cp, space)
        assert len(p.final_scoring) == _final_scoring_held(p) - (1 if game.cp10_reached else 0)
    for row in rows:
        seats = [h for h in row.holders if h >= 0]
        assert all(_repeatable(game, game.players[seat], row.number) for seat in seats if seats.count(seat) > 1)
        for seat in seats:
            assert row.number in game.players[seat].supported
    blocked = [h for row in game.base_projects for h in row.holders if h == -2]
    assert len(blocked) == (3 if n == 2 else 0)
    assert game.cp10_reached == any(p.cp >= 10 for p in game.players)
    assert sum(p.turns for p in game.players) == game.turn


def check_end(game: ArkNovaGame) -> None:
    """Everything, once the game is over, and results that rank every seat."""
    check_cheap(game)
    check_cards(game)
    for p in game.players:
        check_zoo(game, p)
        assert len(p.final_scoring) == _final_scoring_held(p) - 1  # one dropped (at 10 CP or before final scoring)
    results = game.results()
    assert sorted(r.seat for r in results) == list(range(len(game.players)))
    if len(game.players) > 1:
        assert min(r.rank for r in results) == 1
    else:  # solo: rank 1 is a win at VP >= 0, rank 2 a loss (rules decision B4)
        assert results[0].rank == (1 if results[0].score >= 0 else 2)


def check_decision(game: ArkNovaGame, decision: Decision, choice: Any = None) -> None:
    """The invariants at a pending decision: the full set at the start of a turn (the zoo of the seat that
    just played), the cheap bounds otherwise. A `play_game` listener."""
    if decision.kind == "turn":
        check_full(game, zoo_seats=((decision.seat - 1) % len(game.players),))
    else:
        check_cheap(game)
