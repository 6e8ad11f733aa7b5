"""Ark Nova's own sections of `arkmc report`: zoo maps, card strength, opening hands and the game
shape in turns, breaks and actions (the generic sections are `sim.analysis.report`'s)."""

from __future__ import annotations

import math

import polars as pl

from sim.analysis import cards, maps, opening, plots, shape
from sim.analysis.data import Run
from sim.analysis.report import (
    CARD_MIN_N,
    PLAYS_PER_CARD_PER_GAME,
    TOP,
    Section,
    column,
    games_needed,
    interval_of,
    num,
    p_value,
    pct,
    top_and_bottom,
)

MIN_MAP_SEATS = 20         # seats per map
MIN_RANKED_CARDS = 10      # cards with CARD_MIN_N plays before the card section is shown
PAIR_MIN_SUPPORT = 15      # seats that kept a pair before it is listed
PAIRS = 212 * 211 // 2     # pairs of zoo-deck cards a kept hand can hold


def report_sections(run: Run) -> list[Section]:
    """Ark Nova's sections, in reading order."""
    return [build(run) for build in (maps_section, cards_section, opening_section, shape_section)]


def map_games_needed(maps_played: int, players: int) -> int:
    """Games for MIN_MAP_SEATS seats on each map, with at least the 8 maps of random assignment."""
    return math.ceil(MIN_MAP_SEATS * max(maps_played, 8) / players)



def maps_section(run: Run) -> Section:
    section = Section("Zoo maps")
    table = maps.map_table(run)
    if table.is_empty() or table["n"].mean() < MIN_MAP_SEATS:
        have = 0 if table.is_empty() else int(table["n"].sum())
        section.text.append(f"Too few seats per map ({have} seats over {table.height} maps): about "
                            f"{map_games_needed(table.height, run.spec.get('players') or 2)} games are needed for "
                            f"{MIN_MAP_SEATS} seats per map.")
        return section
    section.figure("Win rate and mean VP per map", plots.map_plot(table))
    regression = maps.map_regression(run)
    if not regression.is_empty():
        section.table("Logistic regression of winning on the map, controlled for seat and bot: odds ratio "
                      "against the average map (1 = average)", regression, [
                          ("map", column("map")), ("n", column("n")),
                          ("odds ratio [95% CI]", interval_of("odds_ratio", "odds_ratio_low", "odds_ratio_high",
                                                            lambda v: num(v, 2))),
                          ("p", column("p_value", p_value)),
                          ("q (BH)", column("q_value", p_value))])
        found = regression.filter(pl.col("q_value") < 0.05)
        section.text.append(
            "No map differs from the average map at a 5% false-discovery rate." if found.is_empty() else
            "Maps that differ from the average at a 5% false-discovery rate: " + ", ".join(
                f"map {r['map']} (odds ratio {r['odds_ratio']:.2f})" for r in found.iter_rows(named=True)) + ".")
    elif table.height < 2:
        section.text.append(f"Every seat played map {table['map'][0]}: there is no other map to compare it with.")
    else:
        section.text.append("The regression could not be fitted (a map's seats all won or all lost); the win rates "
                            "below are not controlled for seat and bot.")
    section.table("Win rate and mean VP per map", table, [
        ("map", column("map")), ("seats n", column("n")),
        ("win rate [95% CI]", interval_of("win_rate", "win_rate_low", "win_rate_high")),
        ("mean VP [95% CI]", interval_of("mean_vp", "mean_vp_low", "mean_vp_high", num))])
    return section



CARD_COLUMNS = [
    ("card", column("card")), ("name", column("name")), ("played n", column("n_played")),
    ("win when played [95% CI]", interval_of("win_played", "win_played_low", "win_played_high")),
    ("shrunk [95% CrI]", interval_of("shrunk", "shrunk_low", "shrunk_high")),
    ("wins above expected: odds ratio [95% CI]", interval_of("wae_odds_ratio", "wae_low", "wae_high",
                                                           lambda v: num(v, 2))),
    ("q (BH)", column("q_value", p_value)),
    ("dealt n", column("n_dealt")), ("win when dealt", column("win_dealt", pct)),
    ("kept n", column("n_kept")), ("win when kept", column("win_kept", pct)),
    ("keep rate (kept / dealt)", column("keep_rate", pct)),
    ("play rate (of n seats holding it)", lambda row: f"{pct(row['play_rate'])} of {max(row['n_held'], row['n_played'])}")]


