"""What a Duel de dragons power does, each a construct in one place: bonuses, points, statistics, exchanges, `si`.

- `+10 en Puissance`, `-5 au total`, `+10 en Ruse contre un Dragon` (`Bonus`);
- `marque 1 point`, `l'adversaire perd 1 point` (`Marque`);
- `cette carte récupère 10 en Ruse`, `la carte adverse perd 5 sur chaque statistique` (`ChangeStatistique`);
- `+1 échange avec la réserve` (`Echanges`);
- `cette carte gagne les égalités` (`GagneEgalites`);
- `choisis les statistiques de la manche` (`ChoisisStatistiques`);
- `cette carte copie la Ruse de la carte adverse pour cette manche` (`Copie`);
- `l'adversaire choisit : … ou …` (`ChoixAdverse`), one effect each way;
- `si <condition> : … ; sinon : …` (`Si`), over a block of effects.

A statistic changes for the rest of the duel, or, with `pour cette manche`,
for this round's totals only (`la carte adverse perd 10 en Puissance pour
cette manche`), or with `pendant 2 manches` for the totals of two rounds
(a bonus too: `+10 au total pendant 2 manches`);
`une autre carte de ta main` is chosen by the card's player.

A handler is called as `effect.run(ctx)`, with the power's context
(`conditions.Context`: the state, the card's player, its card and the
other); the moves of cards between zones are in `moves.py`.
"""

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from lark.tree import Meta
from pydantic import Field, SerializeAsAny

from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.logic import value_of
from atout.interpreter.language.nodes import Node

from .ast import Categorie, NomDeStatistique, Rarete
from .conditions import (
    ARTICLE,
    AutantQue,
    Context,
    Montant,
    Qui,
    Visee,
    amount_head,
    amount_tail,
    genre_of,
    genre_text,
    is_of,
    nodes,
    read_amount,
    statistique_of,
    tokens,
    visee_of,
)

if TYPE_CHECKING:
    from atout.interpreter.language.transform import UnitTransformer


class Effect(Construct):
    """Something a power does (abstract: no kind)."""

    slot: ClassVar[str | None] = "effet"


def effects_text(effets: tuple[Node, ...]) -> str:
    """Effects as a power prints them: `+10 en Ruse, marque 1 point`."""
    return ", ".join(effet.write() for effet in effets)  # type: ignore[attr-defined]


class Si(Construct):
    """`si <condition> : effets ; sinon : effets`: one condition over a block of effects, and an otherwise.

    It comes last in its power; a condition is written with `et`, `ou`,
    `non` rather than a `si` inside a `si`.
    """

    grammar: ClassVar[str] = r"""
si: "si" _condition ":" _effet+ (";"? SINON ":" _effet+)?
SINON: "sinon"
"""
    kind: Literal["si"] = "si"
    condition: SerializeAsAny[Node]
    alors: tuple[SerializeAsAny[Node], ...] = Field(min_length=1)
    sinon: tuple[SerializeAsAny[Node], ...] = ()

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        condition, *rest = nodes(children)
        otherwise = tokens(children, "SINON")
        split = children.index(otherwise[0]) - 1 if otherwise else len(rest)  # effects before "sinon"
        return t.build(cls, meta, condition=condition, alors=tuple(rest[:split]), sinon=tuple(rest[split:]))

    def run(self, ctx: Context) -> None:
        """The effects of the branch the condition chooses (none: "sinon" not written and false)."""
        holds = self.condition.holds(ctx)  # type: ignore[attr-defined]
        ctx.state.condition_read(ctx, self, holds)
        ctx.state.run_effects(ctx, self.alors if holds else self.sinon)

    def write(self) -> str:
        text = f"si {self.condition.write()} : {effects_text(self.alors)}"  # type: ignore[attr-defined]
        return text + (f" ; sinon : {effects_text(self.sinon)}" if self.sinon else "")


