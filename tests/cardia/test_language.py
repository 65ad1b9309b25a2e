"""Duel pour Cardia's card language: every construct, the checks, the shipped files."""

from __future__ import annotations

import pytest
from syrupy.extensions.json import JSONSnapshotExtension

from atout.interpreter.games.cardia import ast
from atout.interpreter.games.cardia.abilities import GagnentEgalites
from atout.interpreter.games.cardia.conditions import CarteEst, Chose, Compte, Possession, Si
from atout.interpreter.language.logic import Comparison
from atout.interpreter.games.cardia.rules import CardiaRules
from atout.interpreter.language.loader import read_file
from atout.interpreter.language.nodes import dump

HEADER = "Duel pour Cardia : cartes\n"
SHIPPED = ["paquet-i.atout", "paquet-ii.atout", "lieux.atout", "protecteurs.atout"]

F = ast.Faction
J = ast.Joueur


def card(read, body: str):
    """The one card of a file made of `body` after the header."""
    document = read(HEADER + body)
    assert document.diagnostics == [], [d.render() for d in document.diagnostics]
    (only,) = document.node.cards
    return only


def instant(read, text: str) -> list:
    """The effects of an instantaneous ability written `text`."""
    found = card(read, f"== Essai ==\nPaquet I · Guilde · influence 3\nCapacité instantanée : {text}\n")
    assert isinstance(found.capacite, ast.CapaciteInstantanee)
    return found.capacite.effets


def persistent(read, text: str) -> list:
    """The effects of a persistent ability written `text`."""
    found = card(read, f"== Essai ==\nPaquet II · Dynastie · influence 3\nCapacité persistante : {text}\n")
    assert isinstance(found.capacite, ast.CapacitePersistante)
    return found.capacite.effets


def rules_of_lieu(read, text: str) -> list:
    """The rules of a Lieu whose rule lines are `text`."""
    found = card(read, f"== Essai ==\nLieu · difficulté 1\n{text}\n")
    assert isinstance(found, ast.Lieu)
    return found.regles


def problems(document) -> list[tuple]:
    """The diagnostics as (code, line, column, message)."""
    return [(d.code, d.line, d.column, d.message) for d in document.diagnostics]


# ---------------------------------------------------------------------------
# Characters
# ---------------------------------------------------------------------------


def test_the_inventrice_of_the_worked_example(read):
    found = card(
        read,
        "== Inventrice ==\nPaquet I · Guilde · influence 15\nCapacité instantanée : +3 sur cette carte ; −3 sur une autre carte au choix\n",
    )
    assert found == ast.Personnage(
        name="Inventrice",
        paquet=ast.Paquet.PAQUET_I,
        faction=F.GUILDE,
        influence=15,
        capacites=[
            ast.CapaciteInstantanee(
                effets=[
                    ast.ModifierInfluence(n=3, cible=ast.CetteCarte()),
                    ast.ModifierInfluence(n=-3, cible=ast.CarteAuChoix(autre=True)),
                ]
            )
        ],
    )


def test_the_assassin_and_the_djinn(read):
    assassin = instant(read, "Défausser les deux cartes jouées")
    djinn = instant(read, "Gagner la partie")
    assert assassin == [ast.Defausser(cible=ast.CartesJouees())]
    assert djinn == [ast.GagnerLaPartie()]


