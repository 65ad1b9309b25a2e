"""Duel de dragons' card language: cards, collections, rules, and every check."""

from __future__ import annotations

from pathlib import Path

import re

import pytest
from syrupy.extensions.json import JSONSnapshotExtension

from atout.cards import CARDS_DIR
from atout.interpreter.games.dragons import ast
from atout.interpreter.games.dragons.rules import Bande, DragonsRules
from atout.interpreter.language.loader import read_file
from atout.interpreter.language.nodes import CardList, dump
from atout.interpreter.games import LANGUAGES
from atout.interpreter.language.project import expand, shipped_files

HEADER = "Duel de dragons : cartes\n"
VOUIVRE = "== Vouivre des Brumes ==\nDragon · Rare\nPuissance 62 · Ruse 55 · Savoir 40 · Charisme 48\n"


def card(read, text: str) -> ast.Carte:
    """The one card of a card file made of `text`, which must have no problem."""
    document = read(HEADER + text)
    assert document.diagnostics == [], [d.render() for d in document.diagnostics]
    (only,) = document.node.cards
    return only


def problems(document_or_validation) -> list[tuple]:
    """(code, file name, line, column, message) of each diagnostic."""
    return [(d.code, Path(d.file).name, d.line, d.column, d.message) for d in document_or_validation.diagnostics]


def vouivre(**stats: int) -> ast.Carte:
    """The Vouivre des Brumes card, built by hand."""
    values = {"puissance": 62, "ruse": 55, "savoir": 40, "charisme": 48} | stats
    return ast.Carte(
        name="Vouivre des Brumes",
        categories=(ast.Categorie.DRAGON,),
        rarete=ast.Rarete.RARE,
        statistiques=ast.Statistiques(**values),
    )


@pytest.fixture(scope="module")
def shipped_rules_text(cards_dir) -> str:
    """The shipped rules file's text, to derive variants from."""
    return (cards_dir / "dragons" / "regles.atout").read_text(encoding="utf-8")


def rules_with(text: str, **lines: str) -> str:
    """The rules text with some parameters' lines replaced: `rules_with(t, Fatigue="Fatigue : 15")`."""
    out = []
    for line in text.splitlines():
        name = line.split(":", 1)[0].strip()
        out.append(lines.get(name, line))
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------


def test_a_card_reads_like_the_printed_card(read):
    assert card(read, VOUIVRE) == vouivre()


@pytest.mark.parametrize(
    "stats",
    [
        "Puissance 62 · Ruse 55 · Savoir 40 · Charisme 48",
        "Charisme 48 · Savoir 40 · Ruse 55 · Puissance 62",
        "Puissance 62, Ruse 55, Savoir 40, Charisme 48",
        "Puissance 62 • Ruse 55 • Savoir 40 • Charisme 48",
        "Puissance 62  Ruse 55  Savoir 40  Charisme 48",
        "Puissance 62\nRuse 55\n\nSavoir 40   # un commentaire\nCharisme 48",
        "Ruse 55 · Puissance 62\nCharisme 48 · Savoir 40",
    ],
)
def test_statistics_in_any_order_and_layout(read, stats):
    assert card(read, f"== Vouivre des Brumes ==\nDragon · Rare\n{stats}\n") == vouivre()


@pytest.mark.parametrize(
    ("line", "categorie", "rarete"),
    [
        ("Dragon · Commune", ast.Categorie.DRAGON, ast.Rarete.COMMUNE),
        ("Personnage · Rare", ast.Categorie.PERSONNAGE, ast.Rarete.RARE),
        ("personnage, epique", ast.Categorie.PERSONNAGE, ast.Rarete.EPIQUE),
        ("DRAGON LÉGENDAIRE", ast.Categorie.DRAGON, ast.Rarete.LEGENDAIRE),
        ("Dragon · Mythique", ast.Categorie.DRAGON, ast.Rarete.MYTHIQUE),
    ],
)
def test_every_category_and_rarity_whatever_the_case_and_accents(read, line, categorie, rarete):
    read_card = card(read, f"== X ==\n{line}\nPuissance 1 · Ruse 2 · Savoir 3 · Charisme 4\n")
    assert (read_card.categorie, read_card.rarete) == (categorie, rarete)
    assert read_card.statistiques == ast.Statistiques(puissance=1, ruse=2, savoir=3, charisme=4)


