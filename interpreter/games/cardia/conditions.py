"""Duel pour Cardia's conditions and computed amounts, each declared in one place.

The meaning of comparing, of "et", "ou", "sauf si", of "pour chaque" and
"autant" is the language's (`language/logic.py`); this module gives them the
words of the cards and the game's quantities:

- a **count** (`Compte`): what a player has — sealed cards (`sceaux`), cards
  in hand, in the discard, in the pile, in play, Persistant tokens;
- an **influence** (`InfluenceDe`): `l'influence de la carte adverse`;
- **comparisons**: `tu as au moins 3 sceaux`, `l'adversaire a plus de cartes
  en main que toi`, `l'influence de ta carte est inférieure à celle de la
  carte adverse`, and a card's faction: `la carte adverse est de la Guilde`;
- **joined conditions**: `… et …` (all hold), `… ou …` (one holds; "ou" binds
  less tightly than "et"), `Sauf si …` (the condition does not hold);
- **computed amounts**: `+1 sur cette carte pour chaque sceau de
  l'adversaire`, `Piocher autant de cartes que l'adversaire a de sceaux`;
- **`Si … , … et … , sinon …`**: one condition over a block of effects, and
  the effects of the other case.

Every handler takes the state and the acting ability (`Act`): *you* are the
player the ability acts for. A condition is read when its effect is reached.
"""

from enum import Enum
from typing import Annotated, Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta
from pydantic import Field, SerializeAsAny

from atout.interpreter.engine.decision import Decision, Option
from atout.interpreter.language import logic
from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.nodes import Node
from atout.interpreter.language.transform import UnitTransformer

from .steps import run_block
from .targets import CetteCarte, TaCarte
from .vocabulary import Faction, Joueur, printed


def words(children: list[Any]) -> list[str]:
    """The (folded) words among a rule's children, in order: its tokens and small words."""
    return [str(child) for child in children if isinstance(child, str)]


def joueur_of(children: list[Any]) -> Joueur:
    """`l'adversaire` among the words: the opponent; otherwise you."""
    return Joueur.ADVERSAIRE if "l'adversaire" in words(children) else Joueur.TOI


def seat_of(joueur: Joueur, act: Any) -> int:
    """The seat a `Joueur` is for the acting ability."""
    return act.me if joueur is Joueur.TOI else 1 - act.me


# ---------------------------------------------------------------------------
# Quantities
# ---------------------------------------------------------------------------


class Chose(str, Enum):
    """What a count counts."""

    SCEAUX = "sceaux"
    MAIN = "main"
    DEFAUSSE = "défausse"
    PIOCHE = "pioche"
    JEU = "jeu"
    PERSISTANT = "persistant"


#: Each count's noun, singular and plural, as printed.
NOUNS: dict[Chose, tuple[str, str]] = {
    Chose.SCEAUX: ("sceau", "sceaux"),
    Chose.MAIN: ("carte en main", "cartes en main"),
    Chose.DEFAUSSE: ("carte en défausse", "cartes en défausse"),
    Chose.PIOCHE: ("carte en pioche", "cartes en pioche"),
    Chose.JEU: ("carte en jeu", "cartes en jeu"),
    Chose.PERSISTANT: ("jeton Persistant", "jetons Persistant"),
}

_CHOSE_WORDS = {"sceau": Chose.SCEAUX, "sceaux": Chose.SCEAUX, "main": Chose.MAIN, "defausse": Chose.DEFAUSSE, "pioche": Chose.PIOCHE, "jeu": Chose.JEU, "persistant": Chose.PERSISTANT}


def chose_of(children: list[Any]) -> Chose:
    """The thing counted, from the words of `_chose`."""
    return next(_CHOSE_WORDS[word] for word in words(children) if word in _CHOSE_WORDS)


def noun(chose: Chose, n: int = 2) -> str:
    """The noun of a count, singular for 0 and 1: `1 sceau`, `3 cartes en main`."""
    return NOUNS[chose][0 if n <= 1 else 1]


def count(state: Any, seat: int, chose: Chose) -> int:
    """How many of `chose` `seat` has now."""
    zones = state.seats[seat]
    if chose is Chose.SCEAUX:
        return int(state.seals()[seat])
    if chose is Chose.MAIN:
        return len(zones.hand)
    if chose is Chose.DEFAUSSE:
        return len(zones.discard)
    if chose is Chose.PIOCHE:
        return len(zones.pile)
    if chose is Chose.JEU:
        return sum(1 for card in state.in_play() if state.owners[card] == seat)
    return sum(1 for card in state.persistent if state.owners[card] == seat)