@pytest.mark.parametrize(
    ("line", "paquet", "faction", "influence"),
    [
        ("Paquet I · Rébellion · influence 1", ast.Paquet.PAQUET_I, F.REBELLION, 1),
        ("Paquet II · Académie · influence 16", ast.Paquet.PAQUET_II, F.ACADEMIE, 16),
        ("paquet ii, academie, influence 9", ast.Paquet.PAQUET_II, F.ACADEMIE, 9),
        ("PAQUET I · DYNASTIE · INFLUENCE 4", ast.Paquet.PAQUET_I, F.DYNASTIE, 4),
    ],
)
def test_the_character_line(read, line, paquet, faction, influence):
    found = card(read, f"== Essai ==\n{line}\nCapacité instantanée : Piocher 1 carte\n")
    assert (found.paquet, found.faction, found.influence) == (paquet, faction, influence)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("+3 sur cette carte", ast.ModifierInfluence(n=3, cible=ast.CetteCarte())),
        ("−3 sur la carte adverse", ast.ModifierInfluence(n=-3, cible=ast.CarteAdverse())),
        ("-2 sur ta carte", ast.ModifierInfluence(n=-2, cible=ast.TaCarte())),
        ("7 sur cette carte", ast.ModifierInfluence(n=7, cible=ast.CetteCarte())),
        ("Défausser la carte adverse", ast.Defausser(cible=ast.CarteAdverse())),
        ("Défausser 1 carte de ta main", ast.DefausserMain(joueur=J.TOI, n=1)),
        ("Défausser 2 cartes de ta main au hasard", ast.DefausserMain(joueur=J.TOI, n=2, au_hasard=True)),
        ("L'adversaire défausse 1 carte de sa main", ast.DefausserMain(joueur=J.ADVERSAIRE, n=1)),
        (
            "L’adversaire défausse 1 carte de sa main au hasard",
            ast.DefausserMain(joueur=J.ADVERSAIRE, n=1, au_hasard=True),
        ),
        ("Piocher 2 cartes", ast.Piocher(joueur=J.TOI, n=2)),
        ("L'adversaire pioche 1 carte", ast.Piocher(joueur=J.ADVERSAIRE, n=1)),
        ("Gagner la partie", ast.GagnerLaPartie()),
        ("Reprendre cette carte en main", ast.ReprendreEnMain(cible=ast.CetteCarte())),
        ("Retirer un jeton Persistant au choix", ast.RetirerPersistant(adverse=False)),
        ("Retirer un jeton Persistant adverse au choix", ast.RetirerPersistant(adverse=True)),
        (
            "Si tu as moins de sceaux que l'adversaire, Gagner la partie",
            Si(
                condition=Possession(
                    left=Compte(joueur=J.TOI, chose=Chose.SCEAUX),
                    comparison=Comparison.LESS_THAN,
                    right=Compte(joueur=J.ADVERSAIRE, chose=Chose.SCEAUX),
                ),
                alors=[ast.GagnerLaPartie()],
            ),
        ),
        (
            "Si la carte adverse est de la Guilde, +5 sur cette carte",
            Si(
                condition=CarteEst(carte=ast.CarteAdverse(), faction=F.GUILDE),
                alors=[ast.ModifierInfluence(n=5, cible=ast.CetteCarte())],
            ),
        ),
    ],
)
def test_every_instantaneous_effect(read, text, expected):
    assert instant(read, text) == [expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("une carte au choix", ast.CarteAuChoix()),
        ("une autre carte au choix", ast.CarteAuChoix(autre=True)),
        ("une carte adverse au choix", ast.CarteAuChoix(camp=ast.Camp.ADVERSES)),
        ("une de tes cartes au choix", ast.CarteAuChoix(camp=ast.Camp.TIENNES)),
        ("une de tes autres cartes au choix", ast.CarteAuChoix(camp=ast.Camp.TIENNES, autre=True)),
        ("une carte de la Guilde au choix", ast.CarteAuChoix(faction=F.GUILDE)),
        ("une carte adverse de l'Académie au choix", ast.CarteAuChoix(camp=ast.Camp.ADVERSES, faction=F.ACADEMIE)),
        ("une carte d'une rencontre passée au choix", ast.CarteAuChoix(passee=True)),
        (
            "une de tes cartes de la Rébellion d'une rencontre passée au choix",
            ast.CarteAuChoix(camp=ast.Camp.TIENNES, faction=F.REBELLION, passee=True),
        ),
        ("une carte au choix de l'adversaire", ast.CarteAuChoix(choisie_par=J.ADVERSAIRE)),
        ("chacune de tes cartes", ast.ChacuneDeTesCartes()),
        ("chacune de tes cartes de la Dynastie", ast.ChacuneDeTesCartes(faction=F.DYNASTIE)),
        ("chacune des cartes adverses", ast.ChacuneDesCartesAdverses()),
        ("chacune des cartes adverses de l'Académie", ast.ChacuneDesCartesAdverses(faction=F.ACADEMIE)),
        ("cette carte", ast.CetteCarte()),
        ("ta carte", ast.TaCarte()),
        ("la carte adverse", ast.CarteAdverse()),
        ("les deux cartes jouées", ast.CartesJouees()),
    ],
)
def test_every_target(read, text, expected):
    assert instant(read, f"+1 sur {text}") == [ast.ModifierInfluence(n=1, cible=expected)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Tes cartes de l'Académie ont +1 d'influence",
            ast.InfluenceContinue(ensemble=ast.TesCartes(faction=F.ACADEMIE), n=1),
        ),
        ("Tes cartes ont +2 d'influence", ast.InfluenceContinue(ensemble=ast.TesCartes(), n=2)),
        (
            "Les cartes adverses de la Dynastie ont −2 d'influence",
            ast.InfluenceContinue(ensemble=ast.CartesAdverses(faction=F.DYNASTIE), n=-2),
        ),
        ("Cette carte a +4 d'influence", ast.InfluenceContinue(ensemble=ast.CetteCarte(), n=4)),
        ("Tes cartes gagnent les égalités", GagnentEgalites(ensemble=ast.TesCartes())),
        ("Les capacités instantanées adverses n'agissent pas", ast.CapacitesAdversesBloquees()),
        ("L'adversaire joue sa carte face visible", ast.JoueFaceVisible()),
        ("Tu pioches 1 carte de plus", ast.PiocheEnPlus(n=1)),
    ],
)
def test_every_persistent_effect(read, text, expected):
    assert persistent(read, text) == [expected]


