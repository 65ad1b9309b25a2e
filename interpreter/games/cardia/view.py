"""What a seat may see of a game of Duel pour Cardia: the view bots decide on.

A bot sees a `CardiaView`: its own hand, the line of encounters (cards,
influences, seals, Persistant tokens), the counts of hands and piles, both
discards, the Protecteurs of this encounter and of the next, the opponent's
cards not yet seen (public: the deck minus the cards in play and in the
discard), a card shown face up, the opponent's hand when it is played
shown — never otherwise the opponent's hand, nor a card chosen in secret.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import ast
from .abilities import GagnentEgalites


@dataclass(frozen=True, slots=True)
class Slot:
    """A card in play as a bot sees it: its id (as in the options), card, owner, influence, tokens."""

    id: int
    card: ast.Personnage
    owner: int
    influence: int
    persistent: bool


@dataclass(frozen=True, slots=True)
class EncounterView:
    """One encounter of the line: its two slots (None when a card left), winner and seal."""

    number: int
    slots: tuple[Slot | None, Slot | None]
    winner: int | None
    sealed: bool


@dataclass(frozen=True)
class CardiaView:
    """What one player may know of a game of Duel pour Cardia."""

    me: int
    hand: tuple[ast.Personnage, ...]
    hand_ids: tuple[int, ...]
    hand_sizes: tuple[int, int]
    pile_sizes: tuple[int, int]
    line: tuple[EncounterView, ...]
    seals: tuple[int, int]
    seals_to_win: int
    #: The opponent's cards neither in play nor in the discard (their hand and pile, unordered).
    unseen: tuple[ast.Personnage, ...]
    #: The card the opponent showed face up this turn, if any.
    shown: ast.Personnage | None
    #: Influence bonus of a card played now, per seat and faction (persistent abilities, Lieu).
    bonus: tuple[dict[ast.Faction, int], dict[ast.Faction, int]]
    #: Seats whose cards win ties; seats whose instantaneous abilities are blocked.
    tie_holders: frozenset
    blocked: frozenset
    #: The Protecteur of this turn's encounter, if any.
    protecteur: ast.Protecteur | None
    #: Each seat's discard (cards that left play or a hand face up: public).
    discards: tuple[tuple[ast.Personnage, ...], tuple[ast.Personnage, ...]] = ((), ())
    #: The Protecteur of the next encounter, once revealed.
    next_protecteur: ast.Protecteur | None = None
    #: The opponent's hand when they play with it shown (`L'adversaire joue avec sa main visible`), else None.
    their_hand: tuple[ast.Personnage, ...] | None = None

    @classmethod
    def of(cls, state, me: int) -> CardiaView:
        """The view of `me` on a state."""
        them = 1 - me
        line = []
        for enc in state.line:
            first, second = (Slot(c, state.cards[c], state.owners[c], state.influence(c), c in state.persistent) if c is not None else None for c in enc.cards)
            line.append(EncounterView(enc.number, (first, second), enc.winner, enc.sealed))
        gone = {c for enc in state.line for c in enc.cards if c is not None} | set(state.seats[them].discard)
        unseen = tuple(state.cards[c] for c, owner in enumerate(state.owners) if owner == them and c not in gone)
        bonus: tuple[dict[ast.Faction, int], dict[ast.Faction, int]] = ({}, {})
        for seat in (0, 1):
            for faction in ast.Faction:
                value = 0
                for owner, _, effect in state.active.get(ast.InfluenceContinue, ()):
                    kind = effect.ensemble.kind
                    if kind != "cette_carte" and (owner == seat) == (kind == "tes_cartes"):
                        if effect.ensemble.faction in (None, faction):
                            value += effect.n
                for f, n in state.game.lieu_bonuses:
                    if f in (None, faction):
                        value += n
                bonus[seat][faction] = value
        # the players whose every card wins ties (`Tes cartes gagnent les égalités`)
        holders = frozenset(o for o, _, e in state.active.get(GagnentEgalites, ()) if e.ensemble.kind == "tes_cartes" and e.ensemble.faction is None)
        blocked = frozenset(1 - o for o, _, _ in state.active.get(ast.CapacitesAdversesBloquees, ()))
        shown = state.shown[them]
        protecteur = None
        if state.game.protecteurs and state.protector_now is not None:
            protecteur = state.game.protecteurs[state.protector_now]
        hand = sorted(state.seats[me].hand)
        seals_first, seals_second = state.seals()
        discard_first, discard_second = (tuple(state.cards[c] for c in seat.discard) for seat in state.seats)
        return cls(
            me,
            tuple(state.cards[c] for c in hand),
            tuple(hand),
            (len(state.seats[0].hand), len(state.seats[1].hand)),
            (len(state.seats[0].pile), len(state.seats[1].pile)),
            tuple(line),
            (seals_first, seals_second),
            state.rules.seals_to_win,
            unseen,
            state.cards[shown] if shown is not None else None,
            bonus,
            holders,
            blocked,
            protecteur,
            (discard_first, discard_second),
            state.game.protecteurs[state.upcoming] if state.game.protecteurs and state.upcoming is not None else None,
            tuple(state.cards[c] for c in sorted(state.seats[them].hand)) if state.hand_shown(them) else None,
        )
