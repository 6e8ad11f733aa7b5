"""Ark Nova's own sections of `arkmc report`: zoo maps, card strength, opening hands and the game
shape in turns, breaks and actions, and the methods paragraphs that say how they are measured (the
generic sections are `sim.analysis.report`'s)."""

from __future__ import annotations

import math
from collections.abc import Callable

import polars as pl

from sim.analysis import cards, plots, randomised
from sim.analysis.data import Run
from sim.analysis.report import (
    MARK,
    PLAYS_PER_CARD_PER_GAME,
    RANDOMISED_COLUMNS,
    SETTLE_COLUMN,
    SIGNIFICANT_Q,
    TOP,
    Section,
    column,
    games_needed,
    interval,
    interval_of,
    marked_q,
    num,
    p_phrase,
    p_value,
    pct,
    signed,
    signed_pp,
    top_and_bottom,
)
from sim.analysis.tables import with_games_to_settle
from sim.arknova.analysis import maps, opening, shape
from sim.arknova.analysis.maps import name_maps
from sim.arknova.analysis.plots import map_plot, progression_plot

CARD_MIN_N = 20            # plays of a card before it can enter a top or bottom list
MIN_MAP_SEATS = 20         # seats per map
MIN_RANKED_CARDS = 10      # cards with CARD_MIN_N plays before the card section is shown
PAIR_MIN_SUPPORT = 15      # seats that kept a pair before it is listed
PAIRS = 212 * 211 // 2     # pairs of zoo-deck cards a kept hand can hold


def report_sections(run: Run) -> list[Callable[[Run], Section]]:
    """Ark Nova's sections in reading order, as the functions that build them: `arkmc report` calls
    each in turn and shows its progress."""
    return [maps_section, cards_section, opening_section, shape_section]


METHODS = [  # how Ark Nova's sections measure what they show: the Methods paragraphs after the generic ones
    "The effect of keeping a card compares the seats that kept it with those that let it go: Newcombe's "
    "interval for the win rates, Welch's for the mean points.",
    "Shrunk win rates are empirical-Bayes posterior means: a beta prior is fitted to all cards by the method of "
    "moments (with each card's own number of plays), so a card played a few times stays near the average unless "
    "its record is strong; the bounds are 95% credible intervals.",
    "Wins above expected: for each card played and not played by at least "
    f"{CARD_MIN_N} seats, a logistic regression of winning on playing it, controlled for seat, map, bot, "
    "player count, the break in which it was played and how many cards the seat played in all (a linear term "
    "and quintile bands). Winners play more cards, so without that control almost every card looks strong; "
    "with it a card is compared with seats that played about as many cards, and an odds ratio above 1 means "
    "it wins more often than the average card played in its place. Map effects come from one regression with "
    "sum-coded maps, so each odds ratio compares a map with the average map. Both use statsmodels with "
    "standard errors clustered by game, since the seats of one game share one result. The cards tested and "
    "the maps are two families for the Benjamini-Hochberg q-values.",
    "Keep choice: each keep is valued by the sum of its cards' shrunk log-odds of winning when kept, with the "
    f"values learned on the other games ({opening.FOLDS}-fold cross-fitting by game), so a seat's own result "
    "never enters the value of its own keep.",
]


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
    table = name_maps(run, table)
    section.figure("Win rate and mean VP per map", map_plot(table))
    regression = maps.map_regression(run)
    if not regression.is_empty():
        logs = regression.select(pl.col("odds_ratio_low", "odds_ratio_high").log().name.prefix("log_"))
        regression = with_games_to_settle(name_maps(run, regression).hstack(logs), run.n_games,
                                          pl.col("odds_ratio").log(), "log_odds_ratio_low", "log_odds_ratio_high")
        section.table("Logistic regression of winning on the map, controlled for seat and bot: odds ratio "
                      f"against the average map (1 = average; {MARK}: q below {SIGNIFICANT_Q})", regression, [
                          ("map", column("map_name")), ("n", column("n")),
                          ("odds ratio [95% CI]", interval_of("odds_ratio", "odds_ratio_low", "odds_ratio_high",
                                                            lambda v: num(v, 2))),
                          ("p", column("p_value", p_value)), ("q (BH)", column("q_value", marked_q)),
                          SETTLE_COLUMN])
        found = regression.filter(pl.col("q_value") < SIGNIFICANT_Q)
        section.text.append(
            "No map differs from the average map at a 5% false-discovery rate." if found.is_empty() else
            "Maps that differ from the average at a 5% false-discovery rate: " + ", ".join(
                f"{r['map_name']} (odds ratio {r['odds_ratio']:.2f}, {p_phrase('q', r['q_value'])})"
                for r in found.sort("odds_ratio", descending=True).iter_rows(named=True)) + ".")
    elif table.height < 2:
        section.text.append(f"Every seat played {table['map_name'][0]}: there is no other map to compare it with.")
    else:
        section.text.append("The regression could not be fitted (a map's seats all won or all lost); the win rates "
                            "below are not controlled for seat and bot.")
    section.table("Win rate and mean VP per map", table, [
        ("map", column("map_name")), ("seats n", column("n")),
        ("win rate [95% CI]", interval_of("win_rate", "win_rate_low", "win_rate_high")),
        ("mean VP [95% CI]", interval_of("mean_vp", "mean_vp_low", "mean_vp_high", num))])
    return section