def test_effects_one_per_line_are_the_same_as_semicolons(read):
    on_one_line = instant(read, "Piocher 1 carte ; +2 sur cette carte ; Défausser la carte adverse")
    per_line = instant(read, "Piocher 1 carte\n+2 sur cette carte   # un commentaire\n\nDéfausser la carte adverse")
    assert on_one_line == per_line and len(per_line) == 3


def test_keywords_match_whatever_the_case_and_accents(read):
    assert instant(read, "DEFAUSSER LES DEUX CARTES JOUEES") == instant(read, "Défausser les deux cartes jouées")
    assert persistent(read, "tes cartes gagnent les egalites") == [GagnentEgalites(ensemble=ast.TesCartes())]


def test_a_persistent_ability_cannot_hold_a_one_off_effect(read):
    document = read(HEADER + "== Essai ==\nPaquet I · Guilde · influence 3\nCapacité persistante : +3 sur cette carte\n")
    assert problems(document) == [("E110", 4, 24, '"+" has no place here; expected "L\'adversaire", "cette", "les", "tes" or "tu"')]


def test_a_misspelt_effect_gets_the_nearest_word(read):
    document = read(HEADER + "== Essai ==\nPaquet I · Guilde · influence 3\nCapacité instantanée : Defauser la carte adverse\n")
    (problem,) = document.diagnostics
    assert (problem.code, problem.line, problem.column, problem.suggestion) == ("E111", 4, 24, "Défausser")


# ---------------------------------------------------------------------------
# Lieu cards and Protecteurs
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Il faut 6 sceaux pour gagner", ast.NombreDeLaRegle(parametre=ast.Parametre.SCEAUX_POUR_GAGNER, n=6)),
        ("Chacun commence avec 7 cartes en main", ast.NombreDeLaRegle(parametre=ast.Parametre.MAIN_DE_DEPART, n=7)),
        ("Chacun pioche 2 cartes à la fin du tour", ast.NombreDeLaRegle(parametre=ast.Parametre.PIOCHE_PAR_TOUR, n=2)),
        (
            "En cas d'égalité, le joueur qui a le moins de sceaux gagne la rencontre",
            ast.EnCasDEgalite(moins_de_sceaux=True),
        ),
        ("En cas d'égalité, les deux capacités agissent", ast.EnCasDEgalite()),
        (
            "En cas d'égalité, les deux capacités agissent, sauf celles qui reprennent une carte en main",
            ast.EnCasDEgalite(sauf_reprise=True),
        ),
        ("Victoire aussi avec des sceaux sur 4 factions", ast.VictoireAussi(factions=True, n=4)),
        ("Victoire aussi avec 3 rencontres gagnées d'affilée", ast.VictoireAussi(factions=False, n=3)),
        ("La défausse se remélange quand la pioche est vide", ast.DefausseRemelangee()),
        ("La défausse se remélange une fois quand la pioche est vide", ast.DefausseRemelangee(fois=1)),
        ("la defausse se remelange UNE FOIS quand la pioche est vide", ast.DefausseRemelangee(fois=1)),
        ("La défausse se remélange 3 fois quand la pioche est vide", ast.DefausseRemelangee(fois=3)),
        ("Les cartes ont −1 d'influence", ast.InfluenceDesCartes(n=-1)),
        ("Les cartes de la Guilde ont +1 d'influence", ast.InfluenceDesCartes(faction=F.GUILDE, n=1)),
    ],
)
def test_every_lieu_rule(read, text, expected):
    assert rules_of_lieu(read, f"Règle : {text}") == [expected]


