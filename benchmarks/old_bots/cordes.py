"""Dans les Cordes's heuristic bot.

It sees the game through the `CordesView` of `view.py`.

The heuristic bot plans its energy before a combat, since nothing can be
spat once the first blow is thrown (rulebook: "You must therefore plan your
energy gauge carefully before initiating a combat!"):

- it keeps a defense in hand and the energy to pay for it on the opponent's
  turn (Retrait de Buste first, a riposte, else a free Blocage);
- it picks the attacks of this turn's combat, best damage per energy first,
  as long as its energy plus the cards it may spit pay for them and the
  reserve; it goes all in when the attacks in hand can KO the opponent;
- it spits its least useful cards to afford that plan, then attacks, then
  ends the combat when the plan is spent;
- it plays its RECOVERY card (a life first) when it can pay for it;
- before the end of a turn it spits the cards the hand limit would discard;
- answering a blow, it weighs the life, energy and cards the blow takes
  against what the answer costs (its energy, the card) and what a riposte's
  counter-blow may take from the attacker; it never takes a KO it can stop;
- at the GONG it takes life, unless it is ahead and short of energy.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from atout.interpreter.engine.decision import Decision

from atout.interpreter.games.cordes import ast
from atout.interpreter.games.cordes.view import CordesView


# ---------------------------------------------------------------------------
# What cards are worth
# ---------------------------------------------------------------------------


def _to_them(effect: Any, you_is_me: bool = True) -> bool:
    """True when the effect hits the opponent of its card's player."""
    return effect.who is ast.Who.OPPONENT


def blow_damage(effects: Any) -> tuple[int, int, int]:
    """(life, energy, cards) a blow takes from its target if it lands."""
    life = energy = cards = 0
    for e in effects:
        if not _to_them(e):
            continue
        if isinstance(e, ast.Life) and e.change < 0:
            life -= e.change
        elif isinstance(e, ast.Energy) and e.change < 0:
            energy -= e.change
        elif isinstance(e, ast.Discard):
            cards += e.n
    return life, energy, cards


def blow_worth(effects: Any) -> float:
    """A blow's worth to its thrower: life counts most, then cards, then energy."""
    life, energy, cards = blow_damage(effects)
    gain = 0.0
    for e in effects:
        if not _to_them(e) and isinstance(e, (ast.Life, ast.Energy)) and e.change > 0:
            gain += e.change * (3 if isinstance(e, ast.Life) else 1)
    return 3.0 * life + 1.0 * energy + 1.5 * cards + gain


def card_value(card: Any) -> float:
    """A card's worth in hand, out of context: the least worthy are spat first."""
    if isinstance(card, ast.Attack):
        return 1.0 + blow_worth(card.effects) / max(1, card.cost)
    if isinstance(card, ast.Defense):
        base = 3.0 if isinstance(card.outcome, ast.Dodge) else 2.0
        return base - (0.8 if card.against.names else 0.0) - 0.2 * card.cost
    if isinstance(card, ast.Riposte):
        return 2.5 + 0.5 * blow_worth(card.counter) / max(1, card.cost)
    if isinstance(card, ast.Recovery):
        worth = 0.0
        for e in card.effects:
            if isinstance(e, ast.Life) and e.change > 0:
                worth += 3.0 * e.change
            elif isinstance(e, ast.Energy) and e.change > 0:
                worth += 1.0 * e.change
            elif isinstance(e, ast.Draw):
                worth += 0.8 * e.n
        return 0.5 + worth - 0.5 * card.cost
    return 0.0


def _attack_effects(card: Any) -> Any:
    return card.effects if isinstance(card, ast.Attack) else card.as_an_attack.effects


def _is_attack(card: Any) -> bool:
    return isinstance(card, (ast.Attack, ast.Riposte))


# ---------------------------------------------------------------------------
# The plan of a turn
# ---------------------------------------------------------------------------