class Compte(Construct):
    """`sceau de l'adversaire`, `carte en main que tu as`: how many of a thing a player has, now.

    Written after "pour chaque"; in a comparison the player is the subject
    (`tu as au moins 3 sceaux`) and the count is built by the comparison.
    """

    grammar: ClassVar[str] = """
!compte: _chose ("que" "tu" "as" | "de" l_adversaire | "que" l_adversaire "a")
"""
    handler: ClassVar[str] = "value"
    kind: Literal["compte"] = "compte"
    joueur: Joueur
    chose: Chose

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, joueur=joueur_of(children), chose=chose_of(children))

    def value(self, state: Any, act: Any) -> int:
        """The count, for the player it names."""
        return count(state, seat_of(self.joueur, act), self.chose)

    def write(self) -> str:
        owner = "que tu as" if self.joueur is Joueur.TOI else "de l'adversaire"
        return f"{noun(self.chose, 1)} {owner}"


class InfluenceDe(Construct):
    """`l'influence de la carte adverse`: a card's influence now (0 if it has left play)."""

    grammar: ClassVar[str] = 'influence_de: "l\'influence" "de" _carte_simple'
    handler: ClassVar[str] = "value"
    kind: Literal["influence_de"] = "influence_de"
    carte: SerializeAsAny[Node]

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        (carte,) = children
        return t.build(cls, meta, carte=carte)

    def value(self, state: Any, act: Any) -> int:
        """The card's influence, or 0 if it is no longer in play."""
        cards = self.carte.cards(state, act)  # type: ignore[attr-defined]
        return state.influence(cards[0]) if cards else 0

    def write(self) -> str:
        return f"l'influence de {printed(self.carte)}"


# ---------------------------------------------------------------------------
# Computed amounts
# ---------------------------------------------------------------------------


class PourChaque(logic.ForEach):
    """`pour chaque sceau de l'adversaire`: the amount printed before it, once per thing counted.

    `+1 sur cette carte pour chaque sceau de l'adversaire` places +1 as many
    times as the opponent has seals (none with no seal); `Piocher 1 carte
    pour chaque …` draws as many. At most `logic.MAX_AMOUNT` times.
    """

    grammar: ClassVar[str] = 'pour_chaque: "pour" "chaque" compte'
    kind: Literal["pour_chaque"] = "pour_chaque"
    per: int = Field(default=1, ge=1, le=1)

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        (quantity,) = children
        return t.build(cls, meta, quantity=quantity)

    def write(self) -> str:
        return f"pour chaque {self.quantity.write()}"  # type: ignore[attr-defined]


class AutantDeCartes(logic.AsManyAs):
    """`autant de cartes que l'adversaire a de sceaux`: as many cards as a player has of a thing, now."""

    grammar: ClassVar[str] = """
!autant_de_cartes: "autant" "de" "cartes" "que" _qui_a "de" _chose
"""
    kind: Literal["autant_de_cartes"] = "autant_de_cartes"

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        quantity = t.build(Compte, meta, joueur=joueur_of(children), chose=chose_of(children))
        return t.build(cls, meta, quantity=quantity)

    def write(self) -> str:
        quantity: Compte = self.quantity  # type: ignore[assignment]
        who = "tu as" if quantity.joueur is Joueur.TOI else "l'adversaire a"
        return f"autant de cartes que {who} de {noun(quantity.chose)}"


def amount(n: int, par: Node | None, state: Any, act: Any) -> int:
    """An effect's number: `n`, `n` for each thing counted (`pour chaque`), or `autant` as the count."""
    if par is None:
        return n
    if isinstance(par, AutantDeCartes):
        return logic.value_of(par, state, act)
    return max(-logic.MAX_AMOUNT, min(logic.MAX_AMOUNT, n * logic.value_of(par, state, act)))


# ---------------------------------------------------------------------------
# Comparisons
# ---------------------------------------------------------------------------

C = logic.Comparison

#: A count against a number: `tu as au moins 3 sceaux`.
AGAINST_NUMBER = {C.AT_LEAST: "au moins", C.AT_MOST: "au plus", C.MORE_THAN: "plus de", C.LESS_THAN: "moins de", C.EQUAL: "exactement"}
#: A count against the other player's: `tu as moins de sceaux que l'adversaire`.
AGAINST_PLAYER = {C.MORE_THAN: "plus", C.LESS_THAN: "moins", C.EQUAL: "autant"}
#: An influence against a number or another's: `est inférieure à celle de la carte adverse`.
AGAINST_INFLUENCE = {C.AT_LEAST: "au moins", C.AT_MOST: "au plus", C.MORE_THAN: "supérieure à", C.LESS_THAN: "inférieure à", C.EQUAL: "égale à"}