class Bonus(Effect):
    """`+10 en Puissance`, `-5 au total`, `+10 en Ruse contre un Dragon`, `+5 en Ruse pour chaque carte de ta main`.

    At the reveal only (a power without a trigger): it adds to this card's
    total this round; a bonus on a statistic counts only when the round asks
    it, one `contre …` only against that kind of card.

    With `pendant N manches` (1 to 9), in any power: it adds the same way to
    this card's total in N rounds where the card is played, counted as a
    change `pendant N manches` counts them (`ChangeStatistique`); the amount
    is reckoned when the power works.
    """

    grammar: ClassVar[str] = r"""
bonus: SIGNE INT _cible pour_chaque? _contre? _pendant? | SIGNE "autant" _cible autant_que _contre? _pendant?
_cible: "en" _statistique | AU_TOTAL
_contre: "contre" _genre
AU_TOTAL: /au +total/
"""
    kind: Literal["bonus"] = "bonus"
    signe: Literal["+", "-"] = "+"
    montant: Montant
    statistique: NomDeStatistique | None = None
    contre: Categorie | Rarete | None = None
    #: How many rounds' totals it counts in (`pendant N manches`); None: this round's.
    manches: int | None = Field(default=None, ge=1, le=9)

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        (signe,) = tokens(children, "SIGNE")
        duration = _duration(children)
        amount = [c for c in children if c is not duration]
        montant = read_amount(t, meta, amount)
        places = {"montant": tokens(amount, "INT")[0]} if isinstance(montant, int) else {}
        if duration is not None:
            places["manches"] = duration
        return t.build(
            cls,
            meta,
            places,
            label=t.text_of(meta),
            signe=str(signe),
            montant=montant,
            statistique=statistique_of(children),
            contre=genre_of(children),
            manches=None if duration is None else int(duration),
        )

    def run(self, ctx: Context) -> None:
        """Adds to the card's total this round, when its statistic is asked and against its kind of card."""
        state = ctx.state
        if self.manches is not None:
            amount = value_of(self.montant, ctx)
            state.bonus_lasting(ctx, amount if self.signe == "+" else -amount, self.manches, self)
            return
        if not self.counts_against(state, ctx.other):
            return
        amount = value_of(self.montant, ctx)
        state.add_bonus(ctx, amount if self.signe == "+" else -amount, self)

    def counts_against(self, state: Any, other: int | None) -> bool:
        """True when it counts this round: its statistic asked, the other card of its kind."""
        if self.statistique is not None and not state.is_asked(self.statistique):
            return False
        return self.contre is None or (other is not None and is_of(state.card_ast(other), self.contre))

    def write(self) -> str:
        target = f"en {self.statistique.value}" if self.statistique is not None else "au total"
        contre = f" contre {genre_text(self.contre)}" if self.contre is not None else ""
        duree = duration_text(self.manches) if self.manches is not None else ""
        return f"{self.signe}{amount_head(self.montant)} {target}{amount_tail(self.montant)}{contre}{duree}"


class Marque(Effect):
    """`marque 1 point`, `l'adversaire perd 1 point`, `marque 1 point pour chaque …`, `marque autant de points que …`."""

    grammar: ClassVar[str] = r"""
marque: "marque" _points_gagnes | ADVERSAIRE "perd" _points_gagnes
_points_gagnes: INT ("point" | "points") pour_chaque? | "autant" "de" "points" autant_que
"""
    kind: Literal["marque"] = "marque"
    qui: Qui = Qui.TOI
    montant: Montant

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        montant = read_amount(t, meta, children)
        qui = Qui.ADVERSAIRE if tokens(children, "ADVERSAIRE") else Qui.TOI
        places = {"montant": tokens(children, "INT")[0]} if isinstance(montant, int) else {}
        return t.build(cls, meta, places, label=t.text_of(meta), qui=qui, montant=montant)

    def run(self, ctx: Context) -> None:
        """You score the amount, or the other player loses it (never below 0)."""
        amount = value_of(self.montant, ctx)
        ctx.state.add_points(ctx, ctx.seat_of(self.qui), amount if self.qui is Qui.TOI else -amount)

    def write(self) -> str:
        verb = "marque" if self.qui is Qui.TOI else "l'adversaire perd"
        if isinstance(self.montant, AutantQue):
            return f"{verb} autant de points {self.montant.write()}"
        head = amount_head(self.montant)
        return f"{verb} {head} point{'s' if head != '1' else ''}{amount_tail(self.montant)}"


