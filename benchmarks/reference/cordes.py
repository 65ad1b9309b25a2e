"""Dans les Cordes written by hand for speed: a whole game between two uniform random players.

The rules are the rulebook's as atout plays them, with the numbers and the
choices of the game atout built (its rules file: markers, hands, draws,
spitting, rounds, the GONG's bonus, caps, the hand limit, KOs, ties) and its
cards (costs, restrictions, blows, outcomes, effects), read once when the
engine is made. The representation is plain:

- a card is its name's rank among the box's names (sorted, so sorting
  ranks sorts by name): copies of a name are alike in every zone, as the
  options atout poses name them;
- a hand is a list of ranks kept sorted; a spittoon and the ring are lists;
- the draw pile is a list of shuffled segments, top first, each a list of
  ranks kept sorted: drawing its top card is drawing a name with the weight
  of its copies, as atout's chance does, and the card at the place a draw
  falls on in the sorted segment is that name (no running totals to add
  up); the GONG, put back near the middle at setup, lies at a known depth
  until it is drawn;
- a card's effects are compiled once to tuples (op, the opponent's or
  yours, number), a turn and a combat are loops, a blow and its riposte a
  few lines.

Each shipped card is played; the constructs no shipped card uses (computed
amounts, conditions, moves, looking at the pile, the boxers' powers) are
refused when the engine is made (`NotImplementedError`), never played wrong.

Every decision goes through `ask` (or `draw_card` for the pile's top card,
`pick_card` for a card of a hand at random): it counts an action against
the rules' bounds, takes a single option at once, else draws one
`random()` from the deciding player's (or chance's) generator, as atout's
random bot and chance sampler do. A subclass may override them to see the
options (the tests compare them with atout's).
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from . import CHANCE, Ending, GameEnd, Result, generators

#: Where the GONG goes back at setup: the middle of the pile, give or take this many cards (as atout's).
GONG_SPREAD = 3

# Card types, as small ints.
ATTACK, DEFENSE, RIPOSTE, RECOVERY, GONG, CHARACTER = range(6)
TYPES = {"ATTACK": ATTACK, "DEFENSE": DEFENSE, "RIPOSTE": RIPOSTE, "RECOVERY": RECOVERY, "GONG": GONG, "CHARACTER": CHARACTER}

# Effects' op codes: (op, to the opponent, number[, who picks, spat]).
LIFE, ENERGY, DRAW, DISCARD = range(4)
# Who picks a card lost from a hand.
THEIRS, YOURS, AT_RANDOM = range(3)
# A DEFENSE's outcome.
BLOCK, DODGE, TURN_BACK, TAKE_THE_BLOW = range(4)

#: The option "end the turn", "end the combat", "take the blow", "Done" (the coach's advice).
END = TAKE = DONE = -1
#: The GONG's bonus: the life or the energy.
BONUS = (0, 1)
#: A cost no energy pays: the card cannot be played so.
NEVER = 1 << 30


def compile_effects(effects: list[Any], card: str) -> tuple[tuple[Any, ...], ...]:
    """A card's effects as op tuples; `NotImplementedError` for a construct no shipped card uses."""
    compiled = []
    for effect in effects:
        kind = effect.kind
        if kind not in ("life", "energy", "draw", "discard") or effect.amount is not None:
            raise NotImplementedError(f"{card}: the reference engine does not play {effect.write()!r}")
        opponent = effect.who.value == "the opponent"
        if kind == "life":
            compiled.append((LIFE, opponent, effect.change))
        elif kind == "energy":
            compiled.append((ENERGY, opponent, effect.change))
        elif kind == "draw":
            compiled.append((DRAW, opponent, effect.n))
        else:
            chooser = {"their choice": THEIRS, "your choice": YOURS, "at random": AT_RANDOM}[effect.chosen_by.value]
            compiled.append((DISCARD, opponent, effect.n, chooser, effect.placement.value == "spat"))
    return tuple(compiled)


