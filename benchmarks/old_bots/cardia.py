"""Duel pour Cardia's heuristic bot.

It sees the game through the `CardiaView` of `view.py`.

The heuristic bot plays the card of best expected value against the
opponent's possible cards, each as likely: winning the encounter is worth a
seal (and more when it wins the game), losing it is worth the card's ability
(read from its effects on a small model of the line: a seal flipped back,
cards drawn, the game won...) minus the seal the opponent takes. So it loses
on purpose when the ability is worth more than the seal (the Assassin that
cancels a strong card, the Saboteur that wins the seal back, the Djinn...).
Targets are chosen by the same model; it discards its weakest cards and takes
Persistant tokens off the opponent's cards.
"""

from __future__ import annotations

import random

from atout.interpreter.engine.decision import Decision

from atout.interpreter.games.cardia import ast
from atout.interpreter.games.cardia.view import CardiaView, Slot

#: What a seal is worth, and winning or losing the game, in the bot's scores.
SEAL, GAME = 1.0, 25.0


# ---------------------------------------------------------------------------
# A small model of the line, to weigh effects
# ---------------------------------------------------------------------------


class Model:
    """The line as [influence P1, influence P2] pairs (None: card gone), with owners' cards, for what-ifs."""

    def __init__(self, view: CardiaView) -> None:
        self.view = view
        self.pairs: list[list[int | None]] = []
        self.cards: list[list[Slot | ast.Personnage | None]] = []
        for enc in view.line:
            self.pairs.append([s.influence if s is not None else None for s in enc.slots])
            self.cards.append(list(enc.slots))
        self.extra = [0.0, 0.0]  # value beyond seals, per seat (cards drawn, tokens, a won game)

    def change(self, index: int, seat: int, n: int) -> None:
        """Change by `n` the influence of a card of the line still in play (a target always is)."""
        influence = self.pairs[index][seat]
        if influence is None:
            raise ValueError(f"no card of P{seat + 1} in play in encounter {index + 1}")
        self.pairs[index][seat] = influence + n

    def copy(self) -> "Model":
        """An independent copy."""
        other = Model.__new__(Model)
        other.view = self.view
        other.pairs = [list(p) for p in self.pairs]
        other.cards = [list(c) for c in self.cards]
        other.extra = list(self.extra)
        return other

    def add(self, mine: ast.Personnage, theirs: ast.Personnage, me: int) -> None:
        """The current encounter: `me` plays `mine`, the other `theirs`."""
        view = self.view
        pair: list[int | None] = [0, 0]
        cards: list = [None, None]
        pair[me] = mine.influence + view.bonus[me][mine.faction]
        pair[1 - me] = theirs.influence + view.bonus[1 - me][theirs.faction]
        cards[me], cards[1 - me] = mine, theirs
        self.pairs.append(pair)
        self.cards.append(cards)

    def winner(self, index: int) -> int | None:
        """Who wins encounter `index` in the model."""
        a, b = self.pairs[index]
        if a is None or b is None:
            return None
        if a != b:
            return 0 if a > b else 1
        holders = self.view.tie_holders
        return next(iter(holders)) if len(holders) == 1 else None

    def value(self, seat: int) -> float:
        """How good the model is for `seat`: seals, a game won or lost, extras."""
        seals = [0, 0]
        for index in range(len(self.pairs)):
            w = self.winner(index)
            if w is not None:
                seals[w] += 1
        mine, theirs = seals[seat], seals[1 - seat]
        target = self.view.seals_to_win
        score = SEAL * (mine - theirs) + self.extra[seat] - self.extra[1 - seat]
        if mine >= target and mine > theirs:
            score += GAME
        elif theirs >= target and theirs > mine:
            score -= GAME
        return score


def _faction(card) -> ast.Faction:
    return card.card.faction if isinstance(card, Slot) else card.faction