class ChangeStatistique(Effect):
    """`cette carte récupère 10 en Ruse`, `la carte adverse perd 5 sur chaque statistique`: for the rest of the duel.

    `récupère` takes back fatigue (never above the printed value), `perd`
    tires the card (never below 0). `une autre carte de ta main récupère …`:
    the card's player chooses one of the other cards of the hand.

    With `pour cette manche` (a played card only, at the reveal), the change
    counts in this round's totals only, on the statistics the round asks,
    within the same bounds; the card's statistics are as before after it:
    `la carte adverse perd 10 en Puissance pour cette manche`.

    With `pendant N manches` (1 to 9), the change counts the same way in
    the totals of N rounds, in each of them where the card is played: from
    this round when its totals are still to be compared (a power at the
    reveal, at the start of the round, when a card is swapped), else from
    the next (`quand cette carte gagne/perd une manche`). The amount is
    reckoned once, when the power works.
    """

    grammar: ClassVar[str] = r"""
change_statistique: _carte_visee _changement (POUR_CETTE_MANCHE | _pendant)? | "une" AUTRE "carte" "de" "ta" "main" _changement
_changement: (RECUPERE | "perd") (INT _cible_stat pour_chaque? | "autant" _cible_stat autant_que)
_cible_stat: "en" _statistique | SUR_CHAQUE
_pendant: "pendant" INT ("manche" | "manches")
RECUPERE: "récupère"
SUR_CHAQUE: /sur +chaque +statistique/
AUTRE: "autre"
POUR_CETTE_MANCHE: /pour +cette +manche/
"""
    kind: Literal["change_statistique"] = "change_statistique"
    carte: Visee
    recupere: bool
    montant: Montant
    statistique: NomDeStatistique | None = None
    #: True: for this round's totals only (`pour cette manche`).
    manche: bool = False
    #: True: another card of the hand, chosen by the card's player (`une autre carte de ta main`; `carte` is then unused).
    autre: bool = False
    #: How many rounds' totals it counts in (`pendant N manches`); None: for the rest of the duel, or `manche`.
    manches: int | None = Field(default=None, ge=1, le=9)

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        duration = _duration(children)
        amount = [c for c in children if c is not duration]
        montant = read_amount(t, meta, amount)
        places = {"montant": tokens(amount, "INT")[0]} if isinstance(montant, int) else {}
        if duration is not None:
            places["manches"] = duration
        return t.build(
            cls,
            meta,
            places,
            label=t.text_of(meta),
            carte=visee_of(children),
            recupere=bool(tokens(children, "RECUPERE")),
            montant=montant,
            statistique=statistique_of(children),
            manche=bool(tokens(children, "POUR_CETTE_MANCHE")),
            autre=bool(tokens(children, "AUTRE")),
            manches=None if duration is None else int(duration),
        )

    @property
    def stats(self) -> tuple[NomDeStatistique, ...]:
        """The statistics it changes."""
        return (self.statistique,) if self.statistique is not None else tuple(NomDeStatistique)

    def run(self, ctx: Context) -> None:
        """The card's statistics change (a card not played: nothing); another card of the hand is chosen first."""
        amount = value_of(self.montant, ctx)
        delta = amount if self.recupere else -amount
        if self.autre:
            ctx.state.change_another_card(ctx, self.stats, delta)
            return
        card = ctx.card_of(self.carte)
        if card is None:
            return
        if self.manche:
            ctx.state.change_this_round(ctx, card, self.stats, delta, self)
            return
        if self.manches is not None:
            ctx.state.change_lasting(ctx, card, self.stats, delta, self.manches, self)
            return
        ctx.state.change_stats(ctx, card, self.stats, delta)

    def write(self) -> str:
        verb = "récupère" if self.recupere else "perd"
        target = f"en {self.statistique.value}" if self.statistique is not None else "sur chaque statistique"
        manche = " pour cette manche" if self.manche else ""
        if self.manches is not None:
            manche = duration_text(self.manches)
        who = "une autre carte de ta main" if self.autre else self.carte.value
        return f"{who} {verb} {amount_head(self.montant)} {target}{amount_tail(self.montant)}{manche}"


def _duration(children: list[Any]) -> Any:
    """The number of rounds of `pendant N manches` (an INT token after the statistic named), if any."""
    named = tokens(children, *_STAT_TERMINALS)
    if not named:
        return None
    after = tokens(children[children.index(named[0]) + 1 :], "INT")
    return after[0] if after else None


#: The terminals that name what a change or a bonus changes: a statistic, each of them, the total.
_STAT_TERMINALS = (*(stat.name for stat in NomDeStatistique), "SUR_CHAQUE", "AU_TOTAL")


def duration_text(manches: int) -> str:
    """` pendant 2 manches`, ` pendant 1 manche`."""
    return f" pendant {manches} manche{'s' * (manches > 1)}"