def with_card_facts(run: Run, table: pl.DataFrame) -> pl.DataFrame:
    """`table` with each card's `kind` and `cost_label` from the run's card table: an animal's price
    ("17"), a sponsor's level ("level 3"), "–" for a project."""
    facts = run.cards
    if facts.is_empty() or table.is_empty():
        return table.with_columns(pl.lit(None, pl.String).alias("kind"), pl.lit("–").alias("cost_label"))
    kind = pl.col("kind").cast(pl.String)
    labels = facts.select(pl.col("number").cast(table.schema["card"]).alias("card"), kind.alias("kind"),
                          pl.when(kind == "animal").then(pl.col("cost").cast(pl.String))
                          .when(kind == "sponsor").then(pl.format("level\u00a0{}", "level"))
                          .otherwise(pl.lit("–")).alias("cost_label"))
    return table.join(labels, on="card", how="left")


EFFECT_COLUMNS = [("card", column("card")), ("name", column("name")), ("kind", column("kind")),
                  ("cost", column("cost_label")), *RANDOMISED_COLUMNS]
DESCRIPTIVE = [  # what the seats did with each card: conditioned on their choices, so it describes, never ranks
    ("play rate (of n seats holding it)", lambda row: "–" if row["play_rate"] is None else
     f"{pct(row['play_rate'])} of {max(row['n_held'], row['n_played'])}"),
    ("keep rate (kept / dealt)", column("keep_rate", pct)),
    ("win when played [95% CI]", interval_of("win_played", "win_played_low", "win_played_high")),
    ("odds ratio when played [95% CI]", interval_of("wae_odds_ratio", "wae_low", "wae_high", lambda v: num(v, 2)))]
DESCRIPTIVE_COLUMNS = [("list", column("list")), ("card", column("card")), ("name", column("name")),
                       ("played n", column("n_played")), *DESCRIPTIVE]
CARD_COLUMNS = [*EFFECT_COLUMNS, ("played n", column("n_played")), *DESCRIPTIVE]  # a whole card table
STUDY_PAIRS = 400  # pairs per card the study command named in the section suggests (±3 pp; docs/studies.md)


def card_table(run: Run) -> pl.DataFrame:
    """Every card's randomised effects (dealt, and drawn blind from the deck) beside the descriptive play table,
    with kind and cost, ranked by the effect of being dealt it on the win rate: the table the card section,
    the card notebook and its answer all read."""
    dealt = randomised.randomised_table(run)
    if dealt.is_empty():
        return dealt
    played = cards.card_strength(run, CARD_MIN_N).drop("name", "n_dealt", "win_dealt", strict=False)
    if not played.is_empty():
        dealt = dealt.join(played.with_columns(pl.col("card").cast(dealt.schema["card"])), on="card", how="left")
    return with_card_facts(run, dealt).sort("effect_win", descending=True, nulls_last=True)


