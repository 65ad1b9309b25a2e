"""Dans les Cordes's heuristic bot: it plans its energy, and values its cards by trying them.

It sees the game through the `CordesView` of `view.py`, and values cards by
trying them on copies of the position (`engine/trial.py`): it keeps no model
of what a card does, so a new card is played by what it does.

What a card is worth comes from trials. On a position it cannot tell from
the real one (`View.sample`, drawn anew for each decision), the bot plays
each of its attacks (with the energy to pay for it, as after spitting for
it: `score.with_energy`),
lets the opponent answer (the answer that leaves them best placed) and the
blow resolve, and scores the position reached (`score.py`: life, cards in
hand, energy). A blow's *effect* is that score's gain, with the energy paid
and the card played given back (the plan counts them); its *damage* is the
life it took. A RECOVERY card and an answer to a blow are tried as they are
offered. What a card was found worth is remembered by its name, to choose
the cards to spit or to lose.

The strategy is the rulebook's: plan the energy before a combat, since
nothing can be spat once the first blow is thrown ("You must therefore plan
your energy gauge carefully before initiating a combat!"):

- it keeps its best defense in hand (by what answering with it was found
  worth) and the energy to pay for it on the opponent's turn, and the free
  defenses;
- it picks the attacks of this turn's combat, best effect per energy first,
  as long as its energy plus the cards it may spit pay for them and the
  reserve; it goes all in when their damage can knock the opponent out;
- it spits its least worthy cards to afford that plan, then attacks, then
  ends the combat when the plan is spent;
- it plays a RECOVERY card when trying it gains;
- before the end of a turn it spits the cards the hand limit would discard;
- answering a blow, it tries every answer (and taking the blow) and plays
  the best;
- at the GONG it takes life, unless it is ahead and short of energy.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from atout.interpreter.engine.decision import Decision
from tried_bots.trial import Seeded, Tape, Trial, best

from atout.interpreter.games.cordes.ast import CardType
from atout.interpreter.games.cordes.score import CARD, ENERGY, energy, life, position_score, with_energy
from atout.interpreter.games.cordes.view import CordesView

#: Trying a card: the opponent answers as suits them best, up to the bot's next decision. One position
#: drawn per trial: the bot that drew two won 48.8% and 49.7% of the games decided between them (two
#: matches of 2,000 games, seats swapped; 95% intervals 46.6–51.1% and 47.4–51.9%) and took 1.8 times
#: as long to decide.
TRY = Trial(position_score, samples=1)

#: What a card never tried yet is taken to be worth (a blow of a life point, about), plus its printed cost.
PRIOR = 2.0


@dataclass(frozen=True)
class Tried:
    """What playing a card was found to do: its effect (in score points) and the life it took."""

    effect: float
    damage: float


@dataclass
class Plan:
    """This turn's plan: the attacks to throw, the cards kept for defense, the energy kept."""

    attacks: list
    keep: list
    reserve: int
    spittable: list
    lethal: bool


def _is_attack(card: Any) -> bool:
    return card.TYPE in (CardType.ATTACK, CardType.RIPOSTE)