@dataclass
class Plan:
    """This turn's plan: the attacks to throw, the cards kept for defense, the energy kept."""

    attacks: list
    keep: list
    reserve: int
    spittable: list
    lethal: bool


def _defense_keep(hand: list) -> tuple[list, int]:
    """The defenses to keep for the opponent's turn, and the energy they need."""
    dodges = sorted((c for c in hand if isinstance(c, ast.Defense) and isinstance(c.outcome, ast.Dodge) and not c.against.names), key=lambda c: c.cost)
    free = [c for c in hand if isinstance(c, ast.Defense) and c.cost == 0]
    keep = []
    reserve = 0
    if dodges:
        keep.append(dodges[0])
        reserve = dodges[0].cost
    keep.extend(free[:2])
    return keep, reserve


def make_plan(view: CordesView) -> Plan:
    """Which attacks this turn, which cards to keep, how much energy to keep."""
    hand = list(view.hand)
    energy = view.energy[view.me]
    their_life = view.life[view.them]
    their_energy = view.energy[view.them]
    # a blow that takes no life from a boxer without energy is wasted
    attacks = sorted((c for c in hand if _is_attack(c) and (blow_damage(_attack_effects(c))[0] or their_energy)), key=lambda c: (-blow_worth(_attack_effects(c)) / max(1, c.cost), c.cost, c.name))
    keep, reserve = _defense_keep(hand)
    rest = [c for c in hand if c not in keep and not _is_attack(c)]
    recoveries_left = view.recoveries < view.rules.recoveries_per_turn
    # cards we would spit for energy: not the kept defenses, not a playable recovery
    spittable = sorted(
        (c for c in rest if not (isinstance(c, ast.Recovery) and recoveries_left and c.cost <= energy)),
        key=lambda c: (card_value(c), c.name),
    )
    # all in when the attacks in hand can KO
    all_life = sum(blow_damage(_attack_effects(c))[0] for c in attacks)
    budget_all = energy + len(spittable) + len(keep)
    cost_all = sum(c.cost for c in attacks)
    if attacks and all_life >= their_life and cost_all <= budget_all:
        return Plan(attacks, [], 0, spittable + keep, True)
    chosen: list = []
    spent = 0
    budget = energy + len(spittable) - reserve
    for card in attacks:
        if spent + card.cost <= budget:
            chosen.append(card)
            spent += card.cost
    return Plan(chosen, keep, reserve, spittable, False)


