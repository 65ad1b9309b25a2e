"""Dans les Cordes's rules parameters: what `cards/cordes/rules.atout` may set.

The numbers the rulebook gives, and one named parameter for each point it
leaves open; the shipped rules file says which default was chosen and why.
"""

from typing import Annotated, Any

from pydantic import BeforeValidator, ConfigDict, Field, ValidationInfo, field_validator

from atout.interpreter.engine.limits import ActionLimits_en
from atout.interpreter.language.rules import YesNo, choice
from atout.interpreter.language.text import fold

from .ast import CardType


def _none_is_no_cap(value: Any) -> Any:
    """`none` stands for no cap at all."""
    if isinstance(value, str) and " ".join(fold(value).split()) in ("none", "no cap"):
        return None
    return value


#: A cap on life or energy: a number, or `none`.
Cap = Annotated[Annotated[int, Field(ge=1, le=99)] | None, BeforeValidator(_none_is_no_cap)]


# The values of the parameters the rulebook leaves open.
FirstPlayer = Annotated[str, choice("at random", "first seat")]
EmptyDrawPile = Annotated[str, choice("reshuffle", "no draw")]
KoChecked = Annotated[str, choice("at once", "at the end of the combat")]
DoubleKo = Annotated[str, choice("draw", "attacker wins", "defender wins")]
TieAtLastGong = Annotated[str, choice("draw", "most energy")]
HandLimitChecked = Annotated[str, choice("end of turn", "always")]
HandLimitChosenBy = Annotated[str, choice("owner", "at random")]
HandLimitGoesTo = Annotated[str, choice("spittoon", "under the draw pile")]


class CordesRules(ActionLimits_en):
    """The numbers and choices of a game of Dans les Cordes.

    Every parameter must be given: a rules file is the whole list, and a
    forgotten line is an error (E503), not a silent default; only the bounds
    on actions, which no real game reaches, have one (`engine/limits.py`).
    """

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    # -- setup (rulebook: Setup, Turn Sequence) ----------------------------
    starting_life: int = Field(alias="Starting life", ge=1, le=99)
    starting_energy: int = Field(alias="Starting energy", ge=0, le=99)
    starting_hand: int = Field(alias="Starting hand", ge=0, le=20)
    hand_limit: int = Field(alias="Hand limit", ge=1, le=30)

    # -- the box (rulebook: Components) ----------------------------------
    character_cards: int = Field(alias="CHARACTER cards", ge=2, le=20)
    #: The game turns on one GONG card that goes back into the pile each round.
    gong_cards: int = Field(alias="GONG cards", ge=1, le=1)
    recovery_cards: int = Field(alias="RECOVERY cards", ge=0, le=200)
    attack_cards: int = Field(alias="ATTACK cards", ge=1, le=200)
    defense_cards: int = Field(alias="DEFENSE cards", ge=0, le=200)
    riposte_cards: int = Field(alias="RIPOSTE cards", ge=0, le=200)

    # -- a turn (rulebook: Turn Sequence, Spitting, RECOVERY cards) --------
    draw_at_start: int = Field(alias="Cards drawn at the start of a turn", ge=0, le=5)
    draw_at_end: int = Field(alias="Cards drawn at the end of a turn without play", ge=0, le=5)
    energy_per_spat_card: int = Field(alias="Energy per spat card", ge=0, le=5)
    recoveries_per_turn: int = Field(alias="RECOVERY cards per turn", ge=0, le=10)

    # -- rounds (rulebook: Round Bell, End of the Game) ------------------
    gongs_to_end: int = Field(alias="GONGs that end the game", ge=1, le=10)
    gong_bonus_life: int = Field(alias="GONG bonus life", ge=0, le=10)
    gong_bonus_energy: int = Field(alias="GONG bonus energy", ge=0, le=10)
    cards_removed_per_gong: int = Field(alias="Cards removed at each GONG", ge=0, le=5)

    # -- what the rulebook leaves open -------------------------------------
    life_cap: Cap = Field(alias="Life cap")
    energy_cap: Cap = Field(alias="Energy cap")
    first_player: FirstPlayer = Field(alias="First player")
    coach_advice_cards: int = Field(alias="Coach's advice cards at most", ge=0, le=20)
    empty_draw_pile: EmptyDrawPile = Field(alias="Empty draw pile")
    attacker_may_riposte: YesNo = Field(alias="Attacker may riposte a counter-blow")
    ko_checked: KoChecked = Field(alias="KO checked")
    double_ko: DoubleKo = Field(alias="Double KO")
    tie_at_last_gong: TieAtLastGong = Field(alias="Tie at the last GONG")
    hand_limit_checked: HandLimitChecked = Field(alias="Hand limit checked")
    hand_limit_chosen_by: HandLimitChosenBy = Field(alias="Hand limit discard chosen by")
    hand_limit_goes_to: HandLimitGoesTo = Field(alias="Hand limit discard goes to")
    hand_limit_gives_energy: YesNo = Field(alias="Hand limit discard gives energy")

    @field_validator("draw_at_end")
    @classmethod
    def _some_card_is_drawn(cls, draw_at_end: int, info: ValidationInfo) -> int:
        """Some card is drawn during the turns: else the GONG never comes and the game never ends."""
        if draw_at_end == 0 and info.data.get("draw_at_start") == 0:
            start = cls.model_fields["draw_at_start"].alias
            raise ValueError(f'with "{start}" at 0 too, no card is ever drawn during the game: the GONG never comes and the game cannot end; draw at least one card at one of them')
        return draw_at_end

    def box_count(self, card_type: CardType) -> int:
        """How many cards of a type the box holds."""
        return {
            CardType.CHARACTER: self.character_cards,
            CardType.GONG: self.gong_cards,
            CardType.RECOVERY: self.recovery_cards,
            CardType.ATTACK: self.attack_cards,
            CardType.DEFENSE: self.defense_cards,
            CardType.RIPOSTE: self.riposte_cards,
        }[card_type]

    @property
    def box_size(self) -> int:
        """How many cards the box holds in all."""
        return sum(self.box_count(card_type) for card_type in CardType)
