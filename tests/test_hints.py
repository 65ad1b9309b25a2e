"""Errors that teach: a refused line gets a hint naming the construct it probably meant.

Each game declares what its constructs are for, with examples
(`GameLanguage.teachings`); a syntax error on a line near one of them says
"hint: to …, write a `…` line: …". The tables below are ideas a designer
writes in the wrong form, in each game's language, with the construct the
hint must name; and lines of noise that must get no hint.

Known misses, left out of the tables: an idea the game cannot say at all
(`Pouvoir : cette carte gagne les égalités`, `… perd 5 en Savoir ce
tour-ci` in Duel de dragons) may be taught the nearest power that it is
not; a word that is in many examples may outweigh the idea (`+2 sur toutes
tes cartes` in Duel pour Cardia is taught `+3 sur cette carte`, not
`chacune de tes cartes`). On lines written apart from these tables, about
seven in ten hints name the construct meant.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from atout.cli.main import main

from atout.interpreter.games import LANGUAGES
from atout.interpreter.language.diagnostics import CODES, GAME_CODES, SHARED_CODES, Diagnostic, code_owner, register_codes
from atout.interpreter.language.hints import THRESHOLD, Hints, teach, words
from atout.interpreter.language.loader import read_document
from atout.interpreter.language.text import fold

GAMES = ("battlefight", "cordes", "cardia", "dragons")

#: Cards a line is tried in, per game: `{line}` is the line (the first template that reads it counts).
TEMPLATES = {
    "battlefight": ["BattleFight : cartes\n\n== X ==\nAttaque\n{line}\n", "BattleFight : cartes\n\n== X ==\n{line}\nPiocher 1\n"],
    "cordes": [
        "Dans les Cordes : cards\n\n== X ==\nATTACK · cost 1\n{line}\n",
        "Dans les Cordes : cards\n\n== X ==\nCHARACTER\n{line}\n",
        "Dans les Cordes : cards\n\n== X ==\nDEFENSE · cost 1\n{line}\n",
        "Dans les Cordes : cards\n\n== X ==\nRIPOSTE · cost 2\nAgainst an attack:\n-1 life to the opponent\n{line}\n",
        "Dans les Cordes : cards\n\n== X ==\n{line}\n-1 life to the opponent\n",
        "Dans les Cordes : cards\n\n== X ==\nATTACK · cost 1\n{line}\n-1 life to the opponent\n",
        "Dans les Cordes : cards\n\n== X ==\n{line}\nAgainst an attack you dodge the blow\n",
        "Dans les Cordes : cards\n\n== X ==\n{line}\nAgainst an attack:\n-1 life to the opponent\nAs an attack: -1 life to the opponent\n",
        "Dans les Cordes : cards\n\n== X ==\n{line}\n",
    ],
    "cardia": [
        "Duel pour Cardia : cartes\n\n== X ==\nPaquet II · Guilde · influence 2\n{line}\n",
        "Duel pour Cardia : cartes\n\n== X ==\nLieu · difficulté ★\n{line}\n",
        "Duel pour Cardia : cartes\n\n== X ==\n{line}\nCapacité instantanée : Piocher 1 carte\n",
    ],
    "dragons": [
        "Duel de dragons : cartes\n\n== X ==\nDragon · Commune\nPuissance 48 · Ruse 30 · Savoir 18 · Charisme 26\n{line}\n",
        "Duel de dragons : cartes\n\n== X ==\nDragon · Commune\n{line}\n",
        "Duel de dragons : cartes\n\n== X ==\n{line}\nPuissance 48 · Ruse 30 · Savoir 18 · Charisme 26\n",
    ],
}

#: Ideas written in the wrong form, and the construct (its rule) the hint must name; several when either is right.
REFUSED = {
    "dragons": [
        ("Savoir +20 si la carte adverse est un Dragon", {"si"}),  # the case
        ("+10 en Ruse si la manche demande la Ruse", {"si"}),
        ("Bonus : +15 en Puissance contre les Personnages", {"bonus"}),
        ("Pouvoir : +3 Savoir par carte dans ta réserve", {"pour_chaque"}),
        ("Quand cette carte gagne : marquer 1 point", {"quand_gagne", "marque"}),
        ("Pouvoir : l'adversaire perd un point quand cette carte gagne", {"marque", "quand_gagne"}),
        ("Pouvoir : au début de chaque manche, piocher 1 carte de la réserve", {"au_debut", "mets"}),
        ("Pouvoir : une fois par partie : +10 au total", {"fois_par_duel"}),
        ("Pouvoir : regarder les 3 premières cartes de la réserve", {"regarde"}),
        ("Fatigue : 5", {"fatigue_propre"}),
        ("Puissance 48, Ruse 30, Savoir 18 et Charisme 26", {"statistiques"}),
        ("Pouvoir : la carte adverse perd 10 en Puissance jusqu'à la fin du duel", {"change_statistique"}),
        ("Pouvoir : +1 échange de cartes avec ta réserve", {"echanges"}),
        ("Pouvoir : défausse 1 carte au hasard de la main de l'adversaire", {"mets"}),
        ("Pouvoir : si l'adversaire a plus de points que toi : +10 au total", {"points"}),
        ("+5 en Charisme par point que tu as", {"pour_chaque"}),
        ("Pouvoir : quand cette carte perd, mets-la dans ta réserve", {"mets", "quand_perd"}),
        ("Pouvoir : Contre un Dragon, +10 en Puissance et +10 en Ruse", {"bonus"}),
        ("Pouvoir : si tu as moins de cartes en main que l'adversaire : +10 au total", {"nombre_de_cartes", "comparaison"}),
        ("Pouvoir : quand cette carte gagne une manche, l'adversaire défausse une carte", {"mets", "quand_gagne"}),
        ("Charisme : 40", {"statistiques", "statistique"}),
        ("Pouvoir : +10 en Puissance si la manche demande la Puissance", {"si", "demande"}),
        ("Pouvoir : deux fois par manche : +5 au total", {"fois_par_manche"}),
        ("Pouvoir : si c'est la manche 3 : +10 au total", {"numero_de_manche", "comparaison"}),
        ("Fatigue -5", {"fatigue_propre"}),
        ("Pouvoir : au début de la manche, marque un point si tu as moins de points que l'adversaire", {"points", "au_debut", "marque", "si"}),
        ("Rareté : Commune", {"kind · rarity"}),
    ],
    "cordes": [
        ("this card cannot be countered", {"cannot_be_countered"}),  # the case
        ("It can't be countered", {"cannot_be_countered"}),
        ("the opponent loses 2 life", {"life"}),
        ("you gain 1 energy", {"energy"}),
        ("draw 2 cards", {"draw"}),
        ("the opponent discards 1 card at random", {"discard"}),
        ("-1 life to the opponent if your energy is at least 3", {"conditional"}),
        ("Once per turn, when you lose life: +1 energy", {"power"}),
        ("look at the 3 top cards of the draw pile and take one", {"look"}),
        ("steal 1 card from the opponent's hand at random", {"take"}),
        ("You dodge the attack", {"dodge"}),
        ("Against an attack you block 1 damage", {"block"}),
        ("-1 energy to the opponent per card in your spittoon", {"for_each"}),
        ("when the gong rings, +1 energy", {"power"}),
        ("the opponent can't counter this card", {"cannot_be_countered"}),
        ("Steal 2 energy from the opponent", {"energy"}),
        ("Heal 2 life", {"life"}),
        ("Against a Jab: dodge", {"dodge"}),
        ("if round >= 3: -2 life to the opponent", {"conditional", "compare", "round_number"}),
        ("When you dodge a blow: +1 energy", {"power"}),
        ("take a card from the ring", {"take"}),
        ("-2 life to the opponent unless your energy is at least 3", {"conditional", "not_"}),
        ("the opponent discards 2 cards, their choice", {"discard"}),
        ("+1 card at the end of your turn", {"power", "draw"}),
        ("look at the 2 first cards of the pile", {"look"}),
    ],
    "cardia": [
        ("Capacité instantanée : cette carte gagne +3 d'influence", {"modifier_influence", "influence_continue"}),
        ("Capacité instantanée : piocher deux cartes", {"piocher"}),
        ("Capacité instantanée : l'adversaire défausse une carte au hasard", {"defausser_main"}),
        ("Capacité persistante : cette carte gagne toujours les égalités", {"gagnent_egalites"}),
        ("Capacité instantanée : l'adversaire joue face visible", {"joue_face_visible", "se_jouent_face_visible"}),
        ("Capacité instantanée : Défausser la carte de l'adversaire", {"defausser"}),
        ("Capacité instantanée : copie la capacité de la carte adverse", {"copier"}),
        ("Capacité instantanée : Échanger cette carte contre une carte de ta main", {"echanger"}),
        ("Capacité instantanée : regarde les 3 cartes du dessus de ta pioche et prends-en une", {"regarder"}),
        ("Capacité instantanée : si l'adversaire a plus de sceaux, Gagner la partie", {"gagner_la_partie", "si", "possession"}),
        ("Règle : il faut 7 sceaux pour gagner la partie", {"nombre_de_la_regle"}),
        ("Capacité instantanée : +1 sur cette carte par sceau de l'adversaire", {"pour_chaque"}),
        ("Capacité persistante : Tu pioches une carte en plus à chaque tour", {"pioche_en_plus"}),
        ("Capacité instantanée : Piocher 1 carte si tu as moins de sceaux que l'adversaire", {"si", "possession"}),
        ("Capacité persistante : les cartes adverses ont une influence de -1", {"influence_continue"}),
        ("Capacité instantanée : reprends ta carte dans ta main", {"reprendre_en_main"}),
        ("Capacité instantanée : défausse une carte adverse au hasard", {"defausser", "defausser_main"}),
        ("Capacité instantanée : +2 sur cette carte si la carte adverse est de la Guilde", {"carte_est", "si"}),
        ("Capacité instantanée : l'adversaire pioche deux cartes", {"piocher"}),
        ("Capacité instantanée : retire un jeton Persistant de l'adversaire", {"retirer_persistant"}),
        ("Règle : on gagne avec 3 victoires de suite", {"victoire_aussi"}),
        ("Capacité instantanée : l'adversaire perd 2 d'influence", {"modifier_influence"}),
        ("Capacité instantanée, une fois par partie : Piocher 2 cartes", {"fois_par_duel"}),
        ("Capacité instantanée : mets une carte de ta main sous ta pioche", {"prendre"}),
        ("Règle : chaque joueur commence avec 7 cartes", {"nombre_de_la_regle"}),
        ("Capacité instantanée : Défausser ta main", {"defausser_main"}),
        ("Capacité persistante : l'adversaire ne peut pas utiliser ses capacités", {"capacites_adverses_bloquees"}),
        ("Capacité instantanée : si la carte adverse a plus de 8 d'influence, la défausser", {"influence_est", "defausser"}),
    ],
    "battlefight": [
        ("Corps à Corps ; Infliger 4 dégâts", {"blesser"}),
        ("Si la distance vaut 1 : Blesser 2", {"la_distance", "si", "distance"}),
        ("Corps à Corps ; Blesser 2 si la distance est de 1", {"la_distance", "si"}),
        ("Pioche 2 cartes", {"piocher"}),
        ("Repousser l'adversaire de 2 cases", {"pousser"}),
        ("Se déplace de 2 cases", {"se_deplacer"}),
        ("Force +2 jusqu'au prochain tour", {"force", "stable", "jusqu_a"}),  # a bonus for a while: `Jusqu'à la fin de ton prochain tour : Force +2`
        ("Quand tu es blessé, une fois par tour : Piocher 1", {"quand"}),
        ("[L'adversaire] Se Blesser 2", {"l_adversaire_a"}),
        ("Les deux joueurs Piochent 1", {"tout_le_monde_a"}),
        ("Prendre une carte dans la main de l'adversaire", {"prendre"}),
        ("Blesser 1 par carte de ta main", {"pour_chaque"}),
        ("Empêcher l'adversaire de jouer des Défenses ; Stable 1", {"s_empecher"}),
        ("Défausse une carte pour Piocher 2", {"piocher", "defausser"}),
        ("Piocher 1 carte par carte de la main de l'adversaire", {"pour_chaque", "piocher"}),
        ("Si l'adversaire a plus de vie que toi : Blesser 2", {"tu_as", "si"}),
        ("Bloquer 2 dégâts", {"bloquer"}),
        ("Corps à Corps ; Blesser 3 ; l'adversaire Pioche 1", {"l_adversaire_a"}),
        ("Stable 2 tours", {"stable"}),
        ("Déstabilise une carte de l'adversaire", {"destabiliser"}),
        ("Si tu as moins de vie que l'adversaire, Blesser 3", {"tu_as", "si"}),
        ("Une fois par tour, si tu es blessé : Bloquer 1", {"quand"}),
        ("Si l'adversaire est à distance 3 : Blesser 2", {"la_distance", "si"}),
        ("Défausser toute ta main ; Piocher 5", {"defausser"}),
        ("Protection +1 pendant 2 tours", {"protection", "stable"}),
        ("Blesser 2 et Pousser 1", {"blesser", "pousser"}),
        ("Tant que cette carte est en jeu : Force +1", {"force", "stable"}),
        ("Regarder la main de l'adversaire", {"prendre"}),
    ],
}

#: Lines no example is near: they must get no hint.
NOISE = {
    "battlefight": ["zzz qqq wwww", "Soigner 2", "Lorem ipsum dolor sit amet", "Une technique apprise auprès d'un vieux maître", "Illustration : Jeanne"],
    "cordes": ["zzz qqq wwww", "Lorem ipsum dolor sit amet", "The boxer wears red gloves", "Art by Jane Doe"],
    "cardia": ["zzz qqq wwww", "Lorem ipsum dolor sit amet", "Une vieille sage venue des montagnes du nord", "Illustration : Jeanne"],
    "dragons": ["zzz qqq wwww", "Lorem ipsum dolor sit amet", "Ce dragon dort sur un tas d'or depuis mille ans", "Illustration : Jeanne"],
}


def read_line(game: str, line: str, template: int = 0):
    """The diagnostics of a card of `game` holding `line`."""
    text = TEMPLATES[game][template].format(line=line)
    return read_document("hint.atout", text, LANGUAGES).diagnostics


def syntax_errors(game: str, line: str) -> list[str]:
    """The syntax errors of `line` in the first card of its game that reads it (none if one reads it)."""
    found: list[str] = []
    for index in range(len(TEMPLATES[game])):
        problems = [d.render() for d in read_line(game, line, index) if d.code in ("E110", "E111", "E112", "E113")]
        if not problems:
            return []
        found = found or problems
    return found


# ---------------------------------------------------------------------------
# The two cases
# ---------------------------------------------------------------------------


def test_a_bonus_with_a_condition_in_dragons_is_taught_the_pouvoir_line():
    (diagnostic,) = read_line("dragons", "Savoir +20 si la carte adverse est un Dragon")
    rendered = diagnostic.render().splitlines()
    assert rendered[0].endswith('E110 "+" has no place here; expected a number')  # the message stays first
    assert rendered[-1] == ("    hint: to add to a statistic when a condition holds, write a `Pouvoir :` line: Pouvoir : si la carte adverse est un Dragon : +20 en Savoir.")


def test_cannot_be_countered_in_cordes_is_taught_its_line():
    (diagnostic,) = read_line("cordes", "this card cannot be countered")
    assert diagnostic.message.startswith('unexpected word "card"; expected "turn"')  # "This turn only: …" starts as it does
    assert diagnostic.hint == ("to make a blow that no defense or riposte can counter, write a `Cannot be countered` line: Cannot be countered")
    assert "hint: to make a blow" in diagnostic.render()


# ---------------------------------------------------------------------------
# The tables of refused lines
# ---------------------------------------------------------------------------


def guessed(game: str, line: str) -> str | None:
    """The construct the hint of `line` names (or its "did you mean", which then stands for the hint), or None."""
    hints = LANGUAGES[game].hints
    diagnostic = next(d for d in read_line(game, line) if d.code in ("E110", "E111", "E112"))
    guess = hints.guess(line, diagnostic.column)
    if guess is None:
        return None
    if diagnostic.hint is not None:
        return guess.teaching.name
    said = diagnostic.suggestion
    return guess.teaching.name if said and guess.score >= THRESHOLD and fold(said) in fold(guess.teaching.form) else None


@pytest.mark.parametrize(("game", "line", "meant"), [(game, line, meant) for game, cases in REFUSED.items() for line, meant in cases])
def test_a_refused_idea_is_taught_the_construct_it_meant(game, line, meant):
    assert syntax_errors(game, line), f"{line!r} is read by {game}: no refused line"
    told = [d.hint or d.suggestion for d in read_line(game, line)]
    assert guessed(game, line) in meant, (line, told)


@pytest.mark.parametrize(("game", "line"), [(game, line) for game, lines in NOISE.items() for line in lines])
def test_a_line_near_no_example_gets_no_hint(game, line):
    diagnostics = read_line(game, line)
    assert diagnostics and all(d.hint is None for d in diagnostics)


def test_every_game_has_ten_refused_ideas_and_most_are_taught_right():
    for game in GAMES:
        cases = REFUSED[game]
        assert len(cases) >= 10, game
        right = sum(guessed(game, line) in meant for line, meant in cases)
        assert right == len(cases), game


def test_a_misspelt_keyword_gets_its_did_you_mean_and_no_hint_besides():
    diagnostics = read_line("battlefight", "Corps à Corps ; Défausser 1 ; Blessr 4")
    assert [(d.suggestion, d.hint) for d in diagnostics] == [("Blesser", None)]
    diagnostics = read_line("battlefight", "Rejoue une technique")
    assert [(d.suggestion, d.hint) for d in diagnostics] == [("Rejouer", None)]


def test_a_card_title_gets_no_hint():
    text = "Duel de dragons : cartes\n\n== Savoir +20 ==\nDragon · Commune\nSavoir +20 si\n"
    assert all(d.hint is None or "Savoir +20 si" not in d.hint for d in read_document("t.atout", text, LANGUAGES).diagnostics)


# ---------------------------------------------------------------------------
# The teachings themselves
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_construct_is_taught(game):
    language = LANGUAGES[game]
    taught = {rule for teaching in language.teachings for rule in teaching.constructs}
    rules = {construct.rule() for construct in language.constructs}
    assert sorted(rules - taught) == [], "constructs with no teaching"
    assert sorted(taught - rules) == [], "teachings of constructs the game does not have"


@pytest.mark.parametrize(
    ("game", "example"),
    [(game, example) for game in GAMES for teaching in LANGUAGES[game].teachings for example in teaching.examples],
)
def test_every_example_is_a_line_its_game_reads(game, example):
    assert syntax_errors(game, example) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_example_is_its_own_nearest(game):
    """An example written as is would be taught itself: the examples are far enough apart to tell."""
    hints = LANGUAGES[game].hints
    for teaching in LANGUAGES[game].teachings:
        for example in teaching.examples:
            guess = hints.guess(example)
            assert guess is not None and guess.score >= THRESHOLD
            assert guess.example == example or guess.score == hints.guess(guess.example).score, (example, guess.example)


def test_words_are_folded_numbers_dropped_signs_kept():
    assert words("Savoir +20 si l'Adversaire a −3") == ["savoi", "+", "si", "l", "adver", "a", "-"]
    assert words("+autant en Savoir") == ["+", "autan", "en", "savoi"]
    assert words("Pioche") == words("piocher") == words("Piochent")


def test_hints_without_teachings_say_nothing():
    assert Hints(()).hint("Savoir +20") is None
    with pytest.raises(ValueError, match="at least one example"):
        teach("to do nothing", "Rien")


def test_the_hint_says_when_the_line_has_the_form_already():
    hints = Hints([teach("to score points", "Pouvoir :", "Pouvoir : quand cette carte gagne une manche : marque 1 point.")])
    assert hints.hint("Pouvoir : marquer 1 point quand cette carte gagne une manche") == ("to score points, write for example: Pouvoir : quand cette carte gagne une manche : marque 1 point.")


def test_the_hint_says_an_before_a_vowel():
    hints = Hints([teach("to act only when a condition holds", "if", "if your energy is at least 3: +1 energy")])
    assert hints.hint("+1 energy when your energy is at least 3") == ("to act only when a condition holds, write an `if` line: if your energy is at least 3: +1 energy")


def test_the_hint_is_in_the_json_and_kept_by_the_cache():
    (diagnostic,) = read_line("cordes", "this card cannot be countered")
    as_json = diagnostic.as_json()
    assert as_json["hint"] == diagnostic.hint and json.loads(json.dumps(as_json)) == as_json


# ---------------------------------------------------------------------------
# Game-only codes
# ---------------------------------------------------------------------------


def test_game_only_codes_live_with_their_game():
    owners = {"E330": "battlefight", "E410": "cordes", "E350": "dragons", "E352": "dragons", "E360": "cardia", "E364": "cardia"}
    for code, game in owners.items():
        assert code not in SHARED_CODES
        assert code in LANGUAGES[game].codes and code in CODES
        assert code_owner(code) == game
    assert code_owner("E111") is None and "E111" in CODES


def test_no_game_code_is_another_games_or_shared():
    seen: dict[str, str] = {}
    for game in GAMES:
        for code in LANGUAGES[game].codes:
            assert code not in SHARED_CODES and code not in seen, (code, game, seen.get(code))
            seen[code] = game


def test_a_game_cannot_take_a_shared_or_another_games_code():
    with pytest.raises(ValueError, match="E111 is atout's"):
        register_codes("a-fifth-game", {"E111": "something else"})
    with pytest.raises(ValueError, match="E350 is dragons"):
        register_codes("a-fifth-game", {"E350": "something else"})
    with pytest.raises(ValueError, match="not a diagnostic code"):
        register_codes("a-fifth-game", {"X1": "something"})
    assert "a-fifth-game" not in GAME_CODES


def test_a_diagnostic_of_a_game_code_renders():
    assert Diagnostic("E361", "moves nothing", "f.atout").headline() == "f.atout:1:1: E361 moves nothing"
    with pytest.raises(ValueError, match="unknown diagnostic code"):
        Diagnostic("E999", "no such code", "f.atout")


@pytest.mark.parametrize(
    "text",
    [
        "BattleFight : règles\n\nPoints de vie = 20\n",
        "Dans les Cordes : rules\n\n-1 life to the opponent\n",
        "Duel de dragons : collection\n\nPouvoir : +5 au total\n",
    ],
)
def test_a_rules_or_list_line_gets_no_hint_from_the_cards_teachings(text):
    diagnostics = read_document("r.atout", text, LANGUAGES).diagnostics
    assert diagnostics and all(d.hint is None for d in diagnostics)


def test_explain_tells_a_shared_code_and_a_game_code_with_its_game():
    runner = CliRunner()
    assert runner.invoke(main, ["explain", "E111"]).output == "E111: an unknown or misplaced word\n"
    shown = runner.invoke(main, ["explain", "e350"])
    assert shown.exit_code == 0
    assert shown.output == f"E350: {LANGUAGES['dragons'].codes['E350']} (Duel de dragons only)\n"


def test_explain_lists_every_code_and_refuses_an_unknown_one():
    runner = CliRunner()
    listed = runner.invoke(main, ["explain"]).output.splitlines()
    codes = [line.split()[0] for line in listed]
    assert set(SHARED_CODES) <= set(codes) and {"E330", "E352", "E364", "E410"} <= set(codes)
    assert len(codes) == len(set(codes))
    refused = runner.invoke(main, ["explain", "E999"])
    assert refused.exit_code == 2 and 'no code "E999"' in refused.output and "Traceback" not in refused.output