def test_a_lieu_with_stars_and_several_rules(read):
    found = card(
        read,
        "== Puits ==\nLieu · difficulté ★★\nRègle : La défausse se remélange quand la pioche est vide ; Il faut 7 sceaux pour gagner\nRègle : Chacun pioche 2 cartes à la fin du tour\n",
    )
    assert found == ast.Lieu(
        name="Puits",
        difficulte=2,
        regles=[ast.DefausseRemelangee(), ast.NombreDeLaRegle(parametre=ast.Parametre.SCEAUX_POUR_GAGNER, n=7), ast.NombreDeLaRegle(parametre=ast.Parametre.PIOCHE_PAR_TOUR, n=2)],
    )
    assert card(read, "== Puits ==\nLieu · difficulté 2\nRègle : Il faut 7 sceaux pour gagner\n").difficulte == 2


def test_protecteurs_with_and_without_seulement_si_tu_es_le_seul(read):
    shared = card(read, "== Chouette ==\nProtecteur · Académie\nCapacité : Piocher 1 carte\n")
    alone = card(read, "== Loup ==\nProtecteur de la Nature · Rébellion\nCapacité, seulement si tu es le seul : +3 sur ta carte\n")
    assert shared == ast.Protecteur(
        name="Chouette",
        faction=F.ACADEMIE,
        capacite=ast.CapaciteProtecteur(seulement_si_seul=False, effets=[ast.Piocher(n=1)]),
    )
    assert alone == ast.Protecteur(
        name="Loup",
        faction=F.REBELLION,
        capacite=ast.CapaciteProtecteur(seulement_si_seul=True, effets=[ast.ModifierInfluence(n=3, cible=ast.TaCarte())]),
    )


# ---------------------------------------------------------------------------
# Ranges (E200)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            "Paquet I · Guilde · influence 17\nCapacité instantanée : Piocher 1 carte",
            ("E200", 4, 31, "influence 17: must be 16 or less"),
        ),
        (
            "Paquet I · Guilde · influence 0\nCapacité instantanée : Piocher 1 carte",
            ("E200", 4, 31, "influence 0: must be 1 or more"),
        ),
        (
            "Paquet I · Guilde · influence 3\nCapacité instantanée : +20 sur cette carte",
            ("E200", 5, 24, "+20 sur cette carte: must be 15 or less"),
        ),
        (
            "Paquet I · Guilde · influence 3\nCapacité instantanée : Piocher 0 carte",
            ("E200", 5, 32, "Piocher 0 carte: must be 1 or more"),
        ),
        (
            "Paquet I · Guilde · influence 3\nCapacité instantanée : +0 sur cette carte",
            ("E201", 5, 24, "+0 sur cette carte: a change of 0 does nothing: write a number other than 0"),
        ),
        (
            "Lieu · difficulté ★★★★★★\nRègle : Il faut 6 sceaux pour gagner",
            ("E200", 4, 19, "difficulté ★★★★★★: must be 5 or less"),
        ),
        (
            "Lieu · difficulté 1\nRègle : Il faut 0 sceaux pour gagner",
            ("E200", 5, 17, "Il faut 0 sceaux pour gagner: must be 1 or more"),
        ),
        (
            "Lieu · difficulté 1\nRègle : La défausse se remélange 0 fois quand la pioche est vide",
            ("E200", 5, 34, "La défausse se remélange 0 fois quand la pioche est vide: must be 1 or more"),
        ),
        (
            "Lieu · difficulté 1\nRègle : La défausse se remélange 17 fois quand la pioche est vide",
            ("E200", 5, 34, "La défausse se remélange 17 fois quand la pioche est vide: must be 16 or less"),
        ),
    ],
)
def test_numbers_out_of_range(read, body, expected):
    document = read(HEADER + "\n== Essai ==\n" + body + "\n")
    assert problems(document) == [expected]


# ---------------------------------------------------------------------------
# Set checks (E301)
# ---------------------------------------------------------------------------


def shipped_text(cards_dir, name: str) -> str:
    return (cards_dir / "cardia" / name).read_text(encoding="utf-8")


def set_problems(validation) -> list[tuple]:
    return [(d.code, d.line, d.column, d.message) for d in validation.problems]