def comparison_of(found: list[str]) -> logic.Comparison:
    """The comparison its (folded) words say."""
    text = " ".join(found)
    for words_, comparison in (
        ("au moins", C.AT_LEAST),
        ("au plus", C.AT_MOST),
        ("exactement", C.EQUAL),
        ("superieure", C.MORE_THAN),
        ("inferieure", C.LESS_THAN),
        ("egale", C.EQUAL),
        ("autant", C.EQUAL),
        ("plus", C.MORE_THAN),
        ("moins", C.LESS_THAN),
    ):
        if f" {words_} " in f" {text} ":
            return comparison
    raise ValueError(f"no comparison in {text!r}")


def _bounded(t: UnitTransformer, number: Token) -> int:
    """A number compared to: 0 to `logic.MAX_AMOUNT`; out of range, a diagnostic at its place (E200)."""
    value = int(number)
    if not 0 <= value <= logic.MAX_AMOUNT:
        t.report("E200", f"{t.original(number)}: a number compared to is from 0 to {logic.MAX_AMOUNT}", t.span(number))
        return logic.MAX_AMOUNT
    return value


class Possession(logic.Compare):
    """`tu as au moins 3 sceaux`, `l'adversaire a plus de cartes en main que toi`: a count compared.

    Against a number: au moins (≥), au plus (≤), plus de (>), moins de (<),
    exactement (=). Against the other player's count of the same thing: plus
    (>), moins (<), autant (=).
    """

    grammar: ClassVar[str] = """
!possession: _qui_a ("au" "moins" | "au" "plus" | "plus" "de" | "moins" "de" | "exactement") INT _chose
           | _qui_a ("plus" | "moins" | "autant") "de" _chose "que" (l_adversaire | "toi")
"""
    slot: ClassVar[str | None] = "atome"
    kind: Literal["possession"] = "possession"
    right: SerializeAsAny[Node] | Annotated[int, Field(ge=0, le=logic.MAX_AMOUNT)]

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        found = words(children)
        subject = Joueur.ADVERSAIRE if found[0] == "l'adversaire" else Joueur.TOI
        chose = chose_of(children)
        left = t.build(Compte, meta, joueur=subject, chose=chose)
        numbers = [c for c in children if isinstance(c, Token) and c.type == "INT"]
        head = found[: found.index("de") if "de" in found and not numbers else len(found)]
        comparison = comparison_of(head[1:] if subject is Joueur.ADVERSAIRE else head)  # "tu as", "a": not kept
        if numbers:
            (number,) = numbers
            return t.build(cls, meta, left=left, comparison=comparison, right=_bounded(t, number))
        other = Joueur.ADVERSAIRE if found[-1] == "l'adversaire" else Joueur.TOI
        right = t.build(Compte, meta, joueur=other, chose=chose)
        return t.build(cls, meta, left=left, comparison=comparison, right=right)

    def write(self) -> str:
        left: Compte = self.left  # type: ignore[assignment]
        who = "tu as" if left.joueur is Joueur.TOI else "l'adversaire a"
        if isinstance(self.right, int):
            return f"{who} {AGAINST_NUMBER[self.comparison]} {self.right} {noun(left.chose, self.right)}"
        other = "toi" if self.right.joueur is Joueur.TOI else "l'adversaire"  # type: ignore[attr-defined]
        return f"{who} {AGAINST_PLAYER[self.comparison]} de {noun(left.chose)} que {other}"


class InfluenceEst(logic.Compare):
    """`l'influence de ta carte est au moins 10`, `… est inférieure à celle de la carte adverse`."""

    grammar: ClassVar[str] = """
!influence_est: influence_de "est" ("au" "moins" | "au" "plus" | "supérieure" "à" | "inférieure" "à" | "égale" "à") (INT | "celle" "de" _carte_simple)
"""
    slot: ClassVar[str | None] = "atome"
    kind: Literal["influence_est"] = "influence_est"
    right: SerializeAsAny[Node] | Annotated[int, Field(ge=0, le=logic.MAX_AMOUNT)]

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        left, *rest = children
        found = [str(c) for c in rest if isinstance(c, str) and not (isinstance(c, Token) and c.type == "INT")]
        comparison = comparison_of(found)
        last = rest[-1]
        if isinstance(last, Token) and last.type == "INT":
            return t.build(cls, meta, left=left, comparison=comparison, right=_bounded(t, last))
        right = t.build(InfluenceDe, meta, carte=last)
        return t.build(cls, meta, left=left, comparison=comparison, right=right)

    def write(self) -> str:
        right = str(self.right) if isinstance(self.right, int) else "celle de " + printed(self.right.carte)  # type: ignore[attr-defined]
        return f"{self.left.write()} est {AGAINST_INFLUENCE[self.comparison]} {right}"  # type: ignore[attr-defined]