def _targets(model: Model, cible, me: int) -> list[list[tuple[int, int]]]:
    """The possible target sets as (encounter index, seat) places; a choice gives several sets."""
    current = len(model.pairs) - 1
    them = 1 - me
    kind = cible.kind

    def present(index: int, seat: int) -> bool:
        return model.pairs[index][seat] is not None

    if kind in ("cette_carte", "ta_carte"):
        return [[(current, me)]] if present(current, me) else [[]]
    if kind == "carte_adverse":
        return [[(current, them)]] if present(current, them) else [[]]
    if kind == "cartes_jouees":
        return [[(current, s) for s in (me, them) if present(current, s)]]
    if kind in ("chacune_de_tes_cartes", "chacune_des_cartes_adverses"):
        seat = me if kind == "chacune_de_tes_cartes" else them
        return [[
            (i, seat) for i in range(len(model.pairs))
            if present(i, seat) and (cible.faction is None or _faction(model.cards[i][seat]) is cible.faction)
        ]]
    options = []
    for i in range(len(model.pairs)):
        if cible.passee and i == current:
            continue
        for seat in (0, 1):
            if not present(i, seat):
                continue
            if cible.camp is ast.Camp.TIENNES and seat != me or cible.camp is ast.Camp.ADVERSES and seat == me:
                continue
            if cible.autre and i == current and seat == me:
                continue
            if cible.faction is not None and _faction(model.cards[i][seat]) is not cible.faction:
                continue
            options.append([(i, seat)])
    return options or [[]]


def weigh(model: Model, effets, me: int, pile: int, opp_hand: int) -> Model:
    """The model after `me`'s instantaneous effects, choices made greedily for whoever chooses."""
    for effet in effets:
        model = _apply(model, effet, me, pile, opp_hand)
    return model


def _apply(model: Model, effet, me: int, pile: int, opp_hand: int) -> Model:
    kind = effet.kind
    if kind == "modifier_influence" or kind in ("defausser", "reprendre_en_main"):
        chooser = me
        if getattr(effet.cible, "choisie_par", None) is ast.Joueur.ADVERSAIRE:
            chooser = 1 - me
        best, best_score = model, None
        for places in _targets(model, effet.cible, me):
            trial = model.copy()
            for index, seat in places:
                if kind == "modifier_influence":
                    trial.change(index, seat, effet.n)
                else:
                    trial.pairs[index][seat] = None
                    if kind == "reprendre_en_main":
                        trial.extra[seat] += 0.6
            score = trial.value(chooser)
            if best_score is None or score > best_score:
                best, best_score = trial, score
        return best
    model = model.copy()
    if kind == "defausser_main":
        seat = me if effet.joueur is ast.Joueur.TOI else 1 - me
        model.extra[seat] -= 0.5 * effet.n
        if seat != me and opp_hand <= effet.n:
            model.extra[seat] -= 3
    elif kind == "piocher":
        seat = me if effet.joueur is ast.Joueur.TOI else 1 - me
        model.extra[seat] += 0.5 * min(effet.n, pile if seat == me else effet.n)
    elif kind == "gagner_la_partie":
        model.extra[me] += 10 * GAME
    elif kind == "retirer_persistant":
        if any(s is not None and s.persistent and s.owner != me for enc in model.view.line for s in enc.slots):
            model.extra[me] += 1.5
    elif kind == "si":
        seals = [0, 0]
        for index in range(len(model.pairs)):
            w = model.winner(index)
            if w is not None:
                seals[w] += 1
        if effet.condition.kind == "moins_de_sceaux":
            ok = seals[me] < seals[1 - me]
        else:
            ok = _faction(model.cards[-1][1 - me]) is effet.condition.faction
        if ok:
            return _apply(model, effet.effet, me, pile, opp_hand)
    return model


#: What an active persistent effect is worth to its owner, roughly, for the rest of the game.
PERSISTENT_WORTH = {
    "gagne_egalites": 0.6,
    "capacites_adverses_bloquees": 1.5,
    "joue_face_visible": 1.5,
    "pioche_en_plus": 1.0,
}


def persistent_value(model: Model, effets, me: int) -> Model:
    """The model after a persistent ability of `me` starts acting."""
    model = model.copy()
    current = len(model.pairs) - 1
    for effet in effets:
        if effet.kind == "influence_continue":
            ensemble = effet.ensemble
            if ensemble.kind == "cette_carte":
                places = [(current, me)]
            else:
                seat = me if ensemble.kind == "tes_cartes" else 1 - me
                places = [
                    (i, seat) for i in range(len(model.pairs))
                    if model.pairs[i][seat] is not None and (ensemble.faction is None or _faction(model.cards[i][seat]) is ensemble.faction)
                ]
                model.extra[me] += 0.3 * abs(effet.n)
            for index, seat in places:
                model.change(index, seat, effet.n)
        else:
            worth = PERSISTENT_WORTH.get(effet.kind, 0.5)
            model.extra[me] += worth * getattr(effet, "n", 1)
    return model


