"""BattleFight written by hand for speed: a whole game between two uniform random players.

The rules are BattleFight's precise rules as atout plays them, with the
numbers of the game atout built (its rules file) and its cards, read once
when the engine is made. The representation is plain:

- a card is its index in the card set sorted by name (so sorting card
  indices sorts by name), a basic technique an index after the cards;
- a hand, a discard and a draw pile are lists of card indices kept sorted,
  so that positions compare without sorting anything (the draw pile is
  shuffled: drawing a uniformly chosen card of it is drawing a name with
  the weight of its copies, as atout's chance does);
- a cell is an index, with its neighbours in name order, the edges and the
  distances precomputed;
- Force, Protection, Vitesse, Charme and the S'Empêcher of each player are
  counters kept up to date as permanents come and go;
- a technique runs as a loop over its steps, a technique played by Rejouer
  or resumed by Déstabiliser runs inside the step that started it (as a
  frame on top of it in atout).

Every decision goes through `ask` (or `draw` for the pile): it counts an
action against the rules' bounds, takes a single option at once, else
draws one `random()` from the deciding player's (or chance's) generator,
as atout's random bot and chance sampler do. A subclass may override both
to see the options (the tests compare them with atout's).
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from . import CHANCE, Ending, GameEnd, Result, generators

# The keywords, as small ints (op codes of a compiled step).
CORPS_A_CORPS, DISTANCE, DEFAUSSER, SI_POSSIBLE_DEFAUSSER, BLESSER, SE_BLESSER, BLOQUER, PIOCHER = range(8)
POUSSER, SE_DEPLACER, REJOUER, DESTABILISER, STABLE = range(8, 13)
FORCE, PROTECTION, VITESSE, CHARME, S_EMPECHER, S_EMPECHER_CARTE = range(13, 19)

#: The AST's keyword kinds, by op code.
OPS = {
    "corps_a_corps": CORPS_A_CORPS,
    "distance": DISTANCE,
    "defausser": DEFAUSSER,
    "si_possible_defausser": SI_POSSIBLE_DEFAUSSER,
    "blesser": BLESSER,
    "se_blesser": SE_BLESSER,
    "bloquer": BLOQUER,
    "piocher": PIOCHER,
    "pousser": POUSSER,
    "se_deplacer": SE_DEPLACER,
    "rejouer": REJOUER,
    "destabiliser": DESTABILISER,
    "stable": STABLE,
    "force": FORCE,
    "protection": PROTECTION,
    "vitesse": VITESSE,
    "charme": CHARME,
    "s_empecher": S_EMPECHER,
    "s_empecher_carte": S_EMPECHER_CARTE,
}

#: Modifiers: the step is the owner's, the opponent's, or everybody's (owner first).
OWN, OPPONENT, EVERYBODY = 0, 1, 2

#: Results of a step.
NEXT, FAIL, STABLE_RESULT = 0, 1, 2

#: Option values of a push from an edge.
OFF, NO_PUSH = -1, -2
#: Option value of "stay" in a move, "none" in a destabilisation.
STAY = -1


class Active:
    """A technique in play: being executed, or Stable."""

    __slots__ = ("uid", "tech", "owner", "is_card", "next_step", "stable", "cost", "perms")

    def __init__(self, uid: int, tech: int, owner: int, is_card: bool) -> None:
        self.uid = uid
        self.tech = tech
        self.owner = owner
        self.is_card = is_card
        self.next_step = 0
        self.stable = False
        self.cost = 0
        #: Permanents executed: (seat, op, argument).
        self.perms: list[tuple[int, int, Any]] = []


class BattleFightReference(Ending):
    """BattleFight between two uniform random players; `play(seed)` plays a whole game."""

    def __init__(self, game: Any) -> None:
        """Read the cards, basic techniques, board, rules and decks of an atout `BattleFightGame`."""
        rules = game.rules
        types = list(type(next(iter(game.basics))))  # the five technique types, in the rulebook's order
        type_index = {t: i for i, t in enumerate(types)}
        names = sorted(game.cards)
        techniques = [game.cards[name] for name in names] + list(game.basics.values())
        self.card_count = len(names)
        #: Each technique's title, type, and steps compiled to (op, argument, modifier).
        self.names = [t.name for t in techniques]
        self.types = [type_index[t.type] for t in techniques]
        self.steps: list[tuple[tuple[int, Any, int], ...]] = []
        for technique in techniques:
            compiled = []
            for step in technique.steps:
                keyword = step.keyword
                op = OPS[keyword.kind]
                if op in (S_EMPECHER, S_EMPECHER_CARTE):
                    # the types it forbids (a step may name several); None: every card
                    argument = tuple(type_index[t] for t in keyword.of) or None
                else:
                    argument = getattr(keyword, "n", 0)
                modifier = step.modifier
                mod = OWN if modifier is None else OPPONENT if modifier.kind == "l_adversaire_a" else EVERYBODY
                compiled.append((op, argument, mod))
            self.steps.append(tuple(compiled))
        self.basics = list(range(self.card_count, len(techniques)))
        #: Booster options of each type: the cards of that type, in name order.
        self.by_type = [[k for k in range(self.card_count) if self.types[k] == t] for t in range(len(types))]
        # The board: cells by index, neighbours sorted by their names.
        board = game.board
        cells = list(board.cells)
        index = {cell: i for i, cell in enumerate(cells)}
        self.cell_names = [board.names[cell] for cell in cells]
        self.neighbours = [tuple(index[c] for c in sorted(board.neighbours[cell], key=board.names.__getitem__)) for cell in cells]
        self.edge = [board.is_edge(cell) for cell in cells]
        self.dist = [[board.distance(a, b) for b in cells] for a in cells]
        self.starts = tuple(index[cell] for cell in board.start_cells())
        # The rules file's numbers.
        self.life0 = rules.life
        self.boosters = rules.random_boosters
        self.per_type = rules.booster_per_type
        self.repetitions = rules.repetitions
        self.turn_limit = rules.turn_limit
        self.nested = rules.nested_techniques
        self.per_game = rules.actions_per_game
        self.per_turn = rules.actions_per_turn
        # The setup: who starts (None: chance), each deck (a list of card indices, or "random").
        self.first_player = game.first_player
        by_name = {name: k for k, name in enumerate(names)}
        self.decks: list[list[int] | None] = []
        for deck in game.decks:
            if deck.kind == "constructed":
                self.decks.append(sorted(by_name[game.card(name).name] for name in deck.cards))
            elif deck.kind == "random":
                self.decks.append(None)
            else:
                raise NotImplementedError("the reference engine plays constructed and random decks, not sealed ones")

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

    def draw(self, seat: int) -> int:
        """Chance draws a card of `seat`'s pile (not empty): a name, with the weight of its copies."""
        actions = self.actions
        if actions >= self.stop:
            self.limit()
        self.actions = actions + 1
        pile = self.piles[seat]
        if pile[0] == pile[-1]:  # one name: nothing to ask
            return pile.pop()
        self.decisions += 1
        self.last_turn = self.turn
        n = len(pile)
        index = int(self.rngs[CHANCE].random() * n)
        return pile.pop(index if index < n else n - 1)

    def count(self) -> None:
        """One action against the rules' bounds (a decision, asked or not); past one, the game is a draw."""
        if self.actions >= self.stop:
            self.limit()
        self.actions += 1

    # ------------------------------------------------------------------
    # A game
    # ------------------------------------------------------------------

    def play(self, seed: int) -> Result:
        """Play a whole game from `seed`: its outcome and length."""
        self.rngs = generators(seed)
        self.decisions = self.actions = self.turn = self.last_turn = 0
        #: The action count at which a bound is reached (per game, or per turn from the turn's first action).
        self.stop = min(self.per_game, self.per_turn)
        self.life = [self.life0, self.life0]
        self.damage = [0, 0]
        self.position = [0, 0]
        self.hands: list[list[int]] = [[], []]
        self.discards: list[list[int]] = [[], []]
        self.piles: list[list[int]] = [[], []]
        self.actives: list[Active] = []
        self.depth = 0
        self.uid = 0
        self.bonus = {FORCE: [0, 0], PROTECTION: [0, 0], VITESSE: [0, 0], CHARME: [0, 0]}
        self.forbidden = [[0] * 5, [0] * 5]  # S'Empêcher T, per type
        self.forbidden_cards = [[0] * 5, [0] * 5]  # S'Empêcher Carte T, per type
        self.no_cards = [0, 0]  # S'Empêcher Carte
        self.restricted = [0, 0]  # all of the above: 0 when nothing is forbidden
        self.outcome: tuple[int | None, str] = (None, "")
        try:
            self.setup()
            self.turns()
        except GameEnd:
            pass
        winner, code = self.outcome
        return Result(winner, code, self.decisions, self.last_turn, (self.life[0], self.life[1]))

    def setup(self) -> None:
        """First player, decks, pawns."""
        first = self.first_player
        if first is None:
            first = self.ask(CHANCE, "first_player", [0, 1])
        for seat in (0, 1):
            deck = self.decks[seat]
            if deck is None:
                deck = [options[self.ask(CHANCE, "booster", options)] for _ in range(self.boosters) for options in self.by_type for _ in range(self.per_type)]
                deck.sort()
            self.piles[seat] = deck[:]
        self.current = first
        self.position[first], self.position[1 - first] = self.starts

    def turns(self) -> None:
        """Turns until the game ends: the turn limit, a repeated position, or a player out."""
        seen: dict[tuple, int] = {}
        hands, piles, discards, life, damage, position = (
            self.hands,
            self.piles,
            self.discards,
            self.life,
            self.damage,
            self.position,
        )
        limit, repetitions = self.turn_limit, self.repetitions
        while True:
            self.turn += 1
            self.stop = min(self.per_game, self.actions + self.per_turn)
            if limit and self.turn > limit:
                self.end(None, "turn_limit")
            current = self.current
            key = (
                current,
                life[0],
                damage[0],
                position[0],
                tuple(hands[0]),
                tuple(piles[0]),
                tuple(discards[0]),
                life[1],
                damage[1],
                position[1],
                tuple(hands[1]),
                tuple(piles[1]),
                tuple(discards[1]),
                tuple([(a.tech, a.owner, a.next_step, a.stable, a.cost, tuple(a.perms)) for a in self.actives]) if self.actives else (),
            )
            times = seen[key] = seen.get(key, 0) + 1
            if times >= repetitions:
                self.end(None, "repetition")
            options = self.playable(current)
            if options:
                self.play_technique(current, options[self.ask(current, "play", options)])
            else:
                self.count()  # a turn where nothing can be played still counts an action
            damage[current] = 0
            self.current = 1 - current

    def playable(self, player: int) -> list[int]:
        """The techniques `player` may play: the hand's cards (one per name, in name order), then the basics."""
        if not self.restricted[player]:
            return list(dict.fromkeys(self.hands[player])) + self.basics
        forbidden, forbidden_cards, types = self.forbidden[player], self.forbidden_cards[player], self.types
        options = []
        if not self.no_cards[player]:
            cards = dict.fromkeys(self.hands[player])
            options = [k for k in cards if not forbidden[types[k]] and not forbidden_cards[types[k]]]
        options += [b for b in self.basics if not forbidden[types[b]]]
        return options

    def play_technique(self, player: int, tech: int) -> None:
        """Put a card of the hand or a basic technique in play and run it."""
        is_card = tech < self.card_count
        if is_card:
            self.hands[player].remove(tech)
        self.uid += 1
        active = Active(self.uid, tech, player, is_card)
        self.actives.append(active)
        self.run(active)

    def deactivate(self, active: Active) -> None:
        """Out of play: its permanents end, its card goes to its owner's discard."""
        actives = self.actives
        for index in range(len(actives) - 1, -1, -1):
            if actives[index] is active:
                del actives[index]
                break
        for seat, op, argument in active.perms:
            if op <= CHARME:
                self.bonus[op][seat] -= argument
            else:
                self.restrict(seat, op, argument, -1)
        if active.is_card:
            insort(self.discards[active.owner], active.tech)

    def restrict(self, seat: int, op: int, argument: Any, change: int) -> None:
        """Count a S'Empêcher of `seat` in (change 1) or out (change -1)."""
        if op == S_EMPECHER:
            for forbidden in argument:
                self.forbidden[seat][forbidden] += change
        elif argument is None:
            self.no_cards[seat] += change
        else:
            for forbidden in argument:
                self.forbidden_cards[seat][forbidden] += change
        self.restricted[seat] += change

    # ------------------------------------------------------------------
    # Running a technique
    # ------------------------------------------------------------------

    def run(self, active: Active) -> None:
        """Run `active`'s steps from its next one until it is done, fails, or is Stable.

        A step that makes a player fall (a wound, a push off the board) ends
        the game at once (`fallen`), before anything else runs.
        """
        self.depth += 1
        steps, step = self.steps[active.tech], self.step
        owner = active.owner
        other = 1 - owner
        while True:
            number = active.next_step
            if number >= len(steps):
                break
            op, argument, mod = steps[number]
            if mod == OWN:
                result = step(active, op, argument, owner, other)
            elif mod == OPPONENT:
                result = step(active, op, argument, other, owner)
            else:  # everybody, the owner first; a failure or a Stable step stops there
                result = step(active, op, argument, owner, other)
                if result == NEXT:
                    result = step(active, op, argument, other, owner)
            active.next_step = number + 1
            if result != NEXT:
                if result == FAIL:
                    break
                active.stable = True
                self.depth -= 1
                return
        self.deactivate(active)
        self.depth -= 1

    def fallen(self) -> None:
        """A player is at 0 life or off the board: the other wins (both: a draw)."""
        life, position = self.life, self.position
        fallen = [s for s in (0, 1) if life[s] <= 0 or position[s] < 0]
        if len(fallen) == 2:
            self.end(None, "both_fell")
        loser = fallen[0]
        self.end(1 - loser, "off_board" if position[loser] < 0 else "no_life")

    def step(self, active: Active, op: int, n: Any, me: int, them: int) -> int:
        """Run one step for `me` (against `them`); NEXT, FAIL or STABLE_RESULT."""
        if op == CORPS_A_CORPS:
            return NEXT if self.dist[self.position[me]][self.position[them]] <= 1 else FAIL
        if op == BLESSER:
            bonus = self.bonus
            amount = n + bonus[FORCE][me] - bonus[PROTECTION][them]
            if amount > 0:
                self.damage[them] += amount
                self.life[them] -= amount
                if self.life[them] <= 0:
                    self.fallen()
            return NEXT
        if op == PIOCHER:
            self.pick(me, n)
            return NEXT
        if op == SE_DEPLACER:
            moves = n + self.bonus[VITESSE][me]
            if moves > 0:
                self.move(me, them, moves)
            return NEXT
        if op == BLOQUER:
            healed = min(n, self.damage[me])
            self.life[me] += healed
            self.damage[me] -= healed
            return NEXT
        if op == DESTABILISER:
            self.destabilise(me)
            return NEXT
        if op == DEFAUSSER or op == SI_POSSIBLE_DEFAUSSER:
            hand = self.hands[me]
            if len(hand) < n:
                self.discards[me] += hand
                self.discards[me].sort()
                hand.clear()
                return FAIL if op == DEFAUSSER else NEXT
            self.discard(me, n, "discard")
            return NEXT
        if op == DISTANCE:
            return NEXT if self.dist[self.position[me]][self.position[them]] >= n else FAIL
        if op == SE_BLESSER:
            bonus = self.bonus
            amount = n + bonus[FORCE][me] - bonus[PROTECTION][me]
            if amount > 0:
                self.damage[me] += amount
                self.life[me] -= amount
                if self.life[me] <= 0:
                    self.fallen()
            return NEXT
        if op == POUSSER:
            self.push(me, them, n)
            return NEXT
        if op == REJOUER:
            if self.depth < self.nested:
                options = self.playable(me)
                if options:
                    self.play_technique(me, options[self.ask(me, "replay", options)])
            return NEXT
        if op == STABLE:
            active.cost = n
            return STABLE_RESULT
        # a permanent: it counts for `me` while the technique is in play
        active.perms.append((me, op, n))
        if op <= CHARME:
            self.bonus[op][me] += n
        else:
            self.restrict(me, op, n, 1)
        return NEXT

    def discard(self, me: int, left: int, kind: str) -> None:
        """`me` discards `left` cards of the hand, chosen one at a time (by name)."""
        hand, discard = self.hands[me], self.discards[me]
        for _ in range(left):
            options = list(dict.fromkeys(hand))
            card = options[self.ask(me, kind, options)]
            hand.remove(card)
            insort(discard, card)

    def pick(self, me: int, left: int) -> None:
        """Draw `left` cards, one at a time; an empty pile halves life, then the discard is shuffled in."""
        hand, pile = self.hands[me], self.piles[me]
        for _ in range(left):
            if not pile:
                self.life[me] = (self.life[me] + 1) // 2
                discard = self.discards[me]
                if discard:
                    pile[:] = discard
                    discard.clear()
                else:
                    continue
            insort(hand, self.draw(me))

    def push(self, me: int, them: int, left: int) -> None:
        """`left` times: push `them` to a farther empty neighbour, or off the board from an edge."""
        position, dist = self.position, self.dist
        for _ in range(left):
            mine, theirs = position[me], position[them]
            if self.edge[theirs]:
                options = [OFF, NO_PUSH]
            else:
                now = dist[mine][theirs]
                row = dist[mine]
                options = [cell for cell in self.neighbours[theirs] if cell != mine and row[cell] > now]
                if not options:
                    return
            cell = options[self.ask(me, "push", options)]
            if cell == NO_PUSH:
                return
            position[them] = cell
            if cell == OFF:
                self.fallen()

    def move(self, me: int, them: int, left: int) -> None:
        """`left` times: stay (the moves end) or move to an empty neighbour."""
        position = self.position
        for _ in range(left):
            other = position[them]
            options = [STAY] + [cell for cell in self.neighbours[position[me]] if cell != other]
            cell = options[self.ask(me, "move", options)]
            if cell == STAY:
                return
            position[me] = cell

    def destabilise(self, me: int) -> None:
        """`me` may pay a Stable technique's cost minus their Charme in cards; it then resumes."""
        charme = self.bonus[CHARME][me]
        hand = len(self.hands[me])
        candidates = [a for a in self.actives if a.stable and hand >= max(0, a.cost - charme)]
        if not candidates:
            return
        options: list[Active | None] = [None, *candidates]
        target = options[self.ask(me, "destabilise", options)]
        if target is None:
            return
        self.discard(me, max(0, target.cost - charme), "pay")
        target.stable = False
        if target.next_step >= len(self.steps[target.tech]):
            self.deactivate(target)
        else:
            self.run(target)
