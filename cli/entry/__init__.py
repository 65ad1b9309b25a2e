"""atout: a card-definition language and its interpreter.

This folder is installed as the top of the `atout` package; its parts are
the sub-packages `atout.grammar`, `atout.cards`, `atout.interpreter` and
`atout.cli`, each from its own top-level folder (see setup.py).
"""