class HeuristicBot:
    """Plans its energy before a combat, keeps a defense in reserve, answers blows by their cost."""

    name = "heuristic"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision, view) -> int:
        """The option the bot's rules pick (ties: the first)."""
        handler = getattr(self, f"_{decision.kind}", None)
        if handler is None:
            return int(self.rng.random() * len(decision.options))
        seen: CordesView = view()
        index = handler(decision, seen)
        return index if index is not None else len(decision.options) - 1

    # -- the activity phase -----------------------------------------------

    def _act(self, decision: Decision, view: CordesView) -> int | None:
        labels = {option.label: index for index, option in enumerate(decision.options)}
        me = view.me
        energy = view.energy[me]
        hand = list(view.hand)
        # 1. a RECOVERY card, the best one that can be paid for
        recoveries = [c for c in hand if isinstance(c, ast.Recovery) and f"Play {c.name}" in labels]
        if recoveries:
            best = max(recoveries, key=lambda c: (card_value(c), c.name))
            if card_value(best) > 1.5 or len(hand) > view.rules.hand_limit:
                return labels[f"Play {best.name}"]
        # 2. the combat, planned
        if not view.combat_done:
            plan = make_plan(view)
            if plan.attacks:
                total = sum(c.cost for c in plan.attacks) + plan.reserve
                if energy < total and plan.spittable:
                    return labels[f"Spit {plan.spittable[0].name}"]
                first = max((c for c in plan.attacks if c.cost <= energy), key=lambda c: (c.cost, c.name), default=None)
                if first is not None and f"Play {first.name}" in labels:
                    return labels[f"Play {first.name}"]
        # 3. spit what the hand limit would throw away
        limit = view.rules.hand_limit
        after = len(hand) + (0 if view.played else view.rules.draw_at_end)
        if after > limit:
            worst = min(hand, key=lambda c: (card_value(c), c.name))
            return labels.get(f"Spit {worst.name}")
        return labels["End the turn"]

    def _attack(self, decision: Decision, view: CordesView) -> int | None:
        labels = {option.label: index for index, option in enumerate(decision.options)}
        plan = make_plan(view)
        energy = view.energy[view.me]
        reserve = 0 if plan.lethal else plan.reserve
        playable = [c for c in plan.attacks if f"Play {c.name}" in labels and energy - c.cost >= reserve]
        if not playable and plan.lethal:
            playable = [c for c in view.hand if _is_attack(c) and f"Play {c.name}" in labels]
        if playable:
            best = max(playable, key=lambda c: (blow_worth(_attack_effects(c)), -c.cost, c.name))
            return labels[f"Play {best.name}"]
        return labels["End the combat"]

    # -- answers ------------------------------------------------------------

    def _answer(self, decision: Decision, view: CordesView) -> int | None:
        blow = view.blow
        if blow is None:
            return 0
        me = view.me
        life, energy_loss, cards = blow_damage(blow.effects)
        my_life = view.life[me]
        my_energy = view.energy[me]
        by_name = {c.name: c for c in view.hand}
        scores = []
        for option in decision.options:
            if option.value is None:
                score = -(3.0 * life + 1.0 * min(energy_loss, my_energy) + 1.5 * cards)
                if life >= my_life:
                    score -= 100.0
            else:
                card = by_name[option.value]
                price = card.cost * 0.8 + card_value(card) * 0.4
                if isinstance(card, ast.Defense):
                    lost = min(card.outcome.n, life) if isinstance(card.outcome, ast.Block) else 0
                    score = -3.0 * lost - price
                    if lost >= my_life:
                        score -= 100.0
                else:
                    their_life = view.life[blow.by]
                    counter_life = blow_damage(card.counter)[0]
                    score = 0.6 * blow_worth(card.counter) - price
                    if counter_life >= their_life:
                        score += 5.0
            scores.append(score)
        return max(range(len(scores)), key=lambda i: (scores[i], -i))

    # -- cards lost, discarded, swapped -------------------------------------

    def _weakest(self, decision: Decision, view: CordesView) -> int | None:
        values = {c.name: card_value(c) for c in view.hand}
        return min(range(len(decision.options)), key=lambda i: (values.get(decision.options[i].value, 0.0), i))

    _lose_card = _weakest
    _hand_limit = _weakest

    def _take_card(self, decision: Decision, view: CordesView) -> int | None:
        # the opponent's cards are shown in the options: take the best one
        return max(range(len(decision.options)), key=lambda i: (card_value(view.box[decision.options[i].value]), -i))

    def _coach(self, decision: Decision, view: CordesView) -> int | None:
        counts: dict[str, int] = {}
        for c in view.hand:
            counts[c.name] = counts.get(c.name, 0) + 1
        for name in view.coach_picked:
            counts[name] -= 1
        weakest = None
        for index, option in enumerate(decision.options):
            if option.value is None:
                continue
            card = next(c for c in view.hand if c.name == option.value)
            # swap recovery cards beyond one and the restricted defenses
            weak = card_value(card) < 1.8 or (isinstance(card, ast.Recovery) and counts[card.name] > 1)
            if weak and (weakest is None or card_value(card) < weakest[0]):
                weakest = (card_value(card), index)
        return weakest[1] if weakest else 0

    def _gong_bonus(self, decision: Decision, view: CordesView) -> int | None:
        me = view.me
        ahead = view.life[me] > view.life[view.them]
        want = "energy" if ahead and view.energy[me] < 2 else "life"
        return next(i for i, o in enumerate(decision.options) if o.value == want)

    def _boxer(self, decision: Decision, view: CordesView) -> int | None:
        return 0