def test_the_shipped_decks_and_lieux_pass_the_set_checks(validate_tree, cards_dir):
    validation = validate_tree({name: shipped_text(cards_dir, name) for name in SHIPPED})
    assert set_problems(validation) == []


HEAD_16 = "the decks must hold each influence from 1 to 16 once (Cartes par paquet in the rules) and all four factions:"
MISSING = "give each deck a character of each influence and faction it misses"


def shown(validation, tmp_path) -> list[tuple]:
    """`set_problems` with the test's folder left out of the messages."""
    return [(code, line, column, message.replace(f"{tmp_path}/", "")) for code, line, column, message in set_problems(validation)]


def test_an_influence_doubled_and_one_missing(validate_tree, cards_dir, tmp_path):
    text = shipped_text(cards_dir, "paquet-i.atout").replace("influence 7\n", "influence 8\n")
    validation = validate_tree({"paquet-i.atout": text})
    lines = text.splitlines()
    garde, line = lines.index("== Garde royale ==") + 1, lines.index("== Alchimiste ==") + 1
    # one message, at the designer's card that clashes
    assert shown(validation, tmp_path) == [
        (
            "E301",
            line,
            1,
            f"{HEAD_16}\n"
            f'        Paquet I, influence 8 twice: "Garde royale" (paquet-i.atout:{garde}) and "Alchimiste" (paquet-i.atout:{line})\n'
            "        Paquet I has no character of influence 7\n"
            "    give your characters influences their deck does not have (Paquet I: 7)\n"
            f"    and {MISSING}",
        ),
    ]


def test_a_deck_too_small(validate_tree, cards_dir):
    text = shipped_text(cards_dir, "paquet-ii.atout")
    text = text[: text.index("== Impératrice ==")]
    # a complete set (cards and main rules): the files are the whole set
    validation = validate_tree({"paquet-ii.atout": text, "regles.atout": shipped_text(cards_dir, "regles.atout")})
    rules_line = next(n for n, text in enumerate(shipped_text(cards_dir, "regles.atout").splitlines(), 1) if text.startswith("Cartes par paquet"))
    # told at the line of the rules that fixes the deck's size
    assert set_problems(validation) == [
        ("E301", rules_line, 1, f"{HEAD_16}\n        Paquet II has no character of influence 15 and 16\n    {MISSING}"),
    ]


def test_a_deck_without_a_faction(validate_tree, cards_dir):
    text = shipped_text(cards_dir, "paquet-i.atout").replace("· Dynastie ·", "· Guilde ·")
    validation = validate_tree({"paquet-i.atout": text})
    assert set_problems(validation) == [
        ("E301", 1, 1, f"{HEAD_16}\n        Paquet I has no Dynastie character\n    {MISSING}"),
    ]


def test_the_number_of_lieux_is_the_rules_parameter(validate_tree, cards_dir):
    text = shipped_text(cards_dir, "lieux.atout")
    seven = text[: text.index("== Puits sans Fond ==")]
    validation = validate_tree({"lieux.atout": seven, "regles.atout": shipped_text(cards_dir, "regles.atout")})
    rules_line = next(n for n, text in enumerate(shipped_text(cards_dir, "regles.atout").splitlines(), 1) if text.startswith("Cartes Lieu"))
    assert set_problems(validation) == [
        (
            "E301",
            rules_line,
            1,
            'the Lieu cards number 8 (Cartes Lieu in the rules); there are 7: write "Cartes Lieu : 7" in the rules, or leave out or add Lieu cards',
        ),
    ]
    rules = shipped_text(cards_dir, "regles.atout").replace("Cartes Lieu : 8", "Cartes Lieu : 7")
    validation = validate_tree({"lieux.atout": seven, "regles.atout": rules})
    assert set_problems(validation) == []


def test_the_deck_size_is_the_rules_parameter(validate_tree, cards_dir, tmp_path):
    rules = shipped_text(cards_dir, "regles.atout").replace("Cartes par paquet : 16", "Cartes par paquet : 15")
    validation = validate_tree({"paquet-i.atout": shipped_text(cards_dir, "paquet-i.atout"), "regles.atout": rules})
    text = shipped_text(cards_dir, "paquet-i.atout")
    line = text.splitlines().index("== Djinn ==") + 1
    assert shown(validation, tmp_path) == [
        (
            "E301",
            line,
            1,
            "the decks must hold each influence from 1 to 15 once (Cartes par paquet in the rules) and all four factions:\n"
            f'        Paquet I, influence 16, more than 15: "Djinn" (paquet-i.atout:{line})\n'
            "    change the characters' influences\n"
            '    or change "Cartes par paquet" in the rules',
        ),
    ]