def test_keywords_of_statistics_match_whatever_the_case(read):
    assert card(read, "== Vouivre des Brumes ==\nDragon · Rare\nPUISSANCE 62 · ruse 55 · SaVoIr 40 · charisme 48\n") == vouivre()


def test_statistics_bounds_0_and_100_are_allowed(read):
    stats = card(read, "== X ==\nDragon · Rare\nPuissance 0 · Ruse 100 · Savoir 0 · Charisme 100\n").statistiques
    assert (stats.puissance, stats.ruse, stats.savoir, stats.charisme) == (0, 100, 0, 100)


def test_title_keeps_accents_apostrophes_and_commas(read):
    text = "==  Nidhaur, Mère des Dragons  ==\nDragon · Mythique\nPuissance 95 · Ruse 80 · Savoir 85 · Charisme 98\n"
    assert card(read, text).name == "Nidhaur, Mère des Dragons"


def test_totals_of_the_statistics_a_round_asks_for():
    stats = vouivre().statistiques
    assert stats.total() == 205
    assert stats.total((ast.NomDeStatistique.RUSE, ast.NomDeStatistique.PUISSANCE)) == 117
    assert stats.of(ast.NomDeStatistique.CHARISME) == 48


def test_rarities_are_ordered():
    assert [r.rank for r in ast.Rarete] == [0, 1, 2, 3, 4]
    assert ast.Rarete.MYTHIQUE.rank > ast.Rarete.COMMUNE.rank


def test_spans_point_at_the_file_lines(read):
    document = read(HEADER + "\n" + VOUIVRE + "\n# commentaire\n== B ==\nPersonnage · Commune\nRuse 30\nPuissance 20 · Savoir 25 · Charisme 40\n")
    second = document.node.cards[1]
    assert (second.span.line, second.span.column) == (8, 1)
    stats = second.statistiques.span
    assert (stats.line, stats.column, stats.end_line) == (10, 1, 11)


# ---------------------------------------------------------------------------
# Checks of one card: E200, E111, E112 and misspelt keywords
# ---------------------------------------------------------------------------


def test_a_statistic_above_100_is_e200_at_the_number(read):
    document = read(HEADER + "== X ==\nDragon · Rare\nPuissance 120 · Ruse 55 · Savoir 40 · Charisme 48\n")
    assert problems(document) == [("E200", "test.atout", 4, 11, "Puissance 120: must be 100 or less")]
    assert document.diagnostics[0].width == 3


def test_a_statistic_given_twice_is_e111_at_the_second(read):
    document = read(HEADER + "== X ==\nDragon · Rare\nPuissance 62 · Ruse 55 · Savoir 40\nRuse 30 · Charisme 48\n")
    assert problems(document) == [
        (
            "E111",
            "test.atout",
            5,
            1,
            "Ruse is given twice (first at line 4, column 16); give each of Puissance, Ruse, Savoir, Charisme once",
        )
    ]
    assert document.diagnostics[0].width == len("Ruse")


def test_a_missing_statistic_is_e112_after_the_last_one(read):
    document = read(HEADER + "== X ==\nDragon · Rare\nPuissance 62 · Ruse 55 · Savoir 40\n")
    assert problems(document) == [
        (
            "E112",
            "test.atout",
            4,
            35,
            'Charisme is missing: add "Charisme N" (N from 0 to 100); a card gives each of Puissance, Ruse, Savoir, Charisme once',
        )
    ]


def test_every_missing_statistic_is_reported(read):
    document = read(HEADER + "== X ==\nDragon · Rare\nSavoir 40\n")
    assert [(d.code, d.message.split()[0]) for d in document.diagnostics] == [
        ("E112", "Puissance"),
        ("E112", "Ruse"),
        ("E112", "Charisme"),
    ]


def test_a_card_without_statistics_stops_early(read):
    document = read(HEADER + "== X ==\nDragon · Rare\n")
    assert [(d.code, d.line) for d in document.diagnostics] == [("E112", 3)]


