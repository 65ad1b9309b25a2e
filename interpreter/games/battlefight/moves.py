"""`Prendre`: BattleFight's one verb for moving cards between zones, declared in one place.

    Prendre 1 carte de la défausse de l'adversaire
    Prendre 1 carte de la main de l'adversaire au hasard
    Prendre 2 cartes de ta main au choix de l'adversaire dans la pioche de l'adversaire
    Prendre 1 carte parmi les 3 premières de ta pioche

- **from**: a zone (main, pioche, défausse) of the player or of the opponent;
- **how many**: up to the number printed (fewer when the zone has fewer);
- **chosen by**: the player the step runs for (the default), chance (`au
  hasard`), or the other player (`au choix de l'adversaire`). A pile is face
  down: its cards come from the top, in the order chance draws them, unless
  `parmi les N premières` turns its N top cards face up for the chooser, who
  takes some of them; the others go back on top, in the order they were;
- **to**: `dans` a zone, the player's hand when none is written. A card put
  in a pile goes on top. Hands and piles are hidden, discards face up (so a
  card's name is told to everyone when it leaves or enters a discard).

A card taken into a player's zone is that player's from then on: it goes to
their discard when played, like their own cards.
"""

from typing import Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta
from pydantic import Field

from atout.interpreter.engine.decision import CHANCE, Decision, Option, seat_name
from atout.interpreter.engine.piles import draw_option
from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.text import fold

from .quantities import Whose, Zone, cards_in, read_zones, seat_of, zone_text


class Prendre(Construct):
    """Take up to `n` cards from a zone (`source`) into another (`destination`), chosen by `chooser`."""

    grammar: ClassVar[str] = """
prendre: "Prendre" SIGNED_INT ("carte" | "cartes") ("parmi" "les" INT ("premières" | "première"))? _de_zone _prendre_choix? ("dans" _zone)?
_prendre_choix: "au" HASARD | "au" CHOIX "de" "l'adversaire"
HASARD: "hasard"
CHOIX: "choix"
"""
    slot: ClassVar[str | None] = "plain"
    kind: Literal["prendre"] = "prendre"
    n: int = Field(ge=1, le=10)
    #: `parmi les N premières`: the top cards of a pile turned face up for the chooser (0: none).
    among: int = Field(default=0, ge=0, le=10)
    source_whose: Whose
    source: Zone
    chooser: Literal["toi", "hasard", "adversaire"] = "toi"
    destination_whose: Whose = Whose.TOI
    destination: Zone = Zone.MAIN

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        tokens = [c for c in children if isinstance(c, Token)]
        n = next(c for c in tokens if c.type == "SIGNED_INT")
        among = next((c for c in tokens if c.type == "INT"), None)
        zones = read_zones(tokens)
        chooser = {"HASARD": "hasard", "CHOIX": "adversaire"}.get(next((c.type for c in tokens if c.type in ("HASARD", "CHOIX")), ""), "toi")
        fields: dict[str, Any] = {"n": int(n), "source_whose": zones[0][0], "source": zones[0][1], "chooser": chooser}
        places = {"n": n}
        if among is not None:
            fields["among"] = int(among)
            places["among"] = among
            if zones[0][1] is not Zone.PIOCHE:
                t.report("E201", "Prendre … parmi les N premières: only a pile (pioche) has top cards", t.span(among))
        if len(zones) > 1:
            fields["destination_whose"], fields["destination"] = zones[1]
        return t.build(cls, meta, places, label=t.text_of(meta), **fields)

    def run(self, state: Any, frame: Any, me: int, them: int) -> str:
        """Take the cards one at a time (each choice a decision), or look at the pile's top cards first."""
        source = seat_of(self.source_whose, me, them)
        chooser = {"toi": me, "adversaire": them, "hasard": CHANCE}[self.chooser]
        if self.among:
            return _look(state, self, me, them, source, chooser, self.among, ())
        return _take_next(state, self, me, them, source, chooser, self.n)

    def write(self) -> str:
        cards = "carte" if self.n == 1 else "cartes"
        among = f" parmi les {self.among} premières" if self.among else ""
        text = f"Prendre {self.n} {cards}{among} de {zone_text(self.source_whose, self.source)}"
        text += {"toi": "", "hasard": " au hasard", "adversaire": " au choix de l'adversaire"}[self.chooser]
        if (self.destination_whose, self.destination) != (Whose.TOI, Zone.MAIN):
            text += f" dans {zone_text(self.destination_whose, self.destination)}"
        return text


