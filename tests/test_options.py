"""The setup options each game declares: the CLI and the API build on them, and refuse what does not fit."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter.api import OptionError, load_game
from atout.interpreter.games import ENGINES


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_every_game_declares_rules_and_its_own_options():
    declared = {name: [option.name for option in engine.options] for name, engine in ENGINES.items()}
    assert declared["battlefight"] == ["deck", "rules"]
    assert declared["cordes"] == ["boxer", "rules"]
    assert declared["cardia"] == ["deck", "lieu", "protecteurs", "rules"]
    assert declared["dragons"] == ["collection", "rules"]


@pytest.mark.parametrize(
    "args, owners",
    [
        # the tests' own game declares --deck too: it is named last
        (["cordes", "--deck", "le-renard"], ("--deck is an option of battlefight, cardia and tiny, not of cordes",)),
        (
            ["battlefight", "--lieu", "puits", "--protecteurs", "--boxer", "Lewis"],
            ("--boxer is an option of cordes; --lieu is an option of cardia; --protecteurs is an option of cardia, not of battlefight",),
        ),
    ],
)
def test_an_option_of_another_game_is_a_usage_error_naming_its_game(args, owners):
    result = run("play", *args, "--p1", "random", "--p2", "random", "-q")
    assert result.exit_code == 2
    assert all(part in result.output for part in owners)


def test_a_bad_value_is_a_usage_error_with_the_nearest_valid_one():
    result = run("play", "cardia", "--deck", "III", "--p1", "random", "-q")
    assert result.exit_code == 2
    assert '--deck: no deck "III" in cardia; did you mean "II"?' in result.output
    result = run("simulate", "cordes", "--boxer", "karpantier", "--games", "1")
    assert result.exit_code == 2 and 'did you mean "Karpentier"?' in result.output
    result = run("simulate", "cardia", "--deck", "I", "--deck", "II", "--games", "1")
    assert result.exit_code == 2 and "cardia takes --deck once (both players), not I, II" in result.output


def test_an_unknown_rules_name_lists_the_rules_files():
    result = run("simulate", "cordes", "--rules", "nope", "--games", "1")
    assert result.exit_code == 2
    assert '--rules: no rules file "nope" in cordes.' in result.output and "Valid values: " in result.output


def test_a_folder_without_a_rules_file_plays_with_the_shipped_rules(tmp_path, cards_dir):
    # its files are laid over the shipped set: the rules come from there
    for name in ("lieux.atout", "paquet-i.atout"):
        shutil.copy(cards_dir / "cardia" / name, tmp_path / name)
    assert run("simulate", "cardia", "--cards", str(tmp_path), "--games", "1").exit_code == 0
    (tmp_path / "variante.atout").write_text("Duel pour Cardia : règles\nCartes Lieu : 8\n", encoding="utf-8")
    assert run("simulate", "cardia", "--cards", str(tmp_path), "--games", "1", "--rules", "variante").exit_code == 0
    result = run("simulate", "cardia", "--cards", str(tmp_path), "--games", "1", "--rules", "varainte")
    assert result.exit_code == 2 and 'did you mean "variante"?' in result.output


def test_the_api_checks_options_against_the_declarations():
    with pytest.raises(OptionError, match='battlefight has no option "lieu"'):
        load_game("battlefight", lieu="puits")
    with pytest.raises(OptionError, match='did you mean "le-renard"'):
        load_game("battlefight", deck=["le-rnard"])
    loaded = load_game("cardia", deck="II", lieu="marche", protecteurs=True)
    assert (loaded.setup["deck"], loaded.setup["lieu"], loaded.setup["protecteurs"]) == ("II", "Marché de Lumen", True)


def test_help_lists_each_game_s_options():
    text = run("play", "--help").output
    for name in ("--deck", "--boxer", "--lieu", "--protecteurs", "--collection", "--rules", "--cards"):
        assert name in text
    assert "cordes: A boxer's name" in text