@pytest.mark.parametrize(
    ("text", "line", "column", "word", "suggestion"),
    [
        ("== X ==\nDargon · Rare\nPuissance 1 · Ruse 1 · Savoir 1 · Charisme 1\n", 3, 1, "Dargon", "Dragon"),
        ("== X ==\nDragon · Légendaire\nPuisance 1 · Ruse 1 · Savoir 1 · Charisme 1\n", 4, 1, "Puisance", "Puissance"),
        ("== X ==\nPersonnage · Epik\nPuissance 1 · Ruse 1 · Savoir 1 · Charisme 1\n", 3, 14, "Epik", "Épique"),
    ],
)
def test_a_misspelt_keyword_is_e111_with_the_nearest_word(read, text, line, column, word, suggestion):
    document = read(HEADER + text)
    (problem,) = document.diagnostics
    assert (problem.code, problem.line, problem.column, problem.suggestion) == ("E111", line, column, suggestion)
    assert f'"{word}"' in problem.message


def test_a_card_with_errors_does_not_stop_the_next_one(read):
    document = read(HEADER + "== X ==\nDragon · Rare\nPuissance 200 · Ruse 1 · Savoir 1 · Charisme 1\n" + VOUIVRE)
    assert [d.code for d in document.diagnostics] == ["E200"]
    assert document.node.cards[1] == vouivre()


# ---------------------------------------------------------------------------
# Set check: E301, a card's total outside its rarity's band
# ---------------------------------------------------------------------------


def test_a_card_above_its_rarity_band_is_e301_with_the_band(validate_tree, shipped_rules_text):
    result = validate_tree(
        {
            "regles.atout": shipped_rules_text,
            "cartes.atout": HEADER + VOUIVRE.replace("Puissance 62", "Puissance 92"),
        }
    )
    assert problems(result) == [
        (
            "E301",
            "cartes.atout",
            4,
            1,
            '"Vouivre des Brumes" is Rare, and a Rare card\'s statistics total from 180 to 229 ("Total Rare" in the rules); these total 235: take 6 off, or make it rarer',
        )
    ]
    assert result.diagnostics[0].width == len("Puissance 92 · Ruse 55 · Savoir 40 · Charisme 48")


def test_a_card_below_its_rarity_band_is_e301_with_the_band(validate_tree, shipped_rules_text):
    text = HEADER + "== Ombre Pâle ==\nPersonnage · Mythique\nPuissance 80 · Ruse 80 · Savoir 80 · Charisme 80\n"
    result = validate_tree({"regles.atout": shipped_rules_text, "cartes.atout": text})
    assert problems(result) == [
        (
            "E301",
            "cartes.atout",
            4,
            1,
            '"Ombre Pâle" is Mythique, and a Mythique card\'s statistics total from 330 to 380 ("Total Mythique" in the rules); these total 320: add 10, or make it more common',
        )
    ]


def test_the_bands_are_those_of_the_rules_file(validate_tree, shipped_rules_text):
    wide = rules_with(shipped_rules_text, **{"Total Rare": "Total Rare : 180 à 239", "Total Épique": "Total Épique : 240 à 279"})
    result = validate_tree({"regles.atout": wide, "cartes.atout": HEADER + VOUIVRE.replace("Puissance 62", "Puissance 92")})
    assert result.diagnostics == []


def test_band_bounds_are_included(validate_tree, shipped_rules_text):
    at_max = VOUIVRE.replace("Puissance 62", "Puissance 86")  # 229
    at_min = VOUIVRE.replace("== Vouivre des Brumes ==", "== B ==").replace("Puissance 62", "Puissance 37")  # 180
    result = validate_tree({"regles.atout": shipped_rules_text, "cartes.atout": HEADER + at_max + at_min})
    assert result.diagnostics == []


def test_an_incomplete_card_gets_no_e301(validate_tree, shipped_rules_text):
    text = HEADER + "== X ==\nDragon · Mythique\nPuissance 10\n"
    result = validate_tree({"regles.atout": shipped_rules_text, "cartes.atout": text})
    assert {d.code for d in result.diagnostics} == {"E112"}


# ---------------------------------------------------------------------------
# Collections: E400 (shared), E401 (a collection that cannot make a duel)
# ---------------------------------------------------------------------------


def collection(lines: list[str]) -> str:
    """A collection file's text."""
    return "Duel de dragons : collection\n" + "\n".join(lines) + "\n"


