"""Duel pour Cardia's rules parameters: what `cards/cardia/regles.atout` may set."""

from pydantic import ConfigDict, Field

from atout.interpreter.engine.limits import ActionLimits_fr
from atout.interpreter.language.rules import YesNo


class CardiaRules(ActionLimits_fr):
    """The numbers of a game of Duel pour Cardia; a variant changes them, not Python.

    Every parameter must be given (a missing line is E503), but for the
    bounds on actions, which no real game reaches (`engine/limits.py`). The
    first block is the rulebook's and the box's; the last block is the
    points the rulebook leaves open, with the project's default.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    #: Characters in a deck; a deck has each influence from 1 to this number once.
    cards_per_deck: int = Field(alias="Cartes par paquet", ge=1, le=16)
    starting_hand: int = Field(alias="Cartes en main au départ", ge=1, le=16)
    draw_per_turn: int = Field(alias="Cartes piochées par tour", ge=0, le=5)
    seals_to_win: int = Field(alias="Sceaux pour gagner", ge=1, le=16)
    total_seals: int = Field(alias="Sceaux en tout", ge=1, le=32)
    persistent_tokens: int = Field(alias="Jetons Persistant", ge=0, le=16)
    modifiers_of_1: int = Field(alias="Modificateurs de 1", ge=0, le=50)
    modifiers_of_3: int = Field(alias="Modificateurs de 3", ge=0, le=50)
    modifiers_of_5: int = Field(alias="Modificateurs de 5", ge=0, le=50)
    games_to_win_match: int = Field(alias="Parties gagnantes du match", ge=1, le=10)
    #: With the Protecteurs de la Nature: one encounter in this many has a Protecteur.
    encounters_per_protector: int = Field(alias="Rencontres par Protecteur", ge=1, le=16)
    #: How many Lieu cards a complete set has.
    lieu_cards: int = Field(alias="Cartes Lieu", ge=0, le=32)
    #: The difficulty symbols of each deck; the level is the deck's plus the Lieu's.
    deck_i_difficulty: int = Field(alias="Difficulté du Paquet I", ge=0, le=5)
    deck_ii_difficulty: int = Field(alias="Difficulté du Paquet II", ge=0, le=5)

    # -- points the rulebook leaves open -------------------------------------
    #: "oui": a win with no seal left in the reserve takes no seal.
    #: "non" (default): seals are counted, not taken from a box of 12.
    limited_seals: YesNo = Field(alias="Sceaux limités")
    #: "oui": an influence change uses only tokens left in the supply, largest
    #: first without going past the value, and may place less or nothing.
    #: "non" (default): every change is placed in full.
    limited_modifiers: YesNo = Field(alias="Modificateurs limités")
    #: "oui": a persistent ability that finds no Persistant token left in the
    #: supply never acts. "non" (default): it always gets one.
    limited_persistent_tokens: YesNo = Field(alias="Jetons Persistant limités")