class HeuristicBot:
    """Plans its energy before a combat, keeps a defense in reserve, values cards by trying them."""

    name = "heuristic"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        #: What each card (by name) was last found worth, in score points, per energy it costs.
        self.worth: dict[str, float] = {}

    def choose(self, decision: Decision, view: Any) -> int:
        """The option the bot's rules pick (ties: the first)."""
        handler = getattr(self, f"_{decision.kind}", None)
        if handler is None:
            return int(self.rng.random() * len(decision.options))
        if len(decision.options) == 1:
            return 0
        index = handler(decision, view)
        return index if index is not None else len(decision.options) - 1

    # -- what cards are worth -----------------------------------------------

    def value(self, card: Any) -> float:
        """What a card in hand is worth, as found by trials (an untried card: `PRIOR` and its cost, as priced)."""
        return self.worth.get(card.name, PRIOR + card.cost)

    def tried(self, decision: Decision, view: Any, seen: CordesView) -> dict[str, Tried]:
        """Each attack (and RECOVERY card, outside a combat) of the hand, played on copies: its effect and damage."""
        me, them = seen.me, seen.them
        names = sorted({c.name for c in seen.hand if _is_attack(c) or (c.TYPE is CardType.RECOVERY and decision.kind == "act")})
        totals: dict[str, list[float]] = {}
        for _ in range(TRY.samples):
            position = view.sample(self.rng)
            tape = Tape(self.rng.getrandbits(32))
            last = len(names) - 1
            for at, name in enumerate(names):
                card = seen.box[name]
                # the sample itself serves for the last card (a copy plays on alike)
                base = with_energy(position, me, max(energy(position, me), card.cost), own=at == last)
                pending = base.decision()
                index = None if pending is None else next((i for i, o in enumerate(pending.options) if o.value == ("play", name)), None)
                if index is None:
                    continue
                before, their_life = TRY.value(base, me), life(base, them)
                base.apply(index)  # `with_energy`'s copy is this try's own
                after, copy = TRY.play(base, me, Seeded(tape), base.turn)
                outcome = copy.outcome()
                damage = their_life if outcome is not None and outcome.winner == me else their_life - life(copy, them)
                total = totals.setdefault(name, [0.0, 0.0, 0.0])
                total[0] += after - before + card.cost * ENERGY + CARD
                total[1] += damage
                total[2] += 1
        found = {name: Tried(t[0] / t[2], t[1] / t[2]) for name, t in totals.items()}
        for name, result in found.items():
            self.worth[name] = result.effect / max(1, seen.box[name].cost)
        return found

    def plan(self, seen: CordesView, found: dict[str, Tried]) -> Plan:
        """Which attacks this turn, which cards to keep, how much energy to keep."""
        hand = list(seen.hand)
        energy_now = seen.energy[seen.me]
        # a blow found to do nothing worth its card is not planned
        attacks = sorted(
            (c for c in hand if _is_attack(c) and c.name in found and found[c.name].effect > CARD),
            key=lambda c: (-found[c.name].effect / max(1, c.cost), c.cost, c.name),
        )
        defenses = sorted((c for c in hand if c.TYPE is CardType.DEFENSE), key=lambda c: (-self.value(c), c.cost, c.name))
        keep = defenses[:1] + [c for c in defenses[1:] if c.cost == 0][:2]
        reserve = keep[0].cost if keep else 0
        kept = {c.name for c in keep}  # (a card is its name: two copies of a card are one node)
        rest = [c for c in hand if c.name not in kept and not _is_attack(c)]
        recoveries_left = seen.recoveries < seen.rules.recoveries_per_turn
        spittable = sorted(
            (c for c in rest if not (c.TYPE is CardType.RECOVERY and recoveries_left and c.cost <= energy_now)),
            key=lambda c: (self.value(c), c.name),
        )
        damage = sum(found[c.name].damage for c in attacks)
        cost_all = sum(c.cost for c in attacks)
        if attacks and damage >= seen.life[seen.them] and cost_all <= energy_now + len(spittable) + len(keep):
            return Plan(attacks, [], 0, spittable + keep, True)
        chosen: list = []
        spent = 0
        budget = energy_now + len(spittable) - reserve
        for card in attacks:
            if spent + card.cost <= budget:
                chosen.append(card)
                spent += card.cost
        return Plan(chosen, keep, reserve, spittable, False)

    # -- the activity phase -----------------------------------------------

    def _act(self, decision: Decision, view: Any) -> int | None:
        seen: CordesView = view()
        labels = {option.label: index for index, option in enumerate(decision.options)}
        energy_now = seen.energy[seen.me]
        hand = list(seen.hand)
        # 1. a RECOVERY card, the one whose trial gains most, if it gains
        recoveries = [i for i, o in enumerate(decision.options) if o.value[0] == "play" and seen.box[o.value[1]].TYPE is CardType.RECOVERY]
        if recoveries:
            values = TRY.values(decision, view, self.rng, recoveries)
            now = TRY.baseline(view, seen.me, self.rng)
            chosen = best(values, self.rng)
            if values[chosen] > now or len(hand) > seen.rules.hand_limit:
                return chosen
        # 2. the combat, planned
        if not seen.combat_done:
            plan = self.plan(seen, self.tried(decision, view, seen))
            if plan.attacks:
                total = sum(c.cost for c in plan.attacks) + plan.reserve
                if energy_now < total and plan.spittable:
                    return labels[f"Spit {plan.spittable[0].name}"]
                first = max((c for c in plan.attacks if c.cost <= energy_now), key=lambda c: (c.cost, c.name), default=None)
                if first is not None and f"Play {first.name}" in labels:
                    return labels[f"Play {first.name}"]
        # 3. spit what the hand limit would throw away
        after = len(hand) + (0 if seen.played else seen.rules.draw_at_end)
        if after > seen.rules.hand_limit:
            worst = min(hand, key=lambda c: (self.value(c), c.name))
            return labels.get(f"Spit {worst.name}")
        return labels["End the turn"]

    def _attack(self, decision: Decision, view: Any) -> int | None:
        seen: CordesView = view()
        labels = {option.label: index for index, option in enumerate(decision.options)}
        found = self.tried(decision, view, seen)
        plan = self.plan(seen, found)
        energy_now = seen.energy[seen.me]
        reserve = 0 if plan.lethal else plan.reserve
        playable = [c for c in plan.attacks if f"Play {c.name}" in labels and energy_now - c.cost >= reserve]
        if not playable and plan.lethal:
            playable = [c for c in seen.hand if _is_attack(c) and f"Play {c.name}" in labels and c.name in found]
        if playable:
            chosen = max(playable, key=lambda c: (found[c.name].effect, -c.cost, c.name))
            return labels[f"Play {chosen.name}"]
        return labels["End the combat"]

    # -- answers ------------------------------------------------------------

    def _answer(self, decision: Decision, view: Any) -> int | None:
        """Every answer tried (taking the blow too): the best; each card's gain over taking the blow is remembered."""
        values = TRY.values(decision, view, self.rng)
        take = next((i for i, o in enumerate(decision.options) if o.value is None), 0)
        for index, option in enumerate(decision.options):
            if option.value is not None:
                self.worth[option.value] = values[index] - values[take] + CARD
        return best(values, self.rng)

    # -- cards lost, discarded, swapped -------------------------------------

    def _weakest(self, decision: Decision, view: Any) -> int | None:
        seen: CordesView = view()
        values = {c.name: self.value(c) for c in seen.hand}
        return min(range(len(decision.options)), key=lambda i: (values.get(decision.options[i].value, PRIOR), i))

    _lose_card = _weakest
    _hand_limit = _weakest

    def _take_card(self, decision: Decision, view: Any) -> int | None:
        # the opponent's cards are shown in the options: take the one found worth most
        seen: CordesView = view()
        return max(range(len(decision.options)), key=lambda i: (self.value(seen.box[decision.options[i].value]), -i))

    def _coach(self, decision: Decision, view: Any) -> int | None:
        return 0  # nothing tried yet at the start: the hand is kept

    def _gong_bonus(self, decision: Decision, view: Any) -> int | None:
        seen: CordesView = view()
        me = seen.me
        ahead = seen.life[me] > seen.life[seen.them]
        want = "energy" if ahead and seen.energy[me] < 2 else "life"
        return next(i for i, o in enumerate(decision.options) if o.value == want)

    def _boxer(self, decision: Decision, view: Any) -> int | None:
        return 0
