"""`atout forms GAME [IDEA…]`: what a game's cards can say, and the form for an idea, from the game's own teachings."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter.games import LANGUAGES
from atout.interpreter.language.hints import search


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("game", ["battlefight", "cordes", "cardia", "dragons"])
def test_every_form_of_a_game_is_listed_with_an_example(game):
    result = run("forms", game)
    assert result.exit_code == 0, result.output
    teachings = LANGUAGES[game].teachings
    assert f"{len(teachings)} forms" in result.output.splitlines()[0]
    for teaching in teachings:
        assert f"{teaching.purpose}: `{teaching.form}`" in result.output
        assert f"    {teaching.examples[0]}" in result.output


@pytest.mark.parametrize(
    ("game", "idea", "construct"),
    [
        ("cordes", "this card cannot be countered", "cannot_be_countered"),
        ("dragons", "cette carte gagne les égalités", "gagne_egalites"),
        ("battlefight", "repousser l'adversaire", "pousser"),
    ],
)
def test_an_idea_finds_its_form_first(game, idea, construct):
    found = search(LANGUAGES[game].teachings, idea)
    assert found, idea
    if construct is not None:
        assert construct in found[0].teaching.constructs, [g.teaching.constructs for g in found]
    assert [g.score for g in found] == sorted((g.score for g in found), reverse=True)
    result = run("forms", game, *idea.split())
    assert result.exit_code == 0 and f"{found[0].teaching.purpose}: `{found[0].teaching.form}`" in result.output.splitlines()[2]


def test_an_idea_in_english_finds_a_french_form_by_its_purpose():
    found = search(LANGUAGES["dragons"].teachings, "choose the statistics of the round")
    assert found and "statistiques" in found[0].teaching.examples[0]


def test_an_idea_sharing_no_word_is_told_so_with_what_to_run():
    result = run("forms", "battlefight", "zzz", "qqq")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert 'no form of BattleFight shares a word with "zzz qqq"' in result.output and "atout forms battlefight" in result.output


def test_an_unknown_game_lists_the_games():
    result = run("forms", "drgons")
    assert result.exit_code == 2 and 'did you mean "dragons"' in result.output


def test_the_json_holds_every_form_and_the_scores_of_a_search():
    listed = json.loads(run("forms", "cardia", "--format", "json").stdout)
    assert listed["game"] == "cardia" and len(listed["forms"]) == len(LANGUAGES["cardia"].teachings)
    assert {"purpose", "form", "examples", "constructs", "unit"} <= set(listed["forms"][0])
    searched = json.loads(run("forms", "cordes", "cannot", "be", "countered", "--format", "json").stdout)
    assert searched["idea"] == "cannot be countered" and searched["forms"][0]["score"] >= searched["forms"][-1]["score"]


def test_every_game_is_searched_for_an_idea_with_all():
    result = run("forms", "--all", "once", "per", "duel")
    assert result.exit_code == 0, result.output
    for language in LANGUAGES.values():
        assert f"{language.title}:" in result.output
    # the same idea in two dialects: Cardia's "fois par duel", dragons' "une fois par duel"
    assert "2 fois par duel" in result.output and "une fois par duel" in result.output
    listed = json.loads(run("forms", "--all", "once", "per", "duel", "--format", "json").stdout)
    assert set(listed["games"]) == set(LANGUAGES) and all(len(forms) <= 2 for forms in listed["games"].values())


def test_all_needs_an_idea_and_a_game_is_needed_without_it():
    assert run("forms", "--all").exit_code == 2
    nothing = run("forms")
    assert nothing.exit_code == 2 and "give a GAME" in nothing.output