def test_a_collection_reads_counts_and_names(read):
    document = read(collection(["2 Vouivre des Brumes", "Chevalier Errant", "3 Voleuse de Pommes"]))
    assert document.diagnostics == []
    node = document.node
    assert isinstance(node, CardList) and node.kind == "collection"
    assert [(e.count, e.name) for e in node.entries] == [(2, "Vouivre des Brumes"), (1, "Chevalier Errant"), (3, "Voleuse de Pommes")]
    assert node.total() == 6


def test_an_unknown_name_in_a_collection_is_e400_with_the_nearest(validate_tree, shipped_rules_text):
    result = validate_tree({"regles.atout": shipped_rules_text, "c.atout": collection(["20 Vouivre des Brumes", "2 Vouivre des Brume"])})
    # The column is the shared code's business; the line, code and message are checked here.
    assert [(d.code, Path(d.file).name, d.line, d.message) for d in result.diagnostics] == [("E400", "c.atout", 3, 'no card is named "Vouivre des Brume" in the Duel de dragons card files')]
    assert result.diagnostics[0].suggestion == "Vouivre des Brumes"


def test_a_small_collection_is_e401_when_the_rules_refuse_it(validate_tree, shipped_rules_text):
    strict = rules_with(shipped_rules_text, **{"Petite collection": "Petite collection : refusée"})
    result = validate_tree({"regles.atout": strict, "c.atout": collection(["12 Vouivre des Brumes", "2 Chevalier Errant"])})
    assert problems(result) == [
        (
            "E401",
            "c.atout",
            1,
            1,
            'a duel draws 20 cards from the collection ("Cartes tirées de la collection"); this collection has 14: add 6, or set "Petite collection : duel réduit" in the rules',
        )
    ]


def test_a_small_collection_is_valid_for_a_reduced_duel(validate_tree, shipped_rules_text):
    assert "Petite collection : duel réduit" in shipped_rules_text
    result = validate_tree({"regles.atout": shipped_rules_text, "c.atout": collection(["12 Vouivre des Brumes", "2 Chevalier Errant"])})
    assert result.diagnostics == []


def test_a_reduced_duel_still_needs_a_hand(validate_tree, shipped_rules_text):
    result = validate_tree({"regles.atout": shipped_rules_text, "c.atout": collection(["2 Vouivre des Brumes", "Chevalier Errant"])})
    assert problems(result) == [
        (
            "E401",
            "c.atout",
            1,
            1,
            'even a reduced duel needs a hand of 5 cards ("Cartes en main"); this collection has 3: add 2',
        )
    ]


def test_a_full_collection_is_valid_when_the_rules_refuse_small_ones(validate_tree, shipped_rules_text):
    strict = rules_with(shipped_rules_text, **{"Petite collection": "Petite collection : refusée"})
    result = validate_tree({"regles.atout": strict, "c.atout": collection(["18 Vouivre des Brumes", "2 Chevalier Errant"])})
    assert result.diagnostics == []


def test_the_drawn_count_comes_from_the_rules(validate_tree, shipped_rules_text):
    strict = rules_with(
        shipped_rules_text,
        **{"Petite collection": "Petite collection : refusée", "Cartes tirées de la collection": "Cartes tirées de la collection : 30"},
    )
    result = validate_tree({"regles.atout": strict, "c.atout": collection(["25 Vouivre des Brumes"])})
    assert [(d.code, "has 25: add 5" in d.message) for d in result.diagnostics] == [("E401", True)]


# ---------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------


def test_the_shipped_rules_hold_the_rulebook_numbers_and_the_defaults(cards_dir, languages):
    document = read_file(cards_dir / "dragons" / "regles.atout", languages)
    assert document.diagnostics == []
    rules = document.rules
    assert isinstance(rules, DragonsRules)
    assert (rules.rounds, rules.drawn, rules.hand, rules.stats_min, rules.stats_max) == (5, 20, 5, 2, 3)
    assert (rules.fatigue, rules.exchanges) == (10, 1)
    assert [rules.band(r) for r in ast.Rarete] == [
        Bande(minimum=100, maximum=179),
        Bande(minimum=180, maximum=229),
        Bande(minimum=230, maximum=279),
        Bande(minimum=280, maximum=329),
        Bande(minimum=330, maximum=380),
    ]
    assert (rules.equal_totals, rules.endless_ties, rules.decisive_max) == ("personne ne marque", "nulle", 3)
    assert (rules.small_collection, rules.opponent) == ("duel reduit", "ordinateur")