def _take_next(state: Any, verb: Prendre, me: int, them: int, source: int, chooser: int, left: int) -> str:
    """The next card to take, while some are left to take and the zone has some."""
    if left == 0:
        return "next"
    zone = cards_in(state, source, verb.source)
    if not zone:
        state.emit("take_none", player=me, zone=verb.source.value, owner=source)
        return "next"
    if verb.source is Zone.PIOCHE:  # face down: from the top, as chance draws it
        decision = state.seats[source].pile.draw_decision(state.name_of, prompt=f"{seat_name(me)} takes a card")
    else:
        decision = _choice(state, list(zone), chooser, f"{seat_name(me)} takes a card ({left} to go)")
    return state.wait(decision, _taken, verb, me, them, source, chooser, left)


def _choice(state: Any, cards: list[int], chooser: int, prompt: str) -> Decision:
    """A decision among cards by name: chance weighs each name by its copies."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[state.name_of(card)] = counts.get(state.name_of(card), 0) + 1
    names = sorted(counts, key=fold)
    if chooser == CHANCE:
        return Decision(CHANCE, "take", [draw_option(name, counts[name]) for name in names], prompt)
    return Decision(chooser, "take", [Option(name, name) for name in names], prompt)


def _taken(state: Any, option: Option, verb: Prendre, me: int, them: int, source: int, chooser: int, left: int) -> str:
    """A card is chosen (or drawn from the pile): it moves; then the next one."""
    if verb.source is Zone.PIOCHE:
        card = state.seats[source].take(option.value, state.name_of)
    else:
        zone = cards_in(state, source, verb.source)
        card = next(c for c in zone if state.name_of(c) == option.value)
        zone.remove(card)
    _put(state, verb, me, them, source, card)
    return _take_next(state, verb, me, them, source, chooser, left - 1)


def _put(state: Any, verb: Prendre, me: int, them: int, source: int, card: int) -> None:
    """Put a taken card in its destination zone; it is the destination player's from now on."""
    seat = seat_of(verb.destination_whose, me, them)
    player = state.seats[seat]
    if verb.destination is Zone.PIOCHE:
        if player.pile_shared:
            player.pile, player.pile_shared = player.pile.copy(), False
        player.pile.put_on_top([card])
    else:
        cards_in(state, seat, verb.destination).append(card)
    state.give(card, seat)
    shown = Zone.DEFAUSSE in (verb.source, verb.destination)
    state.emit(
        "take",
        player=me,
        card=state.name_of(card),
        shown=shown,
        start=verb.source.value,
        owner=source,
        to=verb.destination.value,
        seat=seat,
    )


def _look(state: Any, verb: Prendre, me: int, them: int, source: int, chooser: int, left: int, seen: tuple[int, ...]) -> str:
    """Turn the pile's top cards face up, one at a time (chance draws them), for the chooser."""
    pile = state.seats[source].pile
    if left == 0 or not pile:
        state.emit("look", player=me if chooser == CHANCE else chooser, cards=[state.name_of(c) for c in seen], owner=source)
        return _pick(state, verb, me, them, source, chooser, verb.n, seen)
    decision = pile.draw_decision(state.name_of, prompt=f"{seat_name(me)} looks at a card")
    return state.wait(decision, _looked, verb, me, them, source, chooser, left, seen)


def _looked(state: Any, option: Option, verb: Prendre, me: int, them: int, source: int, chooser: int, left: int, seen: tuple[int, ...]) -> str:
    """Chance has turned the next top card face up; it is held apart until the choice is made."""
    card = state.seats[source].take(option.value, state.name_of)
    state.looking = state.looking + (card,)
    return _look(state, verb, me, them, source, chooser, left - 1, seen + (card,))


def _pick(state: Any, verb: Prendre, me: int, them: int, source: int, chooser: int, left: int, seen: tuple[int, ...]) -> str:
    """The chooser takes one of the cards turned face up; when done, the others go back on top, in order."""
    if left == 0 or not seen:
        pile = state.seats[source]
        if pile.pile_shared:
            pile.pile, pile.pile_shared = pile.pile.copy(), False
        for card in reversed(seen):
            pile.pile.put_on_top([card])
        state.looking = tuple(c for c in state.looking if c not in seen)
        return "next"
    decision = _choice(state, list(seen), chooser, f"{seat_name(me)} takes a card ({left} to go)")
    return state.wait(decision, _picked, verb, me, them, source, chooser, left, seen)


def _picked(state: Any, option: Option, verb: Prendre, me: int, them: int, source: int, chooser: int, left: int, seen: tuple[int, ...]) -> str:
    """The chooser has picked a card among those face up: it moves."""
    card = next(c for c in seen if state.name_of(c) == option.value)
    state.looking = tuple(c for c in state.looking if c != card)
    _put(state, verb, me, them, source, card)
    rest = tuple(c for c in seen if c != card)
    return _pick(state, verb, me, them, source, chooser, left - 1, rest)


CONSTRUCTS = (Prendre,)