class CordesReference(Ending):
    """Dans les Cordes between two uniform random players; `play(seed)` plays a whole game."""

    def __init__(self, game: Any) -> None:
        """Read the rules, the cards and the setup of an atout `CordesGame`."""
        if game.has_powers:
            raise NotImplementedError("the reference engine plays boxers without powers only")
        rules = game.rules
        self.rules = rules
        #: The names of the box, sorted: a card is its name's rank.
        self.names: list[str] = sorted(set(game.names))
        rank = {name: k for k, name in enumerate(self.names)}
        count = self.count = len(self.names)
        self.type = [0] * count
        self.cost = [0] * count
        #: An ATTACK's blow, a RIPOSTE's blow as an attack; a RIPOSTE's counter-blow; a RECOVERY's or a DEFENSE's effects.
        self.blow: list[tuple] = [()] * count
        self.counter: list[tuple] = [()] * count
        self.effects: list[tuple] = [()] * count
        #: The blows a DEFENSE or a RIPOSTE may answer (None: any blow); a DEFENSE's outcome; blows never answered.
        self.against: list[frozenset[int] | None] = [None] * count
        self.outcomes: list[tuple[int, int]] = [(DODGE, 0)] * count
        self.unstoppable = [False] * count
        for name, card in game.cards.items():
            k = rank[name]
            self.type[k] = TYPES[card.TYPE.value]
            self.cost[k] = getattr(card, "cost", 0)
            kind = card.kind
            for prop in getattr(card, "properties", ()):
                if prop.kind != "cannot_be_countered":
                    raise NotImplementedError(f"{name}: the reference engine does not play {prop.write()!r}")
                self.unstoppable[k] = True
            if kind == "attack":
                self.blow[k] = compile_effects(card.effects, name)
            elif kind == "recovery":
                self.effects[k] = compile_effects(card.effects, name)
            elif kind in ("defense", "riposte"):
                names = card.against.names
                self.against[k] = frozenset(rank[n.name] for n in names if n.name in rank) if names else None
                if kind == "riposte":
                    self.blow[k] = compile_effects(card.as_an_attack.effects, name)
                    self.counter[k] = compile_effects(card.counter, name)
                else:
                    self.effects[k] = compile_effects(card.effects, name)
                    outcome = card.outcome
                    if outcome.kind == "block":
                        self.outcomes[k] = (BLOCK, outcome.n)
                    elif outcome.kind in ("dodge", "turn_back", "take_the_blow"):
                        self.outcomes[k] = ({"dodge": DODGE, "turn_back": TURN_BACK, "take_the_blow": TAKE_THE_BLOW}[outcome.kind], 0)
                    else:
                        raise NotImplementedError(f"{name}: the reference engine does not play {outcome.write()!r}")
        self.gong = rank[game.names[game.gong]]
        #: The cost of playing a card as an attack (an ATTACK, a RIPOSTE), of playing it as a RECOVERY: NEVER for the others.
        self.attack_cost = [cost if kind in (ATTACK, RIPOSTE) else NEVER for kind, cost in zip(self.type, self.cost)]
        self.recovery_cost = [cost if kind == RECOVERY else NEVER for kind, cost in zip(self.type, self.cost)]
        #: The draw pile as shuffled at setup, sorted: all but the boxers and the GONG.
        self.playable = sorted(rank[game.names[card]] for card in game.playable)
        self.characters = sorted({game.names[c] for c in game.characters})
        self.boxers = game.boxers
        self.first_player = game.first_player
        self.life0, self.energy0 = rules.starting_life, rules.starting_energy
        self.per_game, self.per_turn = rules.actions_per_game, rules.actions_per_turn
        self.gain = rules.energy_per_spat_card
        self.life_cap, self.energy_cap = rules.life_cap, rules.energy_cap
        self.hand_limit = rules.hand_limit
        self.limit_always = rules.hand_limit_checked == "always"
        self.ko_at_once = rules.ko_checked == "at once"
        self.may_riposte_back = bool(rules.attacker_may_riposte)
        self.reshuffle_empty = rules.empty_draw_pile == "reshuffle"

    # ------------------------------------------------------------------
    # Decisions
    # ------------------------------------------------------------------

    def ask(self, player: int, kind: str, options: list) -> int:
        """The index of the option chosen by `player` (CHANCE: uniformly, every option weight 1)."""
        actions = self.actions
        if actions >= self.stop:
            self.limit()
        self.actions = actions + 1
        n = len(options)
        if n == 1:
            return 0
        self.decisions += 1
        self.last_turn = self.turn
        index = int(self.rngs[player].random() * n)
        return index if index < n else n - 1

    def draw_card(self, kind: str) -> int:
        """Chance draws the top card of the pile (not empty): a name, with the weight of its copies; it comes out.

        `kind` names the draw as atout does (draw, remove).
        """
        actions = self.actions
        if actions >= self.stop:
            self.limit()
        self.actions = actions + 1
        pile = self.pile
        segment = pile[0]
        if segment[0] == segment[-1]:  # one name: nothing to ask
            card = segment.pop()
        else:
            self.decisions += 1
            self.last_turn = self.turn
            # the running total of a name's copies ends where its last copy lies in the sorted segment
            n = len(segment)
            index = int(self.rngs[CHANCE].random() * n)
            card = segment.pop(index if index < n else n - 1)
        if not segment:
            del pile[0]
        self.pile_size -= 1
        return card

    def pick_card(self, kind: str, seat: int) -> int:
        """Chance picks a card of `seat`'s hand (not empty) blindly: a name, with the weight of its copies."""
        actions = self.actions
        if actions >= self.stop:
            self.limit()
        self.actions = actions + 1
        hand = self.hands[seat]
        if hand[0] == hand[-1]:
            return hand[0]
        self.decisions += 1
        self.last_turn = self.turn
        # the hand is sorted: the running total of a name's copies ends where its last copy is
        index = int(self.rngs[CHANCE].random() * len(hand))
        return hand[index if index < len(hand) else len(hand) - 1]

    # ------------------------------------------------------------------
    # A game
    # ------------------------------------------------------------------

    def play(self, seed: int) -> Result:
        """Play a whole game from `seed`: its outcome and length."""
        self.rngs = generators(seed)
        self.decisions = self.actions = self.turn = self.last_turn = 0
        self.stop = min(self.per_game, self.per_turn)
        self.life = [self.life0, self.life0]
        self.energy = [self.energy0, self.energy0]
        self.hands: list[list[int]] = [[], []]
        self.spittoons: list[list[int]] = [[], []]
        self.ring: list[int] = []
        self.pile: list[list[int]] = []
        self.pile_size = 0
        self.gong_depth: int | None = None
        self.gong_out = False
        self.gongs = 0
        self.current = 0
        self.outcome: tuple[int | None, str] = (None, "")
        try:
            self.setup()
            while True:
                self.play_turn()
        except GameEnd:
            pass
        winner, code = self.outcome
        return Result(winner, code, self.decisions, self.last_turn, (self.life[0], self.life[1]))

    def setup(self) -> None:
        """The boxers, the pile and its GONG, the hands, who starts, the coach's advice."""
        if self.boxers is None:
            left = list(self.characters)
            for seat in (0, 1):
                del left[self.ask(seat, "boxer", left)]
        self.put_under(list(self.playable))
        size = self.pile_size
        middle = size // 2
        places = range(max(0, middle - GONG_SPREAD), min(size, middle + GONG_SPREAD) + 1)
        self.gong_depth = places[self.ask(CHANCE, "gong_place", places)]
        start = self.rules.starting_hand
        self.draw(0, start)
        self.draw(1, start)
        if self.first_player is not None:
            first = self.first_player
        elif self.rules.first_player == "first seat":
            first = 0
        else:
            first = self.ask(CHANCE, "first_player", [0, 1])
        self.current = first
        self.coach(first)
        self.coach(1 - first)

    def coach(self, seat: int) -> None:
        """The coach's advice: cards picked one at a time (or Done), as many drawn, then they go under the pile."""
        hand = self.hands[seat]
        most = min(self.rules.coach_advice_cards, len(hand))
        if most == 0:
            return
        picked: list[int] = []
        while len(picked) < most:
            options = [DONE, *distinct(hand)]
            index = self.ask(seat, "coach", options)
            if index == 0:
                break
            card = options[index]
            hand.remove(card)
            picked.append(card)
        if picked:
            self.draw(seat, len(picked))
            self.put_under(picked)

    def put_under(self, cards: list[int]) -> None:
        """A new segment under the pile: `cards`, shuffled (sorted by name)."""
        if cards:
            cards.sort()
            self.pile.append(cards)
            self.pile_size += len(cards)

    def reshuffle(self, extra: list[int]) -> None:
        """The ring and both spittoons (and `extra`) shuffled together under the pile."""
        spittoons = self.spittoons
        self.put_under(extra + self.ring + spittoons[0] + spittoons[1])
        self.ring = []
        self.spittoons = [[], []]

    def draw(self, player: int, n: int) -> None:
        """`player` draws `n` cards, one at a time: a GONG is revealed and replaced; an empty pile as the rules say."""
        hand = self.hands[player]
        while n > 0:
            if self.gong_depth == 0:
                self.gong_depth = None
                self.gong_out = True
                continue
            if not self.pile_size:
                if self.reshuffle_empty and (self.ring or self.spittoons[0] or self.spittoons[1]):
                    self.reshuffle([])
                else:
                    n -= 1
                    if self.limit_always and len(hand) > self.hand_limit:
                        self.discard_to_limit(player)
                    continue
            if self.gong_depth is not None:
                self.gong_depth -= 1
            card = self.draw_card("draw")
            if card == self.gong:
                self.gong_out = True
                continue
            insort(hand, card)
            n -= 1
            if self.limit_always and len(hand) > self.hand_limit:
                self.discard_to_limit(player)

    def play_turn(self) -> None:
        """A turn: the draw, the activity phase, the draw of a turn without play, the hand limits, the round bell."""
        player = self.current
        if self.stuck():
            self.on_points("nothing_left")
        self.turn += 1
        self.stop = min(self.per_game, self.actions + self.per_turn)
        rules = self.rules
        self.draw(player, rules.draw_at_start)
        if not self.activity(player):
            self.draw(player, rules.draw_at_end)
        if not self.limit_always:
            self.discard_to_limit(player)
            self.discard_to_limit(1 - player)
        if self.gong_out:
            self.end_round(player)
        self.current = 1 - player

    def stuck(self) -> bool:
        """True when no card can ever move again: empty hands, and no draw possible (never with the GONG in play)."""
        if self.hands[0] or self.hands[1] or self.pile_size or self.gong_depth is not None or self.gong_out:
            return False
        return not self.reshuffle_empty or not (self.ring or self.spittoons[0] or self.spittoons[1])

    def activity(self, player: int) -> bool:
        """The activity phase: play and spit cards until the turn ends; True when a card was played."""
        hand = self.hands[player]
        energy = self.energy
        attack_cost, recovery_cost, count = self.attack_cost, self.recovery_cost, self.count
        recoveries = self.rules.recoveries_per_turn
        played = combat_done = False
        recovered = 0
        while True:
            # what the energy pays for: an ATTACK or a RIPOSTE before any combat, a RECOVERY while one is left
            attack_at = -1 if combat_done else energy[player]
            recover_at = energy[player] if recovered < recoveries else -1
            plays, spits, previous = [], [], -1
            for card in hand:
                if card != previous:
                    previous = card
                    if attack_cost[card] <= attack_at or recovery_cost[card] <= recover_at:
                        plays.append(card)
                    spits.append(card + count)
            options = plays + spits
            options.append(END)
            choice = options[self.ask(player, "act", options)]
            if choice == END:
                return played
            if choice >= count:
                card = choice - count
                hand.remove(card)
                self.spittoons[player].append(card)
                energy[player] = self.add(energy[player], self.gain, self.energy_cap)
                continue
            played = True
            if self.type[choice] == RECOVERY:
                recovered += 1
                self.play_card(player, choice)
                self.run(self.effects[choice], player)
                self.check_ko()
            else:
                combat_done = True
                self.combat(player, choice)

    @staticmethod
    def add(value: int, gain: int, cap: int | None) -> int:
        """`value` + `gain`, within the cap (a value already past it is kept), never below 0."""
        new = value + gain
        if cap is not None and gain > 0 and new > cap:
            new = max(cap, value)
        return new if new > 0 else 0

    def play_card(self, player: int, card: int) -> None:
        """Pay a card of the hand and put it in the ring."""
        self.hands[player].remove(card)
        self.ring.append(card)
        self.energy[player] -= self.cost[card]

    def combat(self, attacker: int, card: int) -> None:
        """A combat: the attacker's blows, each answered or taken, as long as they can and want; then the KO check."""
        hand = self.hands[attacker]
        attack_cost, energy = self.attack_cost, self.energy
        while True:
            self.play_card(attacker, card)
            self.deal_blow(card, attacker, self.blow[card], False)
            gain = energy[attacker]
            options, previous = [], -1
            for card in hand:
                if card != previous:
                    previous = card
                    if attack_cost[card] <= gain:
                        options.append(card)
            options.append(END)
            card = options[self.ask(attacker, "attack", options)]
            if card == END:
                break
        self.check_ko()

    def deal_blow(self, card: int, by: int, effects: tuple, counter: bool) -> None:
        """A blow of `card` from `by`: its target answers it with a DEFENSE or a RIPOSTE, or takes it."""
        to = 1 - by
        if self.unstoppable[card]:
            self.ask(to, "answer", [TAKE])
            self.run(effects, by)
            return
        may_riposte = not (counter and to == self.current) or self.may_riposte_back
        types, costs, against = self.type, self.cost, self.against
        energy = self.energy[to]
        options, previous = [TAKE], -1
        for answer in self.hands[to]:
            if answer != previous:
                previous = answer
                kind = types[answer]
                if (kind == DEFENSE or (kind == RIPOSTE and may_riposte)) and costs[answer] <= energy:
                    allowed = against[answer]
                    if allowed is None or card in allowed:
                        options.append(answer)
        answer = options[self.ask(to, "answer", options)]
        if answer == TAKE:
            self.run(effects, by)
            return
        self.play_card(to, answer)
        if types[answer] == RIPOSTE:
            self.deal_blow(answer, to, self.counter[answer], True)
            return
        outcome, n = self.outcomes[answer]
        if outcome == BLOCK:
            taken = 0
            for effect in effects:
                if effect[0] == LIFE and effect[2] < 0 and effect[1]:
                    taken -= effect[2]
            lost = n if n < taken else taken
            if lost:
                self.change_life(to, -lost)
        elif outcome == TURN_BACK:
            self.run(effects, to)
        elif outcome == TAKE_THE_BLOW:
            self.run(effects, by)
        if self.effects[answer]:
            self.run(self.effects[answer], to)

    def run(self, effects: tuple, you: int) -> None:
        """Apply effects in the order written; "you" is `you`."""
        for effect in effects:
            op, opponent, n = effect[0], effect[1], effect[2]
            seat = 1 - you if opponent else you
            if op == LIFE:
                self.change_life(seat, n)
            elif op == ENERGY:
                self.energy[seat] = self.add(self.energy[seat], n, self.energy_cap)
            elif op == DRAW:
                self.draw(seat, n)
            else:
                for _ in range(min(n, len(self.hands[seat]))):
                    self.lose_card(seat, you, effect[3], effect[4])

    def change_life(self, seat: int, change: int) -> None:
        """Life changes within 0 and the cap; 0 life is a KO (checked now, or when the combat ends)."""
        life = self.life[seat] = self.add(self.life[seat], change, self.life_cap)
        if not life and self.ko_at_once:
            self.check_ko()

    def lose_card(self, loser: int, you: int, chooser: int, spat: bool) -> None:
        """`loser` loses a card of their hand, picked by them, by `you` or at random, into their spittoon."""
        hand = self.hands[loser]
        if chooser == AT_RANDOM:
            card = self.pick_card("lose_random", loser)
        else:
            options = distinct(hand)
            if chooser == THEIRS:
                card = options[self.ask(loser, "lose_card", options)]
            else:
                card = options[self.ask(you, "take_card", options)]
        hand.remove(card)
        self.spittoons[loser].append(card)
        if spat:
            self.energy[loser] = self.add(self.energy[loser], self.gain, self.energy_cap)

    def discard_to_limit(self, seat: int) -> None:
        """Keep at most the hand limit: the extra cards discarded one at a time, picked by the owner or at random."""
        hand = self.hands[seat]
        rules = self.rules
        while len(hand) > self.hand_limit:
            if rules.hand_limit_chosen_by == "owner":
                options = distinct(hand)
                card = options[self.ask(seat, "hand_limit", options)]
            else:
                card = self.pick_card("hand_limit_random", seat)
            hand.remove(card)
            if rules.hand_limit_goes_to == "spittoon":
                self.spittoons[seat].append(card)
            else:
                self.put_under([card])
            if rules.hand_limit_gives_energy:
                self.energy[seat] = self.add(self.energy[seat], self.gain, self.energy_cap)

    def check_ko(self) -> None:
        """The game ends if a boxer is at 0 life (both: as the rules say for a double KO)."""
        life = self.life
        if life[0] and life[1]:
            return
        if life[0] or life[1]:
            self.end(1 if not life[0] else 0, "ko")
        rule = self.rules.double_ko
        self.end(self.current if rule == "attacker wins" else 1 - self.current if rule == "defender wins" else None, "double_ko")

    def end_round(self, player: int) -> None:
        """The GONG's turn is over: the end of the game at the last GONG, else the bonus, a card removed, the reshuffle."""
        rules = self.rules
        self.gongs += 1
        if self.gongs >= rules.gongs_to_end:
            self.on_points("last_gong")
        for seat in (player, 1 - player):
            if self.ask(seat, "gong_bonus", BONUS) == 0:
                self.change_life(seat, rules.gong_bonus_life)
            else:
                self.energy[seat] = self.add(self.energy[seat], rules.gong_bonus_energy, self.energy_cap)
        for _ in range(rules.cards_removed_per_gong):
            if not self.pile_size:
                break
            self.draw_card("remove")
        self.gong_out = False
        self.reshuffle([self.gong])

    def on_points(self, code: str) -> None:
        """More life wins; a tie as the rules say (a draw, or more energy)."""
        life, energy = self.life, self.energy
        if life[0] != life[1]:
            self.end(0 if life[0] > life[1] else 1, code)
        if self.rules.tie_at_last_gong == "most energy" and energy[0] != energy[1]:
            self.end(0 if energy[0] > energy[1] else 1, code)
        self.end(None, code)


def distinct(hand: list[int]) -> list[int]:
    """The names of a sorted hand, each once."""
    names, previous = [], -1
    for card in hand:
        if card != previous:
            names.append(card)
            previous = card
    return names
