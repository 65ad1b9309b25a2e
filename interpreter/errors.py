"""The one base of every error atout raises for what it was given: `except AtoutError` catches them all.

    from atout.interpreter.api import AtoutError, load_game

    try:
        game = load_game("battlefight", deck=["le-renard", "la-forteresse"])
    except AtoutError as error:
        print(error)   # says where, what is wrong and what to do

A bad card, deck or rules file (`DiagnosticError`), an unknown game
(`UnknownGame`), a setup option the game does not have (`OptionError`), a
record that cannot be read, written or replayed (`RecordError`,
`RecordWriteError`, `FilesError`, `Divergence`), a file that cannot be
written (`WriteError`)… each is an `AtoutError`. Each keeps the base it had
before as well (`UnknownGame` is still a `KeyError`, `OptionError` a
`ValueError`, `WriteError` an `OSError`), so code that caught those still
does.

Not errors, and so not `AtoutError`s: the exceptions a game uses to steer
itself (a game over inside a task, a person's "undo" or "quit"), which never
leave the play loop as errors.
"""


class AtoutError(Exception):
    """An error of atout's about what it was given: its message says where, what is wrong and what to do."""