def cards_section(run: Run) -> Section:
    section = Section("Card strength")
    table = cards.card_strength(run, CARD_MIN_N)
    ranked = table.filter(pl.col("n_played") >= CARD_MIN_N) if not table.is_empty() else table
    if ranked.height < MIN_RANKED_CARDS:
        plays = 0 if table.is_empty() else float(table["n_played"].sort(descending=True)[:MIN_RANKED_CARDS].min() or 0)
        section.text.append(f"Too few plays to rank cards: {ranked.height} cards were played at least {CARD_MIN_N} "
                            f"times, {MIN_RANKED_CARDS} are needed. About "
                            f"{games_needed(run.n_games, plays, CARD_MIN_N, PLAYS_PER_CARD_PER_GAME)} games would do.")
        return section
    top, bottom = top_and_bottom(ranked, TOP)
    overall = cards.played_win_rate(table)
    for part, caption, title in ((top, "Top cards", "Strongest"), (bottom, "Bottom cards", "Weakest")):
        if part.height:
            section.figure(caption, plots.interval_plot(
                plots.card_label(part), "label", "shrunk", "shrunk_low", "shrunk_high",
                f"{title} {part.height} cards: shrunk win rate when played (95% credible)",
                "win rate of the seats that played the card", overall, reference_label="all cards played"))
    section.table(f"Top {top.height} cards by shrunk win rate (played at least {CARD_MIN_N} times)", top, CARD_COLUMNS)
    if bottom.height:
        section.table(f"Bottom {bottom.height} cards", bottom, CARD_COLUMNS)
    found = table.filter(pl.col("q_value") < 0.05)
    tested = int(table["p_value"].is_not_null().sum())
    section.text.append(
        f"{ranked.height} of {table.height} cards were played at least {CARD_MIN_N} times. The dashed line is the "
        f"win rate over all plays of all cards ({pct(overall)}): winners play more cards, so it lies above "
        f"1/players. Of {tested} cards tested by the regression, {found.height} win "
        f"more or less often than expected at a 5% false-discovery rate"
        + (": " + ", ".join(f"{r['name']} ({r['wae_odds_ratio']:.2f})" for r in found.head(10).iter_rows(named=True))
           if found.height else "") + ". A card that winners play is not necessarily a card that makes them win: "
        "the regression removes seat, map, bot, timing and how many cards the seat played, not the state of the "
        "game when it was played.")
    return section