def cards_section(run: Run) -> Section:
    section = Section("Card strength")
    table = card_table(run)
    if table.is_empty() or table.height < MIN_RANKED_CARDS or int(table["n"].median() or 0) < CARD_MIN_N:
        have = 0.0 if table.is_empty() else float(table["n"].median() or 0)
        section.text.append(f"Too few opening deals to rank cards: a card is in about {have:.0f} seats' opening deal, "
                            f"{CARD_MIN_N} are needed. About "
                            f"{games_needed(run.n_games, have, CARD_MIN_N, PLAYS_PER_CARD_PER_GAME)} games would do.")
        return section
    found = table.filter(pl.col("q_value") < SIGNIFICANT_Q)
    strongest, weakest = top_and_bottom(table, TOP)
    section.text.append(
        f"Ranked by what the deal randomises: the change of a seat's win rate when the card is in its opening deal of 8, "
        f"against an average card of the deal ({table.height} cards, each dealt to about {table['n'].median():.0f} of "
        f"{run.seats.height:,} seats; one linear model of every card together, controlled for seat, map, bot and "
        "player count, with standard errors clustered by game). The deal is the one thing no seat chooses, so this "
        "measures the card, whatever the seat then did with it. "
        f"{found.height} of the {table.height} differ from 0 at a 5% false-discovery rate ({MARK}: Benjamini-Hochberg "
        f"q below {SIGNIFICANT_Q}). 'Games to settle' is how many games like these would find the effect seen with "
        "80% power; 'when drawn' is the same comparison for the cards drawn blind from the deck.")
    section.text.append(dealt_ends_sentence(found))
    section.figure("Strongest and weakest cards when dealt", plots.interval_panels(
        [(plots.card_label(strongest), f"Strongest {strongest.height}"),
         (plots.card_label(weakest), f"Weakest {weakest.height}")],
        "label", "effect_win", "effect_win_low", "effect_win_high",
        "change of the win rate when dealt (95% CI; 0 = average card)", reference=0.0, unit=plots.POINTS))
    section.table(f"Strongest {strongest.height} cards, by the change of the win rate when dealt", strongest,
                  EFFECT_COLUMNS)
    section.table(f"Weakest {weakest.height} cards", weakest, EFFECT_COLUMNS, beside=True)
    unsettled = table.filter(pl.col("q_value") >= SIGNIFICANT_Q).head(3)["name"].to_list()
    section.text.append(
        "To settle a card, force it: `arkmc study cards --cards \"" + ",".join(unsettled or table["name"].head(3).to_list())
        + f"\" --pairs {STUDY_PAIRS}` plays each card's pairs of games on the same deals with and without the card "
        "in the hand (docs/studies.md).")
    if "n_played" in table.columns:
        section.table("Descriptive, not strength: what the seats did with the same cards. These figures condition on "
                      "the seats' own choices (a card is played by seats that can afford it, often seats already ahead), "
                      "so they describe the bots' play and rank nothing.",
                      pl.concat([strongest.with_columns(pl.lit("strongest").alias("list")),
                                 weakest.with_columns(pl.lit("weakest").alias("list"))]), DESCRIPTIVE_COLUMNS)
    return section


def dealt_ends_sentence(found: pl.DataFrame, most: int = 10) -> str:
    """The cards whose deal changes the win rate, both ends named: those that raise it, largest first, then
    those that lower it, largest fall first."""
    parts = []
    for direction, rows in (("raise", found.filter(pl.col("effect_win") > 0).sort("effect_win", descending=True)),
                            ("lower", found.filter(pl.col("effect_win") < 0).sort("effect_win"))):
        if rows.is_empty():
            parts.append(f"No card {direction}s the win rate when dealt, at that rate.")
            continue
        named = ", ".join(f"{row['name']} ({signed_pp(row['effect_win'])} pp, {p_phrase('q', row['q_value'])})"
                          for row in rows.head(most).iter_rows(named=True))
        rest = f", and {rows.height - most} more" if rows.height > most else ""
        parts.append(f"{rows.height} {'card ' + direction + 's' if rows.height == 1 else 'cards ' + direction} the "
                     f"win rate when dealt: {named}{rest}.")
    return " ".join(parts)


KEEP_COLUMNS = [
    ("card", column("card")), ("name", column("name")), ("kind", column("kind")), ("cost", column("cost_label")),
    ("dealt n", column("n_dealt")), ("kept n", column("n_kept")), ("win when kept", column("win_kept", pct)),
    ("let go n", column("n_dropped")), ("win when let go", column("win_dropped", pct)),
    ("win rate: kept - let go, pp [95% CI]", interval_of("keep_gain", "keep_gain_low", "keep_gain_high",
                                                          signed_pp)),
    ("q (BH)", column("gain_q", marked_q)), SETTLE_COLUMN,
    ("points: kept - let go [95% CI]", interval_of("points_gain", "points_gain_low", "points_gain_high", signed))]