def test_two_cards_with_the_same_name_across_decks(validate_tree, cards_dir):
    text = shipped_text(cards_dir, "paquet-ii.atout").replace("== Ombre ==", "== Assassin ==")
    validation = validate_tree({"paquet-i.atout": shipped_text(cards_dir, "paquet-i.atout"), "paquet-ii.atout": text})
    (problem,) = [d for d in validation.problems if d.code == "E300"]
    line = text.splitlines().index("== Assassin ==") + 1
    assert (problem.code, problem.line, problem.column) == ("E300", line, 1)
    assert problem.file.endswith("paquet-ii.atout") and problem.message.startswith('a card named "Assassin" is defined twice')


# ---------------------------------------------------------------------------
# The rules file
# ---------------------------------------------------------------------------


def test_the_rules_file_gives_every_parameter(languages, cards_dir):
    document = read_file(cards_dir / "cardia" / "regles.atout", languages)
    assert document.diagnostics == []
    rules = document.rules
    assert isinstance(rules, CardiaRules)
    assert (rules.cards_per_deck, rules.starting_hand, rules.draw_per_turn) == (16, 5, 1)
    assert (rules.seals_to_win, rules.total_seals, rules.persistent_tokens) == (5, 12, 6)
    assert (rules.modifiers_of_1, rules.modifiers_of_3, rules.modifiers_of_5) == (8, 8, 6)
    assert (rules.games_to_win_match, rules.encounters_per_protector, rules.lieu_cards) == (2, 2, 8)
    assert (rules.deck_i_difficulty, rules.deck_ii_difficulty) == (1, 2)
    assert (rules.limited_seals, rules.limited_modifiers, rules.limited_persistent_tokens) == (False, False, False)


def test_a_missing_rules_parameter(complete_set, cards_dir):
    text = shipped_text(cards_dir, "regles.atout").replace("Modificateurs limités : non\n", "")
    validation = complete_set("cardia", {"regles.atout": text})
    assert problems(validation) == [("E503", 1, 1, 'the parameter "Modificateurs limités" is missing: add a line "Modificateurs limités : …"')]


def test_a_yes_no_parameter_with_a_wrong_value(read, cards_dir):
    text = shipped_text(cards_dir, "regles.atout").replace("Sceaux limités : non", "Sceaux limités : peut-être")
    document = read(text, name="regles.atout")
    line = text.splitlines().index("Sceaux limités : peut-être") + 1
    assert problems(document) == [("E501", line, 18, 'Sceaux limités "peut-être": write "oui" or "non"')]


# ---------------------------------------------------------------------------
# The shipped files
# ---------------------------------------------------------------------------


def test_every_shipped_file_is_valid(languages, cards_dir):
    from atout.interpreter.language.project import validate

    validation = validate([cards_dir / "cardia"], languages)
    assert [d.render() for d in validation.diagnostics] == []
    examples = sorted((cards_dir / "cardia" / "exemples").glob("*.atout"))
    assert len(validation.documents) == len(SHIPPED) + 1 + len(examples)


def test_the_decks_have_both_kinds_of_ability(languages, cards_dir):
    for name in ("paquet-i.atout", "paquet-ii.atout"):
        cards = read_file(cards_dir / "cardia" / name, languages).node.cards
        kinds = {type(c.capacite) for c in cards}
        assert kinds == {ast.CapaciteInstantanee, ast.CapacitePersistante}


def test_the_known_characters_are_in_deck_i(languages, cards_dir):
    cards = {c.name: c for c in read_file(cards_dir / "cardia" / "paquet-i.atout", languages).node.cards}
    assert cards["Assassin"].influence == 1
    assert cards["Assassin"].capacite.effets == [ast.Defausser(cible=ast.CartesJouees())]
    assert cards["Djinn"].influence == 16
    assert cards["Djinn"].capacite.effets == [ast.GagnerLaPartie()]
    assert cards["Inventrice"].influence == 15


@pytest.fixture
def snapshot_json(snapshot):
    """Snapshots as JSON files."""
    return snapshot.use_extension(JSONSnapshotExtension)


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_card_file_ast(languages, cards_dir, snapshot_json, name):
    document = read_file(cards_dir / "cardia" / name, languages)
    assert document.diagnostics == []
    assert dump(document.node) == snapshot_json