class Copie(Effect):
    """`cette carte copie la Ruse de la carte adverse pour cette manche`: a statistic worth the other card's, this round.

    At the reveal only (a power without a trigger): for this round's total,
    this card's statistic is worth what the other card's is now (fatigue and
    the changes for this round read so far included), higher or lower than
    its own, on the statistics the round asks; `les statistiques` copies all
    four. The card's statistics are as before after the round.
    """

    grammar: ClassVar[str] = r"""
copie: CETTE_CARTE "copie" (("la" | "le") _statistique | "les" "statistiques") "de" CARTE_ADVERSE POUR_CETTE_MANCHE
"""
    kind: Literal["copie"] = "copie"
    #: The statistic copied; None: all four (`les statistiques`).
    statistique: NomDeStatistique | None = None

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, statistique=statistique_of(children))

    def run(self, ctx: Context) -> None:
        """This round, the card's statistics asked are worth the other card's (nothing when no card is played)."""
        if ctx.other is None:
            return
        stats = (self.statistique,) if self.statistique is not None else tuple(NomDeStatistique)
        ctx.state.copy_this_round(ctx, ctx.other, stats, self)

    def write(self) -> str:
        what = "les statistiques" if self.statistique is None else f"{ARTICLE[self.statistique]} {self.statistique.value}"
        return f"cette carte copie {what} de la carte adverse pour cette manche"


class ChoixAdverse(Effect):
    """`l'adversaire choisit : la carte adverse perd 10 en Ruse pour cette manche ou marque 1 point`.

    The other player chooses which of the two effects the power does (each
    one effect, written as the card's player's: `marque 1 point` scores for
    the card's player); both players see the choice. A bot chooses by
    trying each.
    """

    grammar: ClassVar[str] = 'choix_adverse: ADVERSAIRE "choisit" ":" _effet "ou" _effet'
    kind: Literal["choix_adverse"] = "choix_adverse"
    options: tuple[SerializeAsAny[Node], ...] = Field(min_length=2, max_length=2)

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, options=tuple(nodes(children)))

    def run(self, ctx: Context) -> None:
        """The other player is asked which effect; it runs."""
        ctx.state.opponent_chooses(ctx, self.options)

    def write(self) -> str:
        return f"l'adversaire choisit : {self.options[0].write()} ou {self.options[1].write()}"  # type: ignore[attr-defined]


class GagneEgalites(Effect):
    """`cette carte gagne les égalités`: this round, equal totals are won by this card.

    At the reveal only (a power without a trigger), like a bonus: when both
    cards have the same total, with their bonuses, the card that wins ties
    wins the round (its point, its "quand cette carte gagne une manche");
    when both cards win ties, or neither, the tie stays a tie ("Égalité de
    totaux" in the rules).
    """

    grammar: ClassVar[str] = 'gagne_egalites: CETTE_CARTE "gagne" "les" "égalités"'
    kind: Literal["gagne_egalites"] = "gagne_egalites"

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def run(self, ctx: Context) -> None:
        """The card's player wins this round's tie, if there is one."""
        ctx.state.win_ties(ctx)

    def write(self) -> str:
        return "cette carte gagne les égalités"


class ChoisisStatistiques(Effect):
    """`choisis les statistiques de la manche`: the card's player chooses which statistics this round asks.

    As many as chance drew, among every set of that many; the choice is
    seen by both players. Only where no card is played yet: at the start of
    the round, or when the card is swapped.
    """

    grammar: ClassVar[str] = 'choisis_statistiques: "choisis" "les" "statistiques" "de" "la" "manche"'
    kind: Literal["choisis_statistiques"] = "choisis_statistiques"

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def run(self, ctx: Context) -> None:
        """The card's player is asked which statistics count this round."""
        ctx.state.choose_stats(ctx)

    def write(self) -> str:
        return "choisis les statistiques de la manche"


class Echanges(Effect):
    """`+1 échange avec la réserve`: exchanges with the reserve gained (or lost, `-1`, never below 0)."""

    grammar: ClassVar[str] = r"""
echanges: SIGNE INT ("échange" | "échanges") "avec" "la" "réserve"
"""
    kind: Literal["echanges"] = "echanges"
    nombre: int = Field(ge=-9, le=9)

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        (signe,) = tokens(children, "SIGNE")
        (number,) = tokens(children, "INT")
        value = int(number) * (-1 if str(signe) == "-" else 1)
        return t.build(cls, meta, {"nombre": number}, label=t.text_of(meta), nombre=value)

    def run(self, ctx: Context) -> None:
        """The player's exchanges left change."""
        ctx.state.add_exchanges(ctx, self.nombre)

    def write(self) -> str:
        sign = "-" if self.nombre < 0 else "+"
        n = abs(self.nombre)
        return f"{sign}{n} échange{'s' if n > 1 else ''} avec la réserve"


CONSTRUCTS: tuple[type[Construct], ...] = (
    Si,
    Bonus,
    Marque,
    ChangeStatistique,
    Echanges,
    GagneEgalites,
    ChoisisStatistiques,
    Copie,
    ChoixAdverse,
)
