"""`arkmc bots --game G`: each game's default first, then its ladder in order, then the other bots with
their parameters, then the old names; experimental bots only with --all."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from sim.cli import main
from sim.core import registry
from sim.core.registry import available_games, get_game, known_aliases

TOY = "toygame.game:ToyGame"


def listing(game: str, *flags: str) -> list[str]:
    result = CliRunner().invoke(main, ["bots", "--game", game, *flags])
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def section(lines: list[str], title: str) -> list[str]:
    """The lines under the heading that starts with `title`, up to the next blank line."""
    start = next(index for index, line in enumerate(lines) if line.startswith(title)) + 1
    end = next((index for index in range(start, len(lines)) if not lines[index]), len(lines))
    return lines[start:end]


@pytest.mark.parametrize("game", [*available_games(), TOY])
def test_each_game_lists_its_default_its_ladder_and_its_old_names_in_that_order(game: str) -> None:
    info = get_game(game).info
    lines = listing(game)
    headings = [line for line in lines if line.endswith(":") and not line.startswith(" ")]
    assert headings[0] == "The default bot:"
    assert section(lines, "The default bot:")[0].startswith("default ")
    if info.ladder:
        assert headings[1].startswith("Skill ladder")
        assert section(lines, "Skill ladder") == [f"  {rung}. {spec}" for rung, spec in enumerate(info.ladder, 1)]
    others = section(lines, "Other bots:")
    assert any(line.startswith("random ") for line in others) and not any(line.startswith("default ") for line in others)
    aliases = known_aliases(info.name)
    if aliases:
        assert headings[-1] == "Old names, kept for one version:"
        assert section(lines, "Old names") == [f"{old} -> {alias.new}: {alias.note}"
                                               for old, alias in sorted(aliases.items())]


def test_parameters_follow_their_bot_and_are_never_broken() -> None:
    lines = section(listing("inhabit"), "Other bots:")
    search = next(index for index, line in enumerate(lines) if line.startswith("search "))
    parameters = " ".join(lines[search + 1:search + 4])
    assert "simulations = 200, ms = 0.0, rollout = 'random'" in parameters
    assert all(len(line) <= 100 for line in lines)


def test_experimental_bots_are_listed_only_with_all(monkeypatch) -> None:
    class Trial:
        """A bot still being tried out."""

        def choose(self, observation, decision, rng):
            return decision.options[0]

    monkeypatch.setattr(registry, "_bots", {scope: dict(names) for scope, names in registry._bots.items()})
    registry.register_bot("trial", ("toy",), experimental=True)(Trial)
    plain = listing(TOY)
    assert not any("experimental.trial" in line for line in plain)
    assert plain[-1] == "1 experimental bot(s) left out: arkmc bots --game toy --all lists them."
    everything = listing(TOY, "--all")
    assert section(everything, "Experimental bots:") == [f"{'experimental.trial':<20} A bot still being tried out."]


def test_a_game_without_a_registered_default_says_what_default_means() -> None:
    """The toy names its default bot `greedy` (GameInfo.default_bot), as a game may."""
    default = section(listing(TOY), "The default bot:")
    assert default[0].split() == ["default", "means", "greedy"] and default[1].startswith("greedy ")
