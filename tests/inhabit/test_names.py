"""Every Inhabit the Earth card has an English name, and the report's card tables show it with the card's class and
continent; no German reaches the report untranslated."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sim.analysis.data import Run, example_run
from sim.inhabit import report
from sim.inhabit.catalog import CLASSES, load_catalog
from sim.inhabit.game import Inhabit
from sim.inhabit.log import card_text
from sim.inhabit.names import english_name
from sim.inhabit.report import cards_section, first_seat_section, scoring_section

GERMAN = re.compile(r"[äöüßÄÖÜ]|\b(der|die|das|und|nicht|Spieler|Karte)\b")


def test_every_card_has_an_english_name() -> None:
    catalog = load_catalog()
    names = {number: english_name(card) for number, card in catalog.cards.items()}
    assert len(names) == 162 and all(names.values())
    assert not [name for name in names.values() if GERMAN.search(name) or name.startswith("card ")]
    # the creatures the rulebook names, in English (Beispiel 1: "Der Löwe"; 217 Wüstenfuchs; 249 Nasenbeutler)
    assert (names[111], names[217], names[249], names[121]) == ("Lion", "Fennec fox", "Bandicoot", "Dromedary")
    # the others say what the pack holds: continent and class (the number's second digit is the class)
    assert names[112] == "Asian predator" and names[143].endswith("small mammal")
    assert card_text(catalog, 249) == "249 Bandicoot (small_mammal, australasia, deciduous)"


def test_the_card_table_names_every_card_with_its_class_and_continent() -> None:
    table = Inhabit().dimension_tables()["cards"]
    assert len(table.rows) == 162
    for row in table.rows:
        assert row["class"] == CLASSES[row["number"] // 10 % 10 - 1]    # the rulebook's numbering: class digit
        assert row["deck"] == row["number"] // 100
        assert row["name"] == english_name(load_catalog().cards[row["number"]])


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    return Run.open(example_run(tmp_path_factory.mktemp("names") / "run", games=8, bots=("random",), seed=2,
                                game="inhabit", options={"players": 3}))


def test_the_report_shows_names_classes_and_continents_and_no_german(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(report, "SCORING_MIN_N", 1)  # a small run: list every scoring card on top
    monkeypatch.setattr(report, "MIN_SEAT_GAMES", 1)  # and judge the first seat
    cards = cards_section(run, min_n=2)
    scoring = scoring_section(run)
    for section in (cards, scoring):
        html = section.html()
        headers = re.findall(r"<th>(.*?)</th>", html)
        assert {"card", "name", "class", "continent"} <= set(headers), section.title
        assert "card 1" not in html and "card 2" not in html and "None" not in html
    first = first_seat_section(run)
    text = " ".join(first.text)
    assert "our translation" in text and not GERMAN.search(text)


def test_an_older_run_without_a_card_table_gets_the_names_too(run: Run, tmp_path: Path) -> None:
    """A run written before Inhabit had a card table: the names come from the game, as for `arkmc cards`."""
    import shutil

    copy = tmp_path / "old"
    shutil.copytree(run.path, copy)
    (copy / "cards.parquet").unlink()
    old = Run.open(copy)
    assert old.card_names[249] == "Bandicoot" and old.cards["class"].to_list()[0] == "predator"
