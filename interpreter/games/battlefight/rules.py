"""BattleFight's rules parameters: what `cards/battlefight/regles.atout` may set."""

from pydantic import ConfigDict, Field

from atout.interpreter.engine.limits import ActionLimits_fr


#: Techniques being executed at once, at most, unless the rules file says otherwise.
DEFAULT_NESTED_TECHNIQUES = 100


class BattleFightRules(ActionLimits_fr):
    """The numbers of a game of BattleFight; a variant changes them, not Python.

    Every parameter must be given: a rules file is the whole list of a
    game's numbers, and a forgotten line is an error (E503), not a silent
    default. The exceptions are the safety nets that no real game reaches,
    which have a default: the bounds on actions (`engine/limits.py`) and on
    nested techniques.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    life: int = Field(alias="Points de vie", ge=1, le=999)
    #: Cells from the centre to a corner: 3 gives the 37-cell board.
    board_radius: int = Field(alias="Rayon du plateau", ge=1, le=12)
    cards_per_type: int = Field(alias="Cartes par type", ge=1, le=20)
    booster_per_type: int = Field(alias="Cartes par type dans un booster", ge=1, le=20)
    random_boosters: int = Field(alias="Boosters du deck aléatoire", ge=1, le=10)
    sealed_boosters: int = Field(alias="Boosters du deck scellé", ge=1, le=10)
    repetitions: int = Field(alias="Répétitions pour une nulle", ge=2, le=10)
    #: Not in the rulebook: a bound so that no game runs forever; 0 for none.
    turn_limit: int = Field(alias="Limite de tours", ge=0, le=100_000)
    games_to_win_match: int = Field(alias="Parties gagnantes du match", ge=1, le=10)
    #: Not in the rulebook: techniques being executed at once, at most (a
    #: technique that Rejouer plays runs inside the one that played it). A
    #: Rejouer that would go deeper plays nothing. Optional.
    nested_techniques: int = Field(DEFAULT_NESTED_TECHNIQUES, alias="Techniques imbriquées au plus", ge=1, le=1000)

    @property
    def deck_size(self) -> int:
        """Cards in a deck: the per-type count for each of the five types."""
        return 5 * self.cards_per_type
