"""Duel pour Cardia's effects that move cards between zones, each declared in one place.

- `Prendre 1 carte de la main adverse au hasard`: the one verb that takes
  cards from a zone of a player (hand, discard, pile) to a zone of a player
  (by default your hand), chosen by you or at random, face down or up;
- `Regarder les 3 premières cartes de ta pioche et en prendre 1 en main`:
  looking at the top of a pile;
- `Échanger ta carte avec une carte de ta main`: a card in play swapped for
  a card of the hand;
- `Échanger les deux cartes jouées`: the two cards of the current encounter
  change sides (and owners);
- `Copier la capacité de la carte adverse`: another card's instantaneous
  ability acts for you.

A card taken into another player's hand, pile or discard becomes theirs: they
may play it, it goes to their discard when it leaves play.
"""

from enum import Enum
from typing import Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta

from atout.interpreter.engine.decision import CHANCE, Decision, Option, seat_name
from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.nodes import Node
from atout.interpreter.language.transform import UnitTransformer

from . import ast
from .conditions import seat_of, words
from .steps import resolve, run_effects
from .targets import CarteAuChoix, CetteCarte, ChacuneDeTesCartes, Cible, TaCarte
from .vocabulary import Camp, Count, Joueur, cartes, printed


class Zone(str, Enum):
    """A player's zones out of play."""

    MAIN = "main"
    DEFAUSSE = "défausse"
    PIOCHE = "pioche"


_ZONE_WORDS = {"main": Zone.MAIN, "defausse": Zone.DEFAUSSE, "pioche": Zone.PIOCHE}


def _where(joueur: Joueur, zone: Zone) -> str:
    """`ta main`, `la défausse adverse`."""
    return f"ta {zone.value}" if joueur is Joueur.TOI else f"la {zone.value} adverse"


def _number(children: list[Any]) -> Token:
    return next(c for c in children if isinstance(c, Token) and c.type == "INT")


class Prendre(Construct):
    """`Prendre N carte(s) de <ta|la> <main|défausse|pioche> [adverse] [au hasard] [<destination>] [face visible]`.

    Takes `n` cards, one after the other, from the zone of `de` (fewer if it
    holds fewer): chosen by you, who see that zone's cards, or at random
    (`au hasard`, a chance draw; from a pile, it is drawing). They go to
    `vers_zone` of `vers`: `en main` (your hand, the default), `dans ta main`,
    `dans la main adverse`, `dans ta défausse`, `dans la défausse adverse`,
    `sous ta pioche`, `sous la pioche adverse`. A card going to another
    player's zone becomes theirs. `face visible`: both players see the cards
    taken; otherwise only the players whose zones they leave and join do.
    """

    grammar: ClassVar[str] = """
!prendre: "Prendre" INT _cartes "de" _zone_de au_hasard? _destination? ("face" "visible")?
!_zone_de: "ta" _zone | "la" _zone adverse
!_zone: "main" | "défausse" | "pioche"
!_destination: "en" "main" | "dans" ("ta" ("main" | "défausse") | "la" ("main" | "défausse") adverse)
             | "sous" ("ta" "pioche" | "la" "pioche" adverse)
"""
    slot: ClassVar[str | None] = "effet_simple"
    kind: Literal["prendre"] = "prendre"
    n: Count
    de: Joueur
    zone: Zone
    au_hasard: bool = False
    vers: Joueur = Joueur.TOI
    vers_zone: Zone = Zone.MAIN
    face_visible: bool = False

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        found = words(children)
        number = _number(children)
        i = found.index("de", 2)
        de = Joueur.TOI if found[i + 1] == "ta" else Joueur.ADVERSAIRE
        zone = _ZONE_WORDS[found[i + 2]]
        rest = found[i + 3 + (de is Joueur.ADVERSAIRE) :]
        au_hasard = "au hasard" in rest
        face_visible = "visible" in rest
        vers, vers_zone = Joueur.TOI, Zone.MAIN
        for j, word in enumerate(rest):
            if word in ("dans", "sous"):
                vers = Joueur.TOI if rest[j + 1] == "ta" else Joueur.ADVERSAIRE
                vers_zone = _ZONE_WORDS[rest[j + 2]]
        node = t.build(
            cls,
            meta,
            {"n": number},
            label=t.text_of(meta),
            n=int(number),
            de=de,
            zone=zone,
            au_hasard=au_hasard,
            vers=vers,
            vers_zone=vers_zone,
            face_visible=face_visible,
        )
        if de is vers and zone is vers_zone:
            t.report("E361", f"{t.text_of(meta)}: the cards would stay where they are; name another zone to take them to", t.span(meta))
        return node

    def run(self, state: Any, act: Any) -> None:
        """Take the cards one by one (see the class)."""
        take_one(state, act, self, self.n)

    def write(self) -> str:
        text = f"Prendre {cartes(self.n)} de {_where(self.de, self.zone)}"
        if self.au_hasard:
            text += " au hasard"
        if (self.vers, self.vers_zone) != (Joueur.TOI, Zone.MAIN):
            text += (" sous " if self.vers_zone is Zone.PIOCHE else " dans ") + _where(self.vers, self.vers_zone)
        return text + (" face visible" if self.face_visible else "")