def ability(model: Model, card: ast.Personnage, seat: int, view: CardiaView) -> Model:
    """The model after `card` of `seat` loses and activates."""
    capacite = card.capacite
    if capacite.kind == "capacite_persistante":
        return persistent_value(model, capacite.effets, seat)
    if seat in view.blocked:
        return model
    pile = view.pile_sizes[seat]
    return weigh(model, capacite.effets, seat, pile, view.hand_sizes[1 - seat] - 1)


def position_key(view: CardiaView) -> tuple:
    """A position as a player sees it when choosing a card, to know it again."""
    line = tuple(
        tuple((slot.id, slot.influence, slot.persistent) if slot is not None else None for slot in enc.slots) + (enc.winner, enc.sealed)
        for enc in view.line
        if any(enc.slots)
    )
    return (view.hand_ids, view.hand_sizes, view.pile_sizes, line, view.shown)


def card_worth(card: ast.Personnage) -> float:
    """A card's worth kept in hand, out of context (to choose what to spend or discard)."""
    worth = card.influence / 16
    if card.capacite.kind == "capacite_instantanee" and any(e.kind in ("gagner_la_partie", "si") for e in card.capacite.effets):
        worth += 0.5
    return worth


class HeuristicBot:
    """Plays the card of best expected value: a seal, or an ability worth more than a seal."""

    name = "heuristic"
    #: What spending a card costs, per unit of `card_worth`.
    SPEND = 0.6

    #: How often it plays any card at random in a position it has already played from.
    WANDER = 0.5

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        #: How often each position (`position_key`) was met when choosing a card: play that
        #: comes back to a position (a reshuffled discard, cards back to the hand) is going
        #: round in circles, and the bot then often tries any card, to find a way out.
        self.seen: dict[tuple, int] = {}

    def choose(self, decision: Decision, view) -> int:
        """The best-scoring option; ties are broken at random."""
        score = getattr(self, f"_score_{decision.kind}", None)
        if score is None:
            return int(self.rng.random() * len(decision.options))
        seen: CardiaView = view()
        scores = [score(option, seen, decision) for option in decision.options]
        if decision.kind == "play":
            times = self.seen.get(key := position_key(seen), 0)
            self.seen[key] = times + 1
            if times and self.rng.random() < self.WANDER:
                return int(self.rng.random() * len(decision.options))
        best = max(scores)
        choices = [i for i, s in enumerate(scores) if s >= best - 1e-9]
        return choices[int(self.rng.random() * len(choices))]

    def _score_play(self, option, view: CardiaView, decision: Decision) -> float:
        me = view.me
        mine = view.hand[view.hand_ids.index(option.value)]
        theirs = [view.shown] if view.shown is not None else list(view.unseen)
        if not theirs:
            return -self.SPEND * card_worth(mine)
        base = Model(view)
        total = 0.0
        for other in theirs:
            model = base.copy()
            model.add(mine, other, me)
            winner = model.winner(len(model.pairs) - 1)
            if winner is not None:
                loser = 1 - winner
                model = ability(model, mine if loser == me else other, loser, view)
            total += model.value(me)
        return total / len(theirs) - self.SPEND * card_worth(mine)

    def _score_target(self, option, view: CardiaView, decision: Decision) -> float:
        context = decision.context
        model = Model(view)
        for index, enc in enumerate(view.line):
            for seat, slot in enumerate(enc.slots):
                if slot is not None and slot.id == option.value:
                    if context.get("effect") == "modify":
                        model.change(index, seat, context["n"])
                    else:
                        model.pairs[index][seat] = None
                        if context.get("effect") == "hand":
                            model.extra[seat] += 0.6
        return model.value(view.me)

    def _score_discard(self, option, view: CardiaView, decision: Decision) -> float:
        return -card_worth(view.hand[view.hand_ids.index(option.value)])

    def _score_persistent(self, option, view: CardiaView, decision: Decision) -> float:
        for enc in view.line:
            for slot in enc.slots:
                if slot is not None and slot.id == option.value:
                    return 1.0 if slot.owner != view.me else -1.0
        return 0.0