class CarteEst(Construct):
    """`la carte adverse est de la Guilde`: the card played (or this card) is of the faction.

    `ta carte` and `la carte adverse` are the cards played in the current
    encounter, even if they have left play since.
    """

    grammar: ClassVar[str] = 'carte_est: _carte_simple "est" _de_faction'
    slot: ClassVar[str | None] = "atome"
    handler: ClassVar[str] = "holds"
    kind: Literal["carte_est"] = "carte_est"
    carte: SerializeAsAny[Node]
    faction: Faction

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        carte, faction = children
        return t.build(cls, meta, carte=carte, faction=faction)

    def holds(self, state: Any, act: Any) -> bool:
        """Whether the card is of the faction."""
        if isinstance(self.carte, CetteCarte):
            card = act.this
        else:
            played = state.line[act.at].played
            card = played[act.me] if isinstance(self.carte, TaCarte) else played[1 - act.me]
        return card is not None and state.cards[card].faction is self.faction

    def write(self) -> str:
        de = "de l'" if self.faction is Faction.ACADEMIE else "de la "
        return f"{printed(self.carte)} est {de}{self.faction.value}"


# ---------------------------------------------------------------------------
# What just happened: the encounter before, the margin, a result that changed
# ---------------------------------------------------------------------------


class RencontrePrecedente(Construct):
    """`tu as gagné la rencontre précédente`, `l'adversaire a perdu la rencontre précédente`.

    The encounter played just before the one the ability is in, as it stands
    now (its result may have changed since): `gagné`, its card of that player
    wins it; `perdu`, the other player's does. A tie, an encounter that has
    lost a card, or no encounter before: neither won nor lost.
    """

    grammar: ClassVar[str] = """
!rencontre_precedente: _qui_a ("gagné" | "perdu") "la" "rencontre" "précédente"
"""
    slot: ClassVar[str | None] = "atome"
    handler: ClassVar[str] = "holds"
    kind: Literal["rencontre_precedente"] = "rencontre_precedente"
    joueur: Joueur
    gagne: bool

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, joueur=joueur_of(children), gagne="gagne" in words(children))

    def holds(self, state: Any, act: Any) -> bool:
        """Whether the player won (or lost) the encounter before this one, now."""
        if act.at == 0:
            return False
        winner = state.line[act.at - 1].winner
        if winner is None:
            return False
        return (winner == seat_of(self.joueur, act)) == self.gagne

    def write(self) -> str:
        who = "tu as" if self.joueur is Joueur.TOI else "l'adversaire a"
        return f"{who} {'gagné' if self.gagne else 'perdu'} la rencontre précédente"


class Ecart(Construct):
    """`l'écart d'influence`: by how much the encounter is won, now.

    The difference between the influences of the two cards of the encounter
    the ability is in (0 on a tie, and 0 once one of them has left play: the
    encounter is then won by nobody).
    """

    grammar: ClassVar[str] = 'ecart: "l\'écart" "d\'influence"'
    handler: ClassVar[str] = "value"
    kind: Literal["ecart"] = "ecart"

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def value(self, state: Any, act: Any) -> int:
        """The margin of the current encounter."""
        a, b = state.line[act.at].cards
        if a is None or b is None:
            return 0
        return abs(state.influence(a) - state.influence(b))

    def write(self) -> str:
        return "l'écart d'influence"


#: The margin against a number: `l'écart d'influence est au moins 5` ("écart" is masculine).
AGAINST_MARGIN = {C.AT_LEAST: "au moins", C.AT_MOST: "au plus", C.MORE_THAN: "supérieur à", C.LESS_THAN: "inférieur à", C.EQUAL: "égal à"}