KEPT_PER_CARD_PER_GAME = 4 * 2 / 212   # two seats keep 4 of the 212 zoo cards each (and let 4 go)


def opening_section(run: Run) -> Section:
    section = Section("Opening hands")
    table = opening.opening_cards(run)
    effects = with_games_to_settle(opening.keep_effects(with_card_facts(run, table), CARD_MIN_N), run.n_games,
                                   pl.col("keep_gain"), "keep_gain_low", "keep_gain_high")
    if effects.height < MIN_RANKED_CARDS:
        sides = [] if table.is_empty() else table.select(pl.min_horizontal("n_kept", "n_dropped"))[:, 0].sort(descending=True)
        have = float(sides[MIN_RANKED_CARDS - 1]) if len(sides) >= MIN_RANKED_CARDS else 0.0
        section.text.append(
            f"Too few opening hands to rank the effect of keeping a card: {effects.height} cards were kept by at least "
            f"{CARD_MIN_N} seats and let go by at least {CARD_MIN_N}, {MIN_RANKED_CARDS} are needed. About "
            f"{games_needed(run.n_games, have, CARD_MIN_N, KEPT_PER_CARD_PER_GAME)} games would do.")
    else:
        keeping_section(section, table, effects)
    pairs_text(section, run)
    choice = opening.keep_choice(run)
    if not choice.is_empty():
        section.text += [keep_choice_sentence(row) for row in choice.iter_rows(named=True)]
        section.table("The bots' keep against the other 69 keeps of the same 8 cards (50% = a random keep; keeps valued "
                      "by their cards' shrunk win rate when kept, learned on the other games: "
                      f"{opening.FOLDS}-fold cross-fitting)", choice, [
                          ("bot", column("bot_spec")), ("n", column("n")),
                          ("percentile [95% CI]", interval_of("percentile", "percentile_low", "percentile_high")),
                          ("top-third keeps n", column("n_top")),
                          ("their win rate [95% CI]", interval_of("win_top", "win_top_low", "win_top_high")),
                          ("bottom-third keeps n", column("n_bottom")),
                          ("their win rate [95% CI]", interval_of("win_bottom", "win_bottom_low", "win_bottom_high"))])
    return section


def keeping_section(section: Section, table: pl.DataFrame, effects: pl.DataFrame) -> None:
    """The cards ranked by the effect of keeping them, and the cards the bots nearly always keep or let go."""
    best, worst = top_and_bottom(effects, TOP)
    found = effects.filter(pl.col("gain_q") < SIGNIFICANT_Q)
    section.text.append(
        "Each card dealt in an opening hand is judged by the effect of keeping it: the win rate and the mean points "
        "of the seats that kept it minus those of the seats that were dealt it and let it go (95% intervals: "
        f"Newcombe for the win rate, Welch for the points). Only the {effects.height} cards that at least "
        f"{CARD_MIN_N} seats kept and at least {CARD_MIN_N} let go are ranked: with fewer on one side the difference "
        "has no useful interval. Descriptive, not strength: the bot chose each keep, and seats that keep a card "
        "differ from those that let it go in the rest of their hand, so this describes what keeping went with, not "
        f"what it caused. {found.height} of the {effects.height} differences hold at a 5% false-discovery rate "
        f"({MARK}: Benjamini-Hochberg q below {SIGNIFICANT_Q}, the same q as the opening-hands notebook). To rank "
        "keeps, force them: `arkmc study keeps --cards \"" + ",".join(best["name"].head(3).to_list())
        + f"\" --pairs {STUDY_PAIRS}` plays each card kept and let go on the same deals (docs/studies.md).")
    one_sided = table.filter((pl.col("n_dealt") >= CARD_MIN_N)
                             & ((pl.col("n_kept") < CARD_MIN_N) | (pl.col("n_dropped") < CARD_MIN_N)))
    if one_sided.height:
        kept = one_sided.filter(pl.col("n_dropped") < CARD_MIN_N).sort("keep_rate", "n_dealt", descending=True)
        dropped = one_sided.filter(pl.col("n_kept") < CARD_MIN_N).sort("keep_rate", pl.col("n_dealt") * -1)
        examples = [f"the bots kept {kept.height} of them nearly always (" + ", ".join(
            f"{row['name']}: {row['n_kept']} of {row['n_dealt']}" for row in kept.head(4).iter_rows(named=True))
            + (", ..." if kept.height > 4 else "") + ")" if kept.height else "",
                    f"let {dropped.height} go nearly always (" + ", ".join(
            f"{row['name']}: kept {row['n_kept']} of {row['n_dealt']}" for row in dropped.head(4).iter_rows(named=True))
            + (", ..." if dropped.height > 4 else "") + ")" if dropped.height else ""]
        section.text.append(f"{one_sided.height} cards dealt at least {CARD_MIN_N} times are not ranked: "
                            + " and ".join(part for part in examples if part) + ".")
    section.figure("Effect of keeping", plots.interval_panels(
        [(plots.card_label(best), f"Keeping goes with winning most: {best.height} cards"),
         (plots.card_label(worst), f"Keeping goes with winning least: {worst.height} cards")],
        "label", "keep_gain", "keep_gain_low", "keep_gain_high",
        "win rate kept - win rate let go (95% Newcombe)", reference=0.0, unit=plots.POINTS))
    section.table(f"Best {best.height} cards to keep (kept by at least {CARD_MIN_N} seats and let go by at least "
                  f"{CARD_MIN_N}; ranked by the win rate kept - let go)", best, KEEP_COLUMNS)
    if worst.height:
        section.table(f"Worst {worst.height} cards to keep (the same cards, lowest effect first)", worst, KEEP_COLUMNS)