def opening_section(run: Run) -> Section:
    section = Section("Opening hands")
    table = opening.opening_cards(run)
    ranked = table.filter(pl.col("n_kept") >= CARD_MIN_N) if not table.is_empty() else table
    if ranked.height < MIN_RANKED_CARDS:
        kept = 0 if table.is_empty() else float(table["n_kept"].sort(descending=True)[:MIN_RANKED_CARDS].min() or 0)
        section.text.append(f"Too few opening hands to rank kept cards: {ranked.height} cards were kept at least "
                            f"{CARD_MIN_N} times, {MIN_RANKED_CARDS} are needed. About "
                            f"{games_needed(run.n_games, kept, CARD_MIN_N, 4 * 2 / 212)} games would do.")
        return section
    top, bottom = top_and_bottom(ranked, TOP)
    section.figure("Best kept cards", plots.interval_plot(
        plots.card_label(top), "label", "shrunk_kept",
        "shrunk_kept_low", "shrunk_kept_high", f"Best {top.height} opening cards: shrunk win rate when kept (95% CrI)",
        "win rate of the seats that kept the card", float(run.seats["won"].mean()), reference_label="all seats"))
    columns = [("card", column("card")), ("name", column("name")), ("dealt n", column("n_dealt")),
               ("keep rate", column("keep_rate", pct)), ("kept n", column("n_kept")),
               ("win when kept [95% CI]", interval_of("win_kept", "win_kept_low", "win_kept_high")),
               ("let go n", column("n_dropped")), ("win when let go", column("win_dropped", pct)),
               ("kept - let go [95% CI]", interval_of("keep_gain", "keep_gain_low", "keep_gain_high"))]
    section.table(f"Best {top.height} cards to keep (kept at least {CARD_MIN_N} times)", top, columns)
    if bottom.height:
        section.table(f"Worst {bottom.height} cards to keep", bottom, columns)
    pairs = opening.kept_pairs(run, PAIR_MIN_SUPPORT)
    if pairs.height >= 2:
        pair_columns = [("pair", column("pair")), ("n", column("n")),
                        ("win rate [95% CI]", interval_of("win_rate", "win_rate_low", "win_rate_high")),
                        ("shrunk", column("shrunk", pct))]
        best, worst = top_and_bottom(pairs, 5)
        section.table(f"Best kept pairs (kept together by at least {PAIR_MIN_SUPPORT} seats)", best, pair_columns)
        if worst.height:
            section.table("Worst kept pairs", worst, pair_columns)
    else:
        counts = opening.pair_counts(run.seats)
        support = int(counts["n"].max()) if counts.height else 0
        seats_per_game = run.seats.height / run.n_games
        section.text.append(
            f"Fewer than two pairs of cards were kept together by {PAIR_MIN_SUPPORT} seats (the most common pair: "
            f"{support} seats). Ranking pairs needs about "
            f"{games_needed(run.n_games, support, PAIR_MIN_SUPPORT, seats_per_game * 6 / PAIRS):,} games.")
    choice = opening.keep_choice(run)
    if not choice.is_empty():
        section.table("The bots' keep choice against the other 69 keeps of the same 8 cards (0.5 = no better than "
                      "a random keep; keeps valued by their cards' shrunk win rate when kept, learned on the other "
                      f"games: {opening.FOLDS}-fold cross-fitting)", choice, [
                          ("bot", column("bot_spec")), ("n", column("n")),
                          ("percentile [95% CI]", interval_of("percentile", "percentile_low", "percentile_high")),
                          ("top-third keeps n", column("n_top")),
                          ("their win rate [95% CI]", interval_of("win_top", "win_top_low", "win_top_high")),
                          ("bottom-third keeps n", column("n_bottom")),
                          ("their win rate [95% CI]", interval_of("win_bottom", "win_bottom_low", "win_bottom_high"))])
    section.text.append("Keep rates show what the bots prefer; win rates when kept show what paid off. Each keep is "
                        "judged with card values learned on the other games, so a seat's own result cannot flatter "
                        "its own keep; the percentile compares keeps, it does not prove causes.")
    return section



def shape_section(run: Run) -> Section:
    section = Section("Turns, breaks and actions")
    if run.turns.is_empty():
        section.text.append("No finished games with turns: at least one game is needed.")
        return section
    section.figure("Progression", plots.progression_plot(shape.progression(run), min_seats=min(10, run.n_games)))
    section.table("Length of the games each bot played", shape.game_length(run), [
        ("bot", column("bot_spec")), ("seats n", column("n")),
        ("turns per player: median [5%, 95%]", interval_of("turns_median", "turns_5", "turns_95", lambda v: num(v, 0))),
        ("breaks: median [5%, 95%]", interval_of("breaks_median", "breaks_5", "breaks_95", lambda v: num(v, 0)))])
    mix = shape.action_mix(run).pivot(on="action", index="bot_spec", values="share").fill_null(0.0)
    actions = [c for c in mix.columns if c != "bot_spec"]
    section.table("Share of turns per action", mix, [("bot", column("bot_spec"))] +
                  [(action, column(action, pct)) for action in actions])
    section.table("What moves the break token (per seat: one player in one game)", shape.break_sources(run), [
        ("bot", column("bot_spec")), ("action", column("action")),
        ("turns moving it", column("turns_per_seat", num)), ("spaces", column("spaces_per_seat", num)),
        ("breaks called", column("called_per_seat", num))])
    return section


