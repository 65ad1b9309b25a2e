"""`atout forms GAME [IDEA…]`: what a game's cards can say, each form with what it is for and an example; the one for an idea."""

from __future__ import annotations

import json

import click

from .main import GameChoice, complete_game_then_nothing, games, main


@main.command("forms")
@click.argument("words", nargs=-1, metavar="GAME [IDEA]...", shell_complete=complete_game_then_nothing)
@click.option("--all", "every", is_flag=True, help="Search every game for the IDEA (then no GAME is given): which games can say it, and how.")
@click.option("--format", "output", type=click.Choice(["text", "json"]), default="text", show_default=True, help="text for people; json for tools.")
@click.pass_context
def forms(ctx: click.Context, words: tuple[str, ...], every: bool, output: str) -> None:
    """What GAME's cards can say: each form, what it is for, and examples in the game's words.

    With an IDEA (words, in the game's language or in English: `atout forms
    dragons gagne les égalités`, `atout forms cordes cannot be countered`),
    the forms nearest to it, nearest first, with all their examples. These
    are the forms the checker's hints teach when a line is refused. With
    --all and an IDEA, the nearest forms of every game, game by game.
    """
    from atout.interpreter.language.hints import search

    if every:
        _every_game(ctx, " ".join(words).strip(), output)
        return
    if not words:
        raise click.UsageError("give a GAME (atout forms dragons), or --all and an IDEA", ctx)
    game = GameChoice().convert(words[0], None, ctx)
    idea = words[1:]
    language = games().LANGUAGES[game]
    teachings = list(language.teachings)
    wanted = " ".join(idea).strip()
    if wanted:
        found = search(teachings, wanted)
        if output == "json":
            click.echo(json.dumps({"game": game, "idea": wanted, "forms": [_as_json(g.teaching, g.score) for g in found]}, ensure_ascii=False, indent=2))
            return
        if not found:
            raise click.UsageError(f'no form of {language.title} shares a word with "{wanted}": `atout forms {game}` lists them all')
        click.echo(f'{language.title}: the forms nearest to "{wanted}", nearest first')
        for guess in found:
            click.echo("")
            click.echo(f"{guess.teaching.purpose}: `{guess.teaching.form}`")
            for example in guess.teaching.examples:
                click.echo(f"    {example}")
        return
    if output == "json":
        click.echo(json.dumps({"game": game, "forms": [_as_json(teaching) for teaching in teachings]}, ensure_ascii=False, indent=2))
        return
    click.echo(f"{language.title}: {len(teachings)} forms (`atout forms {game} IDEA…` finds the one for an idea)")
    for teaching in teachings:
        click.echo("")
        click.echo(f"{teaching.purpose}: `{teaching.form}`")
        click.echo(f"    {teaching.examples[0]}")


def _every_game(ctx: click.Context, idea: str, output: str) -> None:
    """The two forms of each game nearest to an idea: what each dialect says for it, if anything."""
    from atout.interpreter.language.hints import search

    if not idea:
        raise click.UsageError("--all searches every game for an IDEA: give its words (atout forms --all wins ties)", ctx)
    found = {name: search(list(language.teachings), idea, count=2) for name, language in games().LANGUAGES.items()}
    if output == "json":
        click.echo(json.dumps({"idea": idea, "games": {name: [_as_json(g.teaching, g.score) for g in guesses] for name, guesses in found.items()}}, ensure_ascii=False, indent=2))
        return
    click.echo(f'The forms nearest to "{idea}", game by game (the nearest first)')
    for name, guesses in found.items():
        click.echo("")
        click.echo(f"{games().LANGUAGES[name].title}:")
        if not guesses:
            click.echo("    no form shares a word with it")
        for guess in guesses:
            click.echo(f"    {guess.teaching.purpose}: {guess.example}")


def _as_json(teaching, score: float | None = None) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """A form as tools read it."""
    found: dict[str, object] = {"purpose": teaching.purpose, "form": teaching.form, "examples": list(teaching.examples), "constructs": list(teaching.constructs), "unit": teaching.unit}
    if score is not None:
        found["score"] = round(score, 3)
    return found