@pytest.mark.parametrize(
    ("line", "field", "value"),
    [
        ("Égalité de totaux : personne ne marque", "equal_totals", "personne ne marque"),
        ("Égalité de totaux : les deux marquent", "equal_totals", "les deux marquent"),
        ("Égalité de totaux : Manche Rejouée", "equal_totals", "manche rejouee"),
        ("Fin des manches décisives : nulle", "endless_ties", "nulle"),
        ("Fin des manches décisives : sans fin", "endless_ties", "sans fin"),
        ("Petite collection : duel réduit", "small_collection", "duel reduit"),
        ("Petite collection : refusee", "small_collection", "refusee"),
        ("Adversaire : ordinateur", "opponent", "ordinateur"),
        ("Adversaire : humain", "opponent", "humain"),
        ("Adversaire : bot Heuristic", "opponent", "bot heuristic"),
        ("Adversaire : bot random", "opponent", "bot random"),
    ],
)
def test_every_value_of_every_option(read, shipped_rules_text, line, field, value):
    name = line.split(":")[0].strip()
    document = read(rules_with(shipped_rules_text, **{name: line}))
    assert document.diagnostics == []
    assert getattr(document.rules, field) == value


def test_a_wrong_option_value_is_e501_with_the_choices(read, shipped_rules_text):
    document = read(rules_with(shipped_rules_text, **{"Égalité de totaux": "Égalité de totaux : les deux marque"}))
    (problem,) = document.diagnostics
    assert (problem.code, problem.column) == ("E501", 21)
    assert problem.message == ('Égalité de totaux "les deux marque": write one of: personne ne marque, les deux marquent, manche rejouée (did you mean "les deux marquent"?)')


def test_an_unknown_opponent_is_e501(read, shipped_rules_text):
    document = read(rules_with(shipped_rules_text, Adversaire="Adversaire : robot"))
    assert [(d.code, d.message) for d in document.diagnostics] == [("E501", 'Adversaire "robot": write "ordinateur", "humain" or "bot" followed by a bot\'s name (bot random, bot heuristic)')]


@pytest.mark.parametrize(
    ("value", "nearest"),
    [("bot prudent", "bot random"), ("bot heuristik", "bot heuristic"), ("bot Randon", "bot random")],
)
def test_an_unknown_bot_is_e501_at_its_line_with_the_nearest_bot(read, shipped_rules_text, value, nearest):
    document = read(rules_with(shipped_rules_text, Adversaire=f"Adversaire : {value}"))
    (problem,) = document.diagnostics
    line = next(n for n, text in enumerate(document.text.split("\n"), 1) if text.startswith("Adversaire"))
    assert (problem.code, problem.line, problem.column) == ("E501", line, 14)
    name = value.split()[1].lower()
    assert problem.message == (f'Adversaire "{value}": there is no bot "{name}" (the nearest is "{nearest}"); the bots are bot random, bot heuristic')


def test_the_shipped_rules_files_and_the_docs_name_only_known_bots(cards_dir):
    from atout.interpreter.games.dragons.engine import BOTS

    texts = [p.read_text(encoding="utf-8") for p in sorted((cards_dir / "dragons").rglob("*.atout"))]
    texts.append((Path(__file__).resolve().parents[2] / "docs" / "dragons.md").read_text(encoding="utf-8"))
    named = {name for text in texts for name in re.findall(r"(?:`|« |Adversaire : )bot (\w+)", text)}
    assert "heuristic" in named and named <= set(BOTS) | {"NOM", "NAME"}


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Total Rare : 180 229", 'Total Rare "180 229": write a band of totals as "MIN à MAX", such as "180 à 229"'),
        ("Total Rare : 229 à 180", 'Total Rare "229 à 180": the minimum 229 is above the maximum 180'),
        ("Total Rare : 180 à 401", 'Total Rare "180 à 401": a total of four statistics is at most 400, not 401'),
        (
            "Total Rare : 170 à 229",
            'Total Rare "170 à 229": a rarer card totals more: start above the maximum of "Total Commune" (179)',
        ),
    ],
)
def test_a_wrong_band_is_e501(read, shipped_rules_text, line, message):
    document = read(rules_with(shipped_rules_text, **{"Total Rare": line}))
    assert [(d.code, d.message) for d in document.diagnostics] == [("E501", message)]


