"""Reproducibility and the search-facing API: same seed -> same game; `copy()` is a deep,
independent copy; `determinize()` re-deals only what the seat cannot see; `observation()`
hides other seats' hands."""

from __future__ import annotations

import gc
import random
import types
from collections import Counter

import pytest

from arknova.helpers import CATALOG, play_randomly
from sim.arknova.catalog import Effect
from sim.arknova.geometry import Placement
from sim.arknova.invariants import check_cards, check_cheap, check_zoo
from sim.arknova.observation import HIDDEN_PLAYER_FIELDS
from sim.arknova.setup import new_game
from sim.arknova.state import ArkNovaState, PlayerState, ProjectRow

# ----------------------------------------------------------------------------- canonical form

# A player's slots that keep what was found from its state to save work (a cache), not state.
PLAYER_FIELDS = tuple(name for name in PlayerState.__slots__ if name not in PlayerState.memo_fields)


def canon(value):
    """A plain, comparable form of any piece of the state."""
    if isinstance(value, Placement):
        return ("placement", value.mask)
    if isinstance(value, ProjectRow):
        return ("row", value.number, tuple(value.holders))
    if isinstance(value, PlayerState):
        return ("player",) + tuple((name, canon(getattr(value, name))) for name in PLAYER_FIELDS)
    if isinstance(value, Effect):
        return ("effect", value.keyword, value.args)
    if isinstance(value, random.Random):
        return ("rng", value.getstate())
    if isinstance(value, dict):
        return ("dict",) + tuple(sorted((canon(k), canon(v)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return ("set",) + tuple(sorted(canon(v) for v in value))
    if isinstance(value, (list, tuple)):
        return tuple(canon(v) for v in value)
    return value


# Diagnostics, not game state; and whether the generator (`_rng`, compared) is still shared with a copy.
SKIPPED = {"log", "events", "unhandled", "_rng_shared"}


def snapshot(game, skip=()):
    """Every slot of the game state, players included, in canonical form."""
    return tuple((name, canon(getattr(game, name))) for name in ArkNovaState.__slots__
                 if name not in SKIPPED and name not in skip)


def decision_key(decision):
    return (decision.seat, decision.kind, canon(decision.options))


CONFIGS = [(2, "A"), (2, "draft"), (1, "random"), (3, "0"), (4, "random")]


def run(players, maps, seed, choice_seed, record=None):
    game = new_game({"players": players, "maps": maps}, seed)
    rng = random.Random(choice_seed)
    steps = 0
    while not game.is_over():
        decision = game.decision()
        if record is not None:
            record.append(decision_key(decision))
            if steps % 97 == 0:
                record.append(snapshot(game))
        game.apply(rng.choice(decision.options))
        steps += 1
    return game


# ----------------------------------------------------------------------------- same seed


@pytest.mark.parametrize("players,maps", CONFIGS)
def test_same_seed_same_decisions_and_final_state(players, maps):
    first, second = [], []
    a = run(players, maps, seed=123, choice_seed=7, record=first)
    b = run(players, maps, seed=123, choice_seed=7, record=second)
    assert len(first) == len(second) and first == second
    assert snapshot(a) == snapshot(b)
    assert a.results() == b.results()


def test_setup_depends_on_the_seed():
    a, b = new_game({"players": 2}, 1), new_game({"players": 2}, 2)
    assert snapshot(a) != snapshot(b)
    assert snapshot(new_game({"players": 2}, 1)) == snapshot(a)


def test_choices_drive_the_game_not_hidden_state():
    """Same seed, different choices: the games differ; same choices again: identical."""
    a = run(2, "A", seed=5, choice_seed=1)
    b = run(2, "A", seed=5, choice_seed=2)
    c = run(2, "A", seed=5, choice_seed=1)
    assert snapshot(a) != snapshot(b)
    assert snapshot(a) == snapshot(c)


# ----------------------------------------------------------------------------- copy


def _mid_game(players=2, maps="A", seed=31, steps=250):
    game = new_game({"players": players, "maps": maps}, seed)
    play_randomly(game, random.Random(seed), steps)
    assert not game.is_over()
    return game


def _mutate_everything(game) -> None:
    """Touch every mutable container a copy could share with its original."""
    for p in game.players:
        p.money += 100
        p.action_cards.reverse()
        p.upgraded.add("cards")
        p.hand.append(999)
        p.final_scoring.append(99)
        p.buildings.append(p.buildings[0] if p.buildings else ("kiosk", None, 0))
        if p.buildings:
            kind, where, used = p.buildings[0]
            p.buildings[0] = (kind, where, used + 7)
        p.icons["predator"] = p.icons.get("predator", 0) + 5
        p.animals.append(401)
        p.sponsors.append(201)
        p.supported.append(101)
        p.workers_on["reputation"] = 9
        p.partner_zoos.append("mars")
        p.universities.append("nowhere")
        p.action_counts["cards"] = 1000
        p.recurring_income.append(Effect("money", ("1",)))
        p.housing[401] = "standard"
    game.deck.clear()
    game.discard.append(1)
    game.display[0] = 0
    for row in game.base_projects + game.projects:
        row.holders[0] = 3
    game.projects.append(ProjectRow(130, [-1, -1, -1]))
    game.partner_zoo_board.clear()
    game.university_board.append("x")
    for tiles in game.bonus_tiles.values():
        tiles.append("extra")
    game.bonus_tiles[99] = ["new"]
    game.stack.append(("turn", 0))
    game.after_action.append((0, Effect("money", ("1",))))
    game.rng.random()
    game.donations += 1
    game.break_position = 0


@pytest.mark.parametrize("cached_decision", [False, True])
def test_copy_is_independent_of_the_original(cached_decision):
    game = _mid_game()
    if cached_decision:
        game.decision()
    before = snapshot(game)
    decision_before = decision_key(game.decision())
    clone = game.copy()
    assert snapshot(clone) == before
    play_randomly(clone, random.Random(3), 300)
    _mutate_everything(clone)
    assert snapshot(game) == before
    assert decision_key(game.decision()) == decision_before


def test_original_changes_do_not_reach_the_copy():
    game = _mid_game(seed=32)
    clone = game.copy()
    before = snapshot(clone)
    _mutate_everything(game)
    assert snapshot(clone) == before


def test_a_generator_seeded_later_draws_what_it_would_have_drawn_and_copies_draw_alike():
    """`seed_rng` gives the generator `random.Random(seed)` when it is first drawn from: the game and copies made
    before and after the first draw each draw that stream from where they stand, independently."""
    game = _mid_game(seed=33)
    game.seed_rng(1234)
    early = game.copy()
    expected = random.Random(1234)
    assert [game.rng.random() for _ in range(3)] == [expected.random() for _ in range(3)]
    late = game.copy()
    fresh = random.Random(1234)
    assert [early.rng.random() for _ in range(4)] == [fresh.random() for _ in range(4)]
    assert late.rng.random() == expected.random() == game.rng.random()


@pytest.mark.parametrize("players,maps", CONFIGS)
def test_copy_and_original_play_forward_identically(players, maps):
    game = new_game({"players": players, "maps": maps}, 77)
    driver = random.Random(9)
    advances = (0, 1, 36, 113, 250) if players > 1 else (0, 1, 9, 17, 20)  # solo games are short
    for advance in advances:  # during setup, then mid-turn at various points
        play_randomly(game, driver, advance)
        assert not game.is_over()
        clone = game.copy()
        assert snapshot(clone) == snapshot(game)
        seq_a, seq_b = [], []
        rng_a, rng_b = random.Random(advance + 5), random.Random(advance + 5)
        a, b = game.copy(), clone
        while not a.is_over():
            seq_a.append(decision_key(a.decision()))
            a.apply(rng_a.choice(a.decision().options))
        while not b.is_over():
            seq_b.append(decision_key(b.decision()))
            b.apply(rng_b.choice(b.decision().options))
        assert seq_a == seq_b
        assert snapshot(a) == snapshot(b)
        assert a.results() == b.results()


# ----------------------------------------------------------------------------- determinize


OTHERS_HIDDEN = HIDDEN_PLAYER_FIELDS  # hand, final_scoring, dealt, kept, final_scoring_dealt


def _visible(game, seat):
    """Everything except the deck order, the other seats' hands and final-scoring cards and the rng."""
    players = []
    for p in game.players:
        fields = tuple((name, canon(getattr(p, name))) for name in PLAYER_FIELDS
                       if p.seat == seat or name not in OTHERS_HIDDEN)
        players.append(fields)
    return snapshot(game, skip={"deck", "players", "_rng", "_rng_seed"}), tuple(players)


@pytest.mark.parametrize("players,maps,steps", [(2, "A", 300), (3, "random", 500), (4, "0", 200), (2, "draft", 50)])
def test_determinize_keeps_what_the_seat_sees_and_redeals_the_rest(players, maps, steps):
    game = new_game({"players": players, "maps": maps}, 404)
    play_randomly(game, random.Random(4), steps)
    game.decision()
    original = snapshot(game)
    changed_hands = 0
    for seat in range(players):
        view = _visible(game, seat)
        others = [p for p in game.players if p.seat != seat]
        hidden = Counter(game.deck + [c for p in others for c in p.hand])
        for trial in range(4):
            d = game.observation(seat).determinize(random.Random(trial))
            assert _visible(d, seat) == view
            assert d.players[seat].hand == game.players[seat].hand
            assert d.players[seat].final_scoring == game.players[seat].final_scoring
            assert d.display == game.display and d.discard == game.discard
            assert Counter(d.deck + [c for p in d.players if p.seat != seat for c in p.hand]) == hidden
            assert len(d.deck) == len(game.deck)
            for p, q in zip(game.players, d.players):
                assert len(q.hand) == len(p.hand)
                assert len(q.final_scoring) == len(p.final_scoring)
                if p.seat != seat:
                    changed_hands += q.hand != p.hand
            scoring = [c for q in d.players for c in q.final_scoring]
            assert len(scoring) == len(set(scoring)) and set(scoring) <= set(CATALOG.final_scoring)
            own_dealt = set(game.players[seat].final_scoring_dealt)
            for q in d.players:
                if q.seat != seat:
                    assert not set(q.final_scoring) & own_dealt  # the seat knows its own cards
            check_cheap(d)
            check_cards(d)
    assert snapshot(game) == original  # the original is untouched
    assert changed_hands > 0  # hands really are re-dealt


def test_determinize_is_reproducible_and_playable():
    game = _mid_game(seed=55, steps=200)
    a = game.observation(1).determinize(random.Random(8))
    b = game.observation(1).determinize(random.Random(8))
    assert snapshot(a) == snapshot(b)
    c = game.observation(1).determinize(random.Random(9))
    assert snapshot(c) != snapshot(a)
    rng = random.Random(1)
    while not a.is_over():
        a.apply(rng.choice(a.decision().options))
    check_cards(a)
    for p in a.players:
        check_zoo(a, p)


def test_a_seat_s_decision_is_the_same_on_every_determinization_so_it_may_be_passed_in():
    """A seat's decision reads only what the seat sees: worked out again on a determinization of the seat's
    observation, every decision of random games of 1-4 players is the one the seat was asked (why a lookahead
    may pass it to `determinize` rather than work it out again on every one). Passed in, it is the pending
    decision as given, and the determinization is otherwise the one made without it."""
    asked = 0
    for seed, players in enumerate((1, 2, 3, 4, 2, 3)):
        game = new_game({"players": players, "maps": "random"}, seed)
        rng = random.Random(seed)
        while not game.is_over():
            decision = game.decision()
            if len(decision.options) > 1:
                observation = game.observation(decision.seat)
                worked_out = observation.determinize(random.Random(asked))
                assert worked_out.decision() == decision
                given = observation.determinize(random.Random(asked), decision)
                assert given.decision() is decision
                if asked % 50 == 0:
                    assert snapshot(given) == snapshot(worked_out)
                asked += 1
            game.apply(rng.choice(decision.options))
    assert asked > 3000


def test_determinize_does_not_carry_other_seats_hidden_setup_fields():
    """Other seats' opening deal, kept cards and dealt final-scoring cards are hidden
    (observation refuses them); a determinized copy must not hold their true values, and it
    must stay consistent (final-scoring cards among the dealt ones)."""
    game = _mid_game(seed=56, steps=200)
    d = game.observation(0).determinize(random.Random(2))
    for p, q in zip(game.players, d.players):
        assert set(q.final_scoring) <= set(q.final_scoring_dealt), f"seat {q.seat}: inconsistent"
        if p.seat == 0:
            continue
        for name in ("dealt", "kept", "final_scoring_dealt"):
            assert getattr(q, name) != getattr(p, name), f"seat {p.seat}: true {name} left in the copy"


# ----------------------------------------------------------------------------- observation


@pytest.mark.parametrize("look", ["observation", "view"])
def test_observation_hides_other_hands(look):
    """A snapshot and a view read in place (`view`, which copies nothing) hide the same fields."""
    game = _mid_game(seed=60, steps=120)
    for seat in range(2):
        obs = getattr(game, look)(seat)
        assert obs.seat == seat
        assert obs.me.hand == game.players[seat].hand
        assert obs.players[seat].hand == game.players[seat].hand
        other = obs.players[1 - seat]
        for name in ("hand", "final_scoring", "dealt", "kept", "final_scoring_dealt"):
            with pytest.raises(AttributeError):
                getattr(other, name)
        assert other.hand_size == len(game.players[1 - seat].hand)
        assert other.appeal == game.players[1 - seat].appeal
        assert other.buildings == game.players[1 - seat].buildings
        for name in ("deck", "rng", "_rng", "_rng_seed", "_decision", "stack"):
            with pytest.raises(AttributeError):
                getattr(obs, name)
        assert obs.deck_size == len(game.deck)
        assert obs.display == game.display
        assert obs.players[seat].final_scoring == game.players[seat].final_scoring


@pytest.mark.parametrize("look", ["observation", "view"])
def test_no_seat_reaches_another_seats_memos(look):
    """The homes memo of a zoo holds the homes of every card the engine asked about, the cards of its owner's hand
    among them: another seat reads it neither on its observation nor on the games it determinizes."""
    game = _mid_game(seed=62, steps=150)
    assert all(player.homes_memo is not None for player in game.players)  # both seats have played turns
    for seat in range(2):
        obs = getattr(game, look)(seat)
        with pytest.raises(AttributeError):
            getattr(obs.players[1 - seat], "homes_memo")  # noqa: B009
        determinized = obs.determinize(random.Random(seat))
        assert determinized.players[1 - seat].homes_memo is None
        assert determinized.players[seat].homes_memo is game.players[seat].homes_memo  # its own is kept
        if look == "observation":
            assert obs._table.players[1 - seat].homes_memo is None
    assert all(player.homes_memo is not None for player in game.players)  # the game keeps its own


def test_observation_is_a_snapshot_that_cannot_change_the_game():
    game = _mid_game(seed=61, steps=150)
    before = snapshot(game)
    obs = game.observation(0)
    money = obs.me.money
    obs.me.money += 50
    obs.me.hand.clear()
    obs.display.clear()
    obs.players[1].buildings.clear()
    obs.projects.clear()
    with pytest.raises(AttributeError):
        obs.seat = 1
    with pytest.raises(AttributeError):
        obs.players[1].appeal = 99
    assert snapshot(game) == before  # nothing done to the observation reached the game
    game.players[0].money += 5
    assert game.observation(0).me.money == money + 5
    assert obs.me.money == money + 50  # a snapshot: later moves of the game do not show in it


@pytest.mark.parametrize("players,steps", [(2, 2), (2, 150), (4, 300)])
def test_a_view_determinizes_to_the_games_its_snapshot_does(players, steps):
    """A view is the snapshot read in place: the same unseen pool and counts, and from the same generator (with
    or without the pending decision) the very game the snapshot determinizes to; the opening deals (2 steps)
    are hidden information too."""
    game = new_game({"players": players, "maps": "random"}, 90 + steps)
    play_randomly(game, random.Random(steps), steps)
    decision = game.decision()
    before = snapshot(game)
    for seat in range(players):
        observation, view = game.observation(seat), game.view(seat)
        assert view.unseen == observation.unseen and view.deck_size == observation.deck_size
        assert [(p.seat, getattr(p, "hand_size", None)) for p in view.players] == [
            (p.seat, getattr(p, "hand_size", None)) for p in observation.players]
        for trial, given in ((1, None), (2, decision if decision.seat == seat else None)):
            from_view = view.determinize(random.Random(trial), given)
            assert snapshot(from_view) == snapshot(observation.determinize(random.Random(trial), given))
    assert snapshot(game) == before  # determinizing a view changes nothing of the game


def test_bots_that_read_views_play_the_games_they_play_with_snapshots(monkeypatch):
    """The default bot given views (what it declares it reads) and given snapshots plays the same game."""
    from sim.core.play import play_game
    from sim.core.registry import make_bot

    def played() -> list:
        game = new_game({"players": 2, "maps": "random"}, 5)
        moves = []
        play_game(game, [make_bot("default", "arknova") for _ in range(2)], 5,
                  listeners=[lambda state, decision, option: moves.append(option)])
        return moves

    with_views = played()
    assert make_bot("default", "arknova").observes == "view"
    monkeypatch.setattr(type(make_bot("default", "arknova")), "observes", True)
    assert played() == with_views


def _reachable(root: object, stop: object) -> list[object]:
    """Every object reachable from `root` through references, not entering `stop` (the shared catalog),
    modules, classes or functions."""
    seen, todo, found = {id(stop)}, [root], []
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)):
            continue
        seen.add(id(item))
        found.append(item)
        todo.extend(gc.get_referents(item))
    return found


@pytest.mark.parametrize("players,steps", [(2, 2), (2, 150), (4, 300)])
def test_nothing_reachable_from_an_observation_holds_another_hand_the_deck_or_the_random_state(players, steps):
    """Another seat's hand (or opening deal) and the deck order are nowhere in the objects an
    observation refers to, nor the game's random state (which would tell future shuffles)."""
    game = new_game({"players": players, "maps": "random"}, 70 + steps)
    play_randomly(game, random.Random(steps), steps)
    game.decision()
    for seat in range(players):
        objects = _reachable(game.observation(seat), game.catalog)
        sequences = [list(item) for item in objects if isinstance(item, (list, tuple)) and item
                     and all(isinstance(card, int) for card in item)]
        secrets = [list(p.hand) for p in game.players if p.seat != seat and len(p.hand) > 1]
        secrets += [list(p.dealt) for p in game.players if p.seat != seat and p.dealt]
        assert secrets or steps > 2, "the test needs hidden hands"
        for secret in secrets + [game.deck]:
            assert secret not in sequences
        state = game.rng.getstate()
        assert not any(isinstance(item, random.Random) and item.getstate() == state for item in objects)


def test_an_observation_is_the_same_whatever_the_hidden_cards_are():
    """The observation of a game and of any re-deal of what the seat cannot see are equal: it
    depends on public information only."""
    game = _mid_game(seed=62, steps=180)
    for seat in range(2):
        observed = game.observation(seat)
        for trial in range(3):
            other = observed.determinize(random.Random(trial)).observation(seat)
            assert other.unseen == observed.unseen and other.deck_size == observed.deck_size
            assert snapshot(other._table) == snapshot(observed._table)