def card_options(state: Any, cards: list[int]) -> list[Option]:
    """Cards out of play as options: by name, the id added to a name two of them share."""
    names = [state.names[c] for c in cards]
    return [Option(name if names.count(name) == 1 else f"{name} #{card}", card) for name, card in zip(names, cards)]


def take_one(state: Any, act: Any, effet: Prendre, left: int) -> None:
    """Take one card for `effet` (then the next, `left` in all)."""
    src = seat_of(effet.de, act)
    pool = state.zone_cards(src, effet.zone.value)
    if not pool:
        if left == effet.n:
            state.emit("no_target")
        return
    if effet.au_hasard and effet.zone is Zone.PIOCHE:
        decision = state.seats[src].pile.draw_decision(state.names.__getitem__, "take", f"{seat_name(src)}'s pile: a card at random")
    else:
        ordered = sorted(pool, key=lambda c: (state.printed[c], c))
        options = card_options(state, ordered)
        if effet.au_hasard:
            decision = Decision(CHANCE, "random_take", options, f"A card of {seat_name(src)}'s {effet.zone.value} at random")
        else:
            decision = Decision(act.me, "take", options, f"Choose a card to take ({left} to go)", context={"for": act.me})
    state.ask(decision, _taken, act, effet, left)


def _taken(state: Any, option: Option, act: Any, effet: Prendre, left: int) -> None:
    src, dst = seat_of(effet.de, act), seat_of(effet.vers, act)
    if effet.au_hasard and effet.zone is Zone.PIOCHE:
        card = state.seats[src].pile.take(option.label, state.names.__getitem__)
    else:
        card = option.value
        state.remove_from_zone(card, src, effet.zone.value)
    state.put_in_zone(card, dst, effet.vers_zone.value)
    shown = (effet.zone is Zone.MAIN and state.hand_shown(src)) or (effet.vers_zone is Zone.MAIN and state.hand_shown(dst))
    state.emit(
        "take",
        player=act.me,
        card=state.names[card],
        owner=src,
        zone=effet.zone.value,
        to=dst,
        to_zone=effet.vers_zone.value,
        visible=effet.face_visible,
        **({"seen": True} if shown else {}),  # it leaves or joins a hand played shown: both players know it
    )
    if left > 1:
        state.then(take_one, act, effet, left - 1)


class Regarder(Construct):
    """`Regarder les N premières cartes de <ta pioche|la pioche adverse> et en <prendre K en main|défausser K>`.

    You look at the top `n` cards of the pile (fewer if it holds fewer: they
    come out by chance, as a draw), take `garder` of them of your choice to
    your hand (or discard them to their owner's discard, `défausser`), and
    put the others back on top of the pile, in an order no one knows.
    """

    grammar: ClassVar[str] = """
!regarder: "Regarder" "les" INT "premières" "cartes" "de" ("ta" "pioche" | "la" "pioche" adverse) "et" "en" ("prendre" INT "en" "main" | "défausser" INT)
"""
    slot: ClassVar[str | None] = "effet_simple"
    kind: Literal["regarder"] = "regarder"
    n: Count
    de: Joueur
    garder: Count
    defausser: bool = False

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        n, garder = [c for c in children if isinstance(c, Token) and c.type == "INT"]
        found = words(children)
        de = Joueur.ADVERSAIRE if "adverse" in found else Joueur.TOI
        node = t.build(cls, meta, {"n": n, "garder": garder}, label=t.text_of(meta), n=int(n), de=de, garder=int(garder), defausser="defausser" in found)
        if int(garder) > int(n):
            t.report("E362", f"{t.text_of(meta)}: {garder} cards cannot be taken among {n}: write at most {n}", t.span(garder))
        return node

    def run(self, state: Any, act: Any) -> None:
        """Draw the top cards by chance, then choose among them."""
        look_one(state, act, self, [])

    def write(self) -> str:
        pile = "ta pioche" if self.de is Joueur.TOI else "la pioche adverse"
        then = f"défausser {self.garder}" if self.defausser else f"prendre {self.garder} en main"
        return f"Regarder les {self.n} premières cartes de {pile} et en {then}"