def pairs_text(section: Section, run: Run) -> None:
    """The best and worst pairs of kept cards, or how many games ranking them needs."""
    pairs = opening.kept_pairs(run, PAIR_MIN_SUPPORT)
    if pairs.height >= 2:
        pair_columns = [("pair", column("pair")), ("n", column("n")),
                        ("win rate [95% CI]", interval_of("win_rate", "win_rate_low", "win_rate_high")),
                        ("shrunk", column("shrunk", pct))]
        best, worst = top_and_bottom(pairs, 5)
        section.table(f"Best kept pairs (kept together by at least {PAIR_MIN_SUPPORT} seats)", best, pair_columns)
        if worst.height:
            section.table("Worst kept pairs", worst, pair_columns)
        return
    counts = opening.pair_counts(run.seats)
    support = int(counts["n"].max()) if counts.height else 0
    seats_per_game = run.seats.height / run.n_games
    section.text.append(
        f"Kept pairs are not ranked: that needs two pairs of cards each kept together by at least {PAIR_MIN_SUPPORT} "
        f"seats, and {'one pair was' if pairs.height == 1 else 'no pair was'} (the pair kept together most often: by "
        f"{support} seats). About {games_needed(run.n_games, support, PAIR_MIN_SUPPORT, seats_per_game * 6 / PAIRS):,} "
        "games would do.")


def keep_choice_sentence(row: dict) -> str:
    """How one bot's keep compares with a random keep of the same cards, in words with the interval."""
    verdict = ("better than" if row["percentile_low"] > 0.5 else "worse than" if row["percentile_high"] < 0.5
               else "no better and no worse than")
    return (f"{row['bot_spec']} keeps {verdict} a random keep of the same 8 cards: its keep is worth more than "
            f"{pct(row['percentile'])} {interval(row['percentile_low'], row['percentile_high'])} of the 69 other keeps "
            f"it could have made, where a random keep averages 50% ({row['n']} seats). Seats whose keep was in the "
            f"top third of their options won {pct(row['win_top'])} {interval(row['win_top_low'], row['win_top_high'])} "
            f"of their games ({row['n_top']} seats), those in the bottom third {pct(row['win_bottom'])} "
            f"{interval(row['win_bottom_low'], row['win_bottom_high'])} ({row['n_bottom']} seats).")


def shape_section(run: Run) -> Section:
    section = Section("Turns, breaks and actions")
    if run.turns.is_empty():
        section.text.append("No finished games with turns: at least one game is needed.")
        return section
    section.figure("Progression", progression_plot(shape.progression(run), min_seats=min(10, run.n_games)))
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