class EcartEst(logic.Compare):
    """`l'écart d'influence est au moins 5`: the margin of the current encounter compared to a number.

    Read when the effect is reached: a change of influence made before it in
    the same ability counts.
    """

    grammar: ClassVar[str] = """
!ecart_est: ecart "est" ("au" "moins" | "au" "plus" | "supérieur" "à" | "inférieur" "à" | "égal" "à") INT
"""
    slot: ClassVar[str | None] = "atome"
    kind: Literal["ecart_est"] = "ecart_est"
    right: Annotated[int, Field(ge=0, le=logic.MAX_AMOUNT)]

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        left, *rest = children
        number = rest[-1]
        text = " ".join(str(c) for c in rest[:-1])
        comparison = next(c for c, said in _MARGIN_WORDS if said in f" {text} ")
        return t.build(cls, meta, left=left, comparison=comparison, right=_bounded(t, number))

    def write(self) -> str:
        return f"l'écart d'influence est {AGAINST_MARGIN[self.comparison]} {self.right}"


_MARGIN_WORDS = ((C.AT_LEAST, " au moins "), (C.AT_MOST, " au plus "), (C.MORE_THAN, " superieur "), (C.LESS_THAN, " inferieur "), (C.EQUAL, " egal "))


class ResultatChange(Construct):
    """`le résultat de la rencontre a changé`: the encounter the ability is in is no longer won by the card that won it at the reveal.

    Another card wins it now, or nobody (an equal influence, a card gone);
    or a tie at the reveal has a winner now. Read when the effect is
    reached: after the loser's ability, a Protecteur reads what it did.
    """

    grammar: ClassVar[str] = '!resultat_change: "le" "résultat" "de" "la" "rencontre" "a" "changé"'
    slot: ClassVar[str | None] = "atome"
    handler: ClassVar[str] = "holds"
    kind: Literal["resultat_change"] = "resultat_change"

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def holds(self, state: Any, act: Any) -> bool:
        """Whether the winner now differs from the winner at the reveal."""
        enc = state.line[act.at]
        return bool(enc.winner != enc.revealed)

    def write(self) -> str:
        return "le résultat de la rencontre a changé"


# ---------------------------------------------------------------------------
# Joined conditions
# ---------------------------------------------------------------------------


class Et(logic.AllOf):
    """`… et …`: every condition holds."""

    grammar: ClassVar[str] = 'et: _atome ("et" _atome)+'
    kind: Literal["et"] = "et"

    def write(self) -> str:
        return " et ".join(printed(condition) for condition in self.conditions)


class Ou(logic.AnyOf):
    """`… ou …`: at least one condition holds ("a et b ou c": (a and b) or c)."""

    grammar: ClassVar[str] = 'ou: _terme ("ou" _terme)+'
    kind: Literal["ou"] = "ou"

    def write(self) -> str:
        return " ou ".join(printed(condition) for condition in self.conditions)


class SaufSi(logic.Not):
    """`Sauf si …`: the condition does not hold (it starts a `Si` block in place of `Si`)."""

    grammar: ClassVar[str] = 'sauf_si: "Sauf" "si" _condition'
    kind: Literal["sauf_si"] = "sauf_si"

    def write(self) -> str:
        return f"Sauf si {printed(self.condition)}"


class Si(Construct):
    """`Si <condition>, <effet> [et <effet>…] [, sinon <effet> [et <effet>…] | , sinon Si …]`.

    The condition is read when the effect is reached: if it holds, the
    effects after the comma act, in order; otherwise those after `sinon`, if
    any. `Sauf si <condition>, …` acts when the condition does not hold. The
    effects of a block are simple ones; the only `Si` in a `Si` is the whole
    of its `sinon` (`Si …, …, sinon Si …, …, sinon …`), so that each
    `sinon` and each `et` belongs to one `Si` only.
    """

    grammar: ClassVar[str] = """
!si: ("Si" _condition | sauf_si) "," _bloc ("," "sinon" (_bloc | si))?
_bloc: _effet_simple ("et" _effet_simple)*
"""
    slot: ClassVar[str | None] = "effet"
    kind: Literal["si"] = "si"
    condition: SerializeAsAny[Node]
    alors: list[SerializeAsAny[Node]] = Field(min_length=1)
    sinon: list[SerializeAsAny[Node]] = Field(default_factory=list)

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        nodes = [c for c in children if isinstance(c, Node) or (isinstance(c, Token) and str(c) == "sinon")]
        condition, *rest = nodes
        split = next((i for i, c in enumerate(rest) if isinstance(c, Token)), len(rest))
        return t.build(cls, meta, condition=condition, alors=rest[:split], sinon=rest[split + 1 :])

    def run(self, state: Any, act: Any) -> None:
        """Read the condition, then run the block it chooses."""
        ok = bool(self.condition.holds(state, act))  # type: ignore[attr-defined]
        state.emit("condition", player=act.me, ok=ok)
        block = self.alors if ok else self.sinon
        if block:
            run_block(state, act, block)

    def write(self) -> str:
        head = printed(self.condition) if isinstance(self.condition, SaufSi) else f"Si {printed(self.condition)}"
        text = f"{head}, " + " et ".join(printed(effet) for effet in self.alors)
        if self.sinon:
            text += ", sinon " + " et ".join(printed(effet) for effet in self.sinon)
        return text