def test_bands_accept_a_plain_a_or_a_dash(read, shipped_rules_text):
    for written in ("180 a 229", "180-229", "180 – 229"):
        document = read(rules_with(shipped_rules_text, **{"Total Rare": f"Total Rare : {written}"}))
        assert document.diagnostics == [], written
        assert document.rules.total_rare == Bande(minimum=180, maximum=229)


@pytest.mark.parametrize(
    ("name", "line", "message"),
    [
        ("Cartes en main", "Cartes en main : 21", 'Cartes en main "21": a hand is taken from the drawn cards: at most 20 ("Cartes tirées de la collection")'),
        ("Statistiques par manche, maximum", "Statistiques par manche, maximum : 1", 'Statistiques par manche, maximum "1": must be at least the minimum, 2'),
        ("Statistiques par manche, minimum", "Statistiques par manche, minimum : 5", 'Statistiques par manche, minimum "5": must be 4 or less'),
        ("Manches", "Manches : 0", 'Manches "0": must be 1 or more'),
    ],
)
def test_numbers_out_of_range_are_e501(read, shipped_rules_text, name, line, message):
    document = read(rules_with(shipped_rules_text, **{name: line}))
    assert [(d.code, d.message) for d in document.diagnostics] == [("E501", message)]


def test_a_missing_parameter_is_e503(complete_set, shipped_rules_text):
    document = complete_set("dragons", {"regles.atout": rules_with(shipped_rules_text, Adversaire="")})
    assert [(d.code, d.message) for d in document.diagnostics] == [("E503", 'the parameter "Adversaire" is missing: add a line "Adversaire : …"')]


# ---------------------------------------------------------------------------
# The shipped files
# ---------------------------------------------------------------------------


def shipped(cards_dir) -> list[Path]:
    """Every shipped file of Duel de dragons (the designer's examples aside)."""
    return [path for path in expand([cards_dir / "dragons"]) if path in set(shipped_files(LANGUAGES["dragons"]))]


def test_all_shipped_files_are_valid_together(cards_dir, languages):
    from atout.interpreter.language.project import validate

    result = validate([cards_dir / "dragons"], languages)
    assert result.diagnostics == [], [d.render() for d in result.diagnostics]


def test_the_pool_has_both_categories_every_rarity_and_60_cards(cards_dir, languages):
    cards = [c for path in shipped(cards_dir) if (doc := read_file(path, languages)).kind is not None and doc.kind.name == "cards" for c in doc.node.cards]
    assert len(cards) >= 60
    assert len({c.name for c in cards}) == len(cards)
    for categorie in ast.Categorie:
        assert {c.rarete for c in cards if c.categorie is categorie} == set(ast.Rarete), categorie


def test_average_totals_rise_with_rarity(cards_dir, languages):
    cards = [c for path in shipped(cards_dir) if (doc := read_file(path, languages)).kind.name == "cards" for c in doc.node.cards]
    averages = []
    for rarete in ast.Rarete:
        totals = [c.statistiques.total() for c in cards if c.rarete is rarete]
        averages.append(sum(totals) / len(totals))
    assert averages == sorted(averages) and len(set(averages)) == 5


def test_the_shipped_collections_include_a_small_one(cards_dir, languages):
    totals = {Path(doc.path).stem: doc.node.total() for path in shipped(cards_dir) if (doc := read_file(path, languages)).kind.name == "collection"}
    assert len(totals) >= 2
    assert min(totals.values()) < 20 <= max(totals.values())


# the designer's examples (cards/dragons/exemples, an extension) are not the shipped game's files
SHIPPED = [p.relative_to(CARDS_DIR / "dragons").as_posix() for p in shipped_files(LANGUAGES["dragons"])]


@pytest.mark.parametrize("relative", SHIPPED, ids=[r.replace("/", "-") for r in SHIPPED])
def test_snapshot_of_each_shipped_file(cards_dir, languages, snapshot, relative):
    document = read_file(cards_dir / "dragons" / relative, languages)
    assert document.diagnostics == []
    assert dump(document.node) == snapshot(extension_class=JSONSnapshotExtension)