def look_one(state: Any, act: Any, effet: Regarder, seen: list[int]) -> None:
    """The next top card comes out by chance; with `n` out (or the pile empty), choose among them."""
    src = seat_of(effet.de, act)
    pile = state.seats[src].pile
    if len(seen) < effet.n and pile:
        decision = pile.draw_decision(state.names.__getitem__, "look", f"{seat_name(src)}'s pile: the next card")
        state.ask(decision, _looked, act, effet, seen)
        return
    state.emit("look", player=act.me, owner=src, cards=[state.names[c] for c in seen])
    keep_one(state, act, effet, seen, effet.garder)


def _looked(state: Any, option: Option, act: Any, effet: Regarder, seen: list[int]) -> None:
    card = state.seats[seat_of(effet.de, act)].pile.take(option.label, state.names.__getitem__)
    state.aside = [*state.aside, card]  # set aside while the player looks (the position's cards stay counted)
    look_one(state, act, effet, [*seen, card])


def keep_one(state: Any, act: Any, effet: Regarder, seen: list[int], left: int) -> None:
    """Choose one of the cards looked at to take (or discard); the others go back on top."""
    src = seat_of(effet.de, act)
    if left == 0 or not seen:
        state.aside = [c for c in state.aside if c not in seen]
        state.seats[src].pile.put_on_top(seen)
        return
    ordered = sorted(seen, key=lambda c: (state.printed[c], c))
    verb = "discard" if effet.defausser else "take"
    decision = Decision(act.me, "keep", card_options(state, ordered), f"Choose a card to {verb} ({left} to go)", context={"for": act.me})
    state.ask(decision, _kept, act, effet, seen, left)


def _kept(state: Any, option: Option, act: Any, effet: Regarder, seen: list[int], left: int) -> None:
    card = option.value
    src = seat_of(effet.de, act)
    state.aside = [c for c in state.aside if c != card]
    if effet.defausser:
        state.put_in_zone(card, src, Zone.DEFAUSSE.value)
        state.emit("take", player=act.me, card=state.names[card], owner=src, zone="pioche", to=src, to_zone="défausse", visible=True)
    else:
        state.put_in_zone(card, act.me, Zone.MAIN.value)
        shown = {"seen": True} if state.hand_shown(act.me) else {}  # into a hand played shown: both players know it
        state.emit("take", player=act.me, card=state.names[card], owner=src, zone="pioche", to=act.me, to_zone="main", visible=False, **shown)
    keep_one(state, act, effet, [c for c in seen if c != card], left - 1)


def _yours(cible: Node) -> bool:
    """Whether a target names only cards of yours."""
    if isinstance(cible, (CetteCarte, TaCarte, ChacuneDeTesCartes)):
        return True
    return isinstance(cible, CarteAuChoix) and cible.camp is Camp.TIENNES


class Echanger(Construct):
    """`Échanger <ta carte | cette carte | une de tes cartes … au choix> avec une carte de ta main [au hasard]`.

    Each target card (yours, in play) goes back to your hand, and a card of
    your hand, chosen by you (or at random), takes its place in the same
    encounter, with no token. The encounters are then re-evaluated. With an
    empty hand, nothing happens.
    """

    grammar: ClassVar[str] = '!echanger: "Échanger" _cible "avec" "une" "carte" "de" "ta" "main" au_hasard?'
    slot: ClassVar[str | None] = "effet_simple"
    kind: Literal["echanger"] = "echanger"
    cible: Cible
    au_hasard: bool = False

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        cible = next(c for c in children if isinstance(c, Node))
        node = t.build(cls, meta, cible=cible, au_hasard="au hasard" in words(children))
        if not _yours(cible):
            t.report("E363", f"{t.text_of(meta)}: only your own cards in play can be exchanged with your hand: write ta carte, cette carte or une de tes cartes … au choix", t.span(meta))
        return node

    def run(self, state: Any, act: Any) -> None:
        """Find the targets, then exchange each in turn."""
        resolve(state, act, self.cible, {"effect": "exchange"}, _exchange_all, act, self)

    def write(self) -> str:
        return f"Échanger {printed(self.cible)} avec une carte de ta main" + (" au hasard" if self.au_hasard else "")