class ChoixAdverse(Construct):
    """`L'adversaire choisit : <effet> [et <effet>…] ou <effet> [et <effet>…]`: the opponent picks one of two blocks.

    When the effect is reached, the opponent of the player whose ability
    acts chooses one of the two blocks (seeing both, as printed); its
    effects then act in order, for the ability's player, as if written in
    its place. The blocks hold simple effects, as a `Si`'s do.
    """

    grammar: ClassVar[str] = """
!choix_adverse: l_adversaire "choisit" ":" _bloc "ou" _bloc
"""
    slot: ClassVar[str | None] = "effet"
    kind: Literal["choix_adverse"] = "choix_adverse"
    premier: list[SerializeAsAny[Node]] = Field(min_length=1)
    second: list[SerializeAsAny[Node]] = Field(min_length=1)

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        split = next(i for i, c in enumerate(children) if isinstance(c, Token) and str(c).lower() == "ou")
        blocks = [[c for c in part if isinstance(c, Node)] for part in (children[:split], children[split + 1 :])]
        return t.build(cls, meta, premier=blocks[0], second=blocks[1])

    def run(self, state: Any, act: Any) -> None:
        """The opponent chooses a block (a decision of kind `choice`), then its effects act."""
        chooser = 1 - act.me
        options = [Option(_block_text(self.premier), 0), Option(_block_text(self.second), 1)]
        decision = Decision(chooser, "choice", options, f"Choose what {act.source}'s ability does", context={"for": act.me})
        state.ask(decision, _block_chosen, act, self)

    def write(self) -> str:
        return f"L'adversaire choisit : {_block_text(self.premier)} ou {_block_text(self.second)}"


def _block_text(block: list[Any]) -> str:
    """A block's effects as printed, joined by "et"."""
    return " et ".join(printed(effet) for effet in block)


def _block_chosen(state: Any, option: Option, act: Any, choix: ChoixAdverse) -> None:
    block = choix.second if option.value else choix.premier
    state.emit("choice", player=1 - act.me, text=option.label)
    run_block(state, act, block)


class ALaProchaineRencontre(Construct):
    """`À la prochaine rencontre : <effet> [et <effet>…]`: effects that wait for the next encounter.

    When it is reached, nothing acts yet: the effects are kept for the next
    encounter. Once that encounter's cards are revealed and its result is
    known, before any ability of that encounter acts, they act in order for
    the same player, as the same ability: `ta carte` and `la carte adverse`
    are the cards of that next encounter, `cette carte` is still the card
    whose ability wrote them (nothing, if it has left play). Several waiting
    effects act in the order they were written. A game that ends before the
    next encounter ends with them unused. The block holds simple effects, as
    a `Si`'s does.
    """

    grammar: ClassVar[str] = """
a_la_prochaine_rencontre: "À" "la" "prochaine" "rencontre" ":" _bloc
"""
    slot: ClassVar[str | None] = "effet"
    kind: Literal["a_la_prochaine_rencontre"] = "a_la_prochaine_rencontre"
    effets: list[SerializeAsAny[Node]] = Field(min_length=1)

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, effets=[c for c in children if isinstance(c, Node)])

    def run(self, state: Any, act: Any) -> None:
        """Keep the effects for the next encounter (`CardiaState.delay`)."""
        state.delay(act, self)

    def write(self) -> str:
        return f"À la prochaine rencontre : {_block_text(self.effets)}"


CONSTRUCTS: tuple[type[Construct], ...] = (
    Compte,
    InfluenceDe,
    PourChaque,
    AutantDeCartes,
    Possession,
    InfluenceEst,
    CarteEst,
    RencontrePrecedente,
    Ecart,
    EcartEst,
    ResultatChange,
    Et,
    Ou,
    SaufSi,
    Si,
    ChoixAdverse,
    ALaProchaineRencontre,
)