def _exchange_all(state: Any, cards: tuple[int, ...], act: Any, effet: Echanger) -> None:
    if not cards:
        state.emit("no_target")
        return
    first, *others = cards
    exchange(state, act, effet, first)
    for card in others:
        state.then(exchange, act, effet, card)


def exchange(state: Any, act: Any, effet: Echanger, card: int) -> None:
    """Ask for the card of the hand that replaces `card` in play."""
    hand = state.seats[act.me].hand
    if card not in state.place or not hand:
        state.emit("no_target")
        return
    options = card_options(state, sorted(hand, key=lambda c: (state.printed[c], c)))
    if effet.au_hasard:
        decision = Decision(CHANCE, "random_exchange", options, "A card of the hand at random")
    else:
        decision = Decision(act.me, "exchange", options, f"Choose the card that replaces {state.names[card]}", context={"for": act.me})
    state.ask(decision, _exchanged, card)


def _exchanged(state: Any, option: Option, card: int) -> None:
    state.replace_in_play(card, option.value)
    state.evaluate()


class EchangerCartesJouees(Construct):
    """`Échanger les deux cartes jouées`: the two cards of the current encounter change sides.

    Your card goes to the opponent's side of the encounter and theirs to
    yours, each with its tokens: each card becomes the player's on whose
    side it now is (it goes to that player's discard when it leaves play),
    and counts as the card that player played (`ta carte`, a Protecteur's
    faction). The encounters are then re-evaluated: the seal follows the
    card that wins. If either card has left play, nothing happens.
    """

    grammar: ClassVar[str] = 'echanger_cartes_jouees: "Échanger" "les" "deux" "cartes" "jouées"'
    slot: ClassVar[str | None] = "effet_simple"
    kind: Literal["echanger_cartes_jouees"] = "echanger_cartes_jouees"

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def run(self, state: Any, act: Any) -> None:
        """Swap the two cards of the ability's encounter, then re-evaluate."""
        if None in state.line[act.at].cards:
            state.emit("no_target")
            return
        state.swap_played(act.at, act.me)
        state.evaluate()

    def write(self) -> str:
        return "Échanger les deux cartes jouées"


class Copier(Construct):
    """`Copier la capacité de <cible>`: the instantaneous abilities of the target card act for you.

    Its effects act as if this card had them: "cette carte" is still this
    card, "tu" is still you. A copied ability that copies again does nothing
    (a copy never chains), and copying this card's own ability is refused
    when the card is read, since it could never end.
    """

    grammar: ClassVar[str] = 'copier: "Copier" "la" "capacité" "de" _cible'
    slot: ClassVar[str | None] = "effet_simple"
    kind: Literal["copier"] = "copier"
    cible: Cible

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        (cible,) = children
        node = t.build(cls, meta, cible=cible)
        if isinstance(cible, CetteCarte):
            t.report("E360", f"{t.text_of(meta)}: a card that copies its own ability would copy it for ever: copy another card's (la carte adverse, une autre carte au choix)", t.span(meta))
        return node

    def run(self, state: Any, act: Any) -> None:
        """Find the target, then run its instantaneous abilities' effects for you."""
        if act.copie:
            state.emit("copy_nothing", player=act.me)
            return
        resolve(state, act, self.cible, {"effect": "copy"}, _copy, act)

    def write(self) -> str:
        return f"Copier la capacité de {printed(self.cible)}"


def _copy(state: Any, cards: tuple[int, ...], act: Any) -> None:
    effets = [effet for card in cards for capacite in state.cards[card].capacites if isinstance(capacite, ast.CapaciteInstantanee) for effet in capacite.effets]
    if not effets:
        state.emit("no_target")
        return
    for card in cards:
        state.emit("copy", player=act.me, card=state.names[card])
    run_effects(state, act._replace(copie=True), effets)


CONSTRUCTS: tuple[type[Construct], ...] = (Prendre, Regarder, Echanger, EchangerCartesJouees, Copier)
