"""Duel pour Cardia written by hand for speed: a whole game between two uniform random players.

The rules are the rulebook's as atout plays them, with the numbers of the
game atout built (its rules file: hands, draws, seals to win, the
Protecteurs' rhythm, the bounds on actions), its deck (each character's
influence, faction and abilities, both players alike) and its Protecteurs,
read once when the engine is made. The representation is plain:

- a card is an int: P1's deck is 0..size-1 and P2's size..2*size-1, each in
  order of influence (as atout numbers them), so a hand kept sorted is in
  the order atout's options list it;
- a pile is a list of cards kept in the order of their names: drawing its
  top card is drawing a name, each as likely (a deck's names are all
  different), as atout's chance does;
- the line is a list of encounters, each a list [P1's card, P2's card,
  winner, P1's card played, P2's card played] (a card that left play is
  None); the seals are counted as winners change;
- a card's influence is kept up to date in a list (printed, plus its
  tokens, plus the persistent bonuses, worked out again only when the
  Persistant tokens change);
- a card's abilities are compiled once to tuples (op, numbers, target),
  run by a loop.

Each shipped card (both decks), each Protecteur and each Lieu is played
(the Lieu's rules as atout's game reads them: the rules it changes, its
bonus to the influence, its ties, its victories, its reshuffled discard),
in any combination: the option examples of `atout simulate cardia` and
more. A rules file that limits the seals, the tokens or the Persistant
tokens, and the constructs no shipped card uses (computed amounts, moves,
limits, triggers, properties…) are refused when the engine is made
(`NotImplementedError`), never played wrong.

atout also looks, at each turn's start, for a position that comes back (a
game that cannot progress ends, see atout's `progress.py`); with these
cards none can: each turn two cards go from the hands into the line, and
at most one (a loser's ability taking a card back; on a tie where both
abilities act, those that take a card back do not) leaves it other than
for a discard; and a discard goes back into a pile only a limited number of
times (the count of which is part of a position). So between two turns
with the same reshuffles, the cards in the line and in the discards grow.
The reference does not look.

Every decision goes through `ask` (or `draw_card` for a pile's top card,
`pick_card` for a card of a hand at random, `reveal` for the next
Protecteur): it counts an action against the rules' bounds, takes a single
option at once, else draws one `random()` from the deciding player's (or
chance's) generator, as atout's random bot and chance sampler do. A
subclass may override them to see the options (the tests compare them with
atout's).
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from . import CHANCE, Ending, GameEnd, Result, generators

#: A game still going after this many turns is stopped as a draw (atout's safety net; no game comes near).
MAX_TURNS = 200

# Effects' op codes.
MODIFY, DISCARD, RETURN, DISCARD_HAND, DRAW, WIN, UNPERSIST, IF = range(8)
# Targets: (kind, ...).
THIS, MINE, THEIRS, BOTH, EACH, CHOICE = range(6)
# Whose cards a choice may take.
ANY, OWN, OTHERS = range(3)
# Conditions: (kind, ...).
COMPARE, CARD_IS = range(2)
# What a count counts (atout's `conditions.Chose`), and the comparisons.
SEALS, HAND, DISCARDED, PILE, IN_PLAY, PERSISTENT = range(6)
COMPARISONS = {">=": int.__ge__, "<=": int.__le__, ">": int.__gt__, "<": int.__lt__, "=": int.__eq__, "!=": int.__ne__}
# Persistent effects: (kind, ...).
BONUS, WINS_TIES, BLOCKS, SHOWS_FIRST, MORE_DRAWS = range(5)
# The sets a persistent effect speaks of.
THIS_CARD, YOUR_CARDS, THEIR_CARDS = range(3)


class Refused(NotImplementedError):
    """A card, a setup or a rule the reference engine does not play (it is refused, never played wrong)."""


def _refuse(what: str, node: Any) -> Refused:
    write = getattr(node, "write", None)
    return Refused(f"{what}: the reference engine does not play {write() if write else node!r}")


class CardiaReference(Ending):
    """Duel pour Cardia between two uniform random players; `play(seed)` plays a whole game."""

    def __init__(self, game: Any) -> None:
        """Read the rules, the deck and the Protecteurs of an atout `CardiaGame`."""
        rules = self.rules = game.rules  # the rules as the Lieu changes them
        for limited in ("limited_seals", "limited_modifiers", "limited_persistent_tokens"):
            if getattr(rules, limited):
                raise Refused(f"the reference engine plays the rules without {limited.replace('_', ' ')}")
        characters = list(game.characters)  # sorted by influence
        size = self.size = len(characters)
        cards = characters * 2
        self.names: list[str] = [card.name for card in cards]
        self.printed: list[int] = [card.influence for card in cards]
        factions: dict[Any, int] = {}
        self.factions = factions
        self.faction: list[int] = [self._faction(card.faction) for card in cards]
        self.owner: list[int] = [0] * size + [1] * size
        #: Each card's influence before its tokens and the persistent bonuses: printed, and the Lieu's bonus.
        self.base: list[int] = [card.influence + sum(n for faction, n in game.lieu_bonuses if faction is None or faction is card.faction) for card in cards]
        #: Each card's instantaneous effects (None: its ability is persistent) and its persistent effects.
        self.instant: list[tuple | None] = []
        self.persistent_effects: list[tuple] = []
        for card in characters:
            instant, persistent = self._ability(card)
            self.instant.append(instant)
            self.persistent_effects.append(persistent)
        self.instant *= 2
        self.persistent_effects *= 2
        # The Lieu's other rules, as atout's game reads them: ties, victories, the discard reshuffled.
        self.tie_to_fewer_seals = game.tie_to_fewer_seals
        self.tie_both_act = game.tie_both_act
        #: The cards whose ability does not act on a tie when both do ("sauf celles qui reprennent une carte en main").
        self.tie_kept = [bool(game.tie_keeps_returning) and returns(effects) for effects in self.instant]
        self.victory_factions, self.victory_streak = game.victory_factions, game.victory_streak
        self.reshuffle, self.reshuffles = game.reshuffle, game.reshuffles
        #: The pile as each game starts: the deck, in the order of the names.
        by_name = sorted(range(size), key=lambda k: self.names[k])
        self.piles0 = (by_name, [k + size for k in by_name])
        self.protecteurs: list[tuple[str, int, bool, tuple]] | None = None
        if game.protecteurs is not None:
            self.protecteurs = []
            for p in game.protecteurs:  # sorted by name, as atout's pile lists them
                effects = self._effects(p.capacite.effets, p.name)
                self.protecteurs.append((p.name, self._faction(p.faction), p.capacite.seulement_si_seul, effects))
        self.hand0, self.draw0 = rules.starting_hand, rules.draw_per_turn
        self.seals_to_win = rules.seals_to_win
        self.per_protector = rules.encounters_per_protector
        self.per_game, self.per_turn = rules.actions_per_game, rules.actions_per_turn

    def _faction(self, faction: Any) -> int:
        """A faction as a small int."""
        return self.factions.setdefault(faction, len(self.factions))

    # ------------------------------------------------------------------
    # Compiling the cards
    # ------------------------------------------------------------------

    def _ability(self, card: Any) -> tuple[tuple | None, tuple]:
        """A character's ability: its instantaneous effects, or (None and) its persistent ones."""
        from atout.interpreter.games.cardia import ast

        if len(card.capacites) != 1:
            raise Refused(f"{card.name}: the reference engine plays characters of one ability")
        (capacite,) = card.capacites
        if getattr(capacite, "quand", None) is not None or getattr(capacite, "limite", None) is not None:
            raise _refuse(card.name, capacite)
        if isinstance(capacite, ast.CapaciteInstantanee):
            return self._effects(capacite.effets, card.name), ()
        if isinstance(capacite, ast.CapacitePersistante):
            return None, tuple(self._continuous(effect, card.name) for effect in capacite.effets)
        raise _refuse(card.name, capacite)

    def _effects(self, effets: list[Any], name: str) -> tuple:
        return tuple(self._effect(effet, name) for effet in effets)

    def _effect(self, effet: Any, name: str) -> tuple:
        """An instantaneous effect as an op tuple."""
        kind = effet.kind
        if kind == "modifier_influence" and effet.pour_chaque is None:
            return (MODIFY, effet.n, self._target(effet.cible, name))
        if kind == "defausser":
            return (DISCARD, 0, self._target(effet.cible, name))
        if kind == "reprendre_en_main":
            return (RETURN, 0, self._target(effet.cible, name))
        if kind == "defausser_main":
            return (DISCARD_HAND, effet.n, effet.joueur.value == "adversaire", effet.au_hasard)
        if kind == "piocher" and effet.par is None:
            return (DRAW, effet.n, effet.joueur.value == "adversaire")
        if kind == "gagner_la_partie":
            return (WIN,)
        if kind == "retirer_persistant":
            return (UNPERSIST, effet.adverse)
        if kind == "si" and effet.condition.kind in ("possession", "carte_est"):
            return (IF, self._condition(effet.condition, name), self._effects(effet.alors, name), self._effects(effet.sinon, name))
        raise _refuse(name, effet)

    def _target(self, cible: Any, name: str) -> tuple:
        kind = cible.kind
        if kind == "cette_carte":
            return (THIS,)
        if kind == "ta_carte":
            return (MINE,)
        if kind == "carte_adverse":
            return (THEIRS,)
        if kind == "cartes_jouees":
            return (BOTH,)
        if kind in ("chacune_de_tes_cartes", "chacune_des_cartes_adverses"):
            faction = -1 if cible.faction is None else self._faction(cible.faction)
            return (EACH, kind == "chacune_des_cartes_adverses", faction)
        if kind == "carte_au_choix":
            camp = {"toutes": ANY, "tiennes": OWN, "adverses": OTHERS}[cible.camp.value]
            faction = -1 if cible.faction is None else self._faction(cible.faction)
            return (CHOICE, camp, cible.autre, faction, cible.passee, cible.choisie_par.value == "adversaire")
        raise _refuse(name, cible)

    def _condition(self, condition: Any, name: str) -> tuple:
        if condition.kind == "carte_est":
            which = {"cette_carte": THIS, "ta_carte": MINE, "carte_adverse": THEIRS}.get(condition.carte.kind)
            if which is None:
                raise _refuse(name, condition)
            return (CARD_IS, which, self._faction(condition.faction))
        chose = {"sceaux": SEALS, "main": HAND, "défausse": DISCARDED, "pioche": PILE, "jeu": IN_PLAY, "persistant": PERSISTENT}
        left = condition.left
        right = condition.right
        compare = COMPARISONS[condition.comparison.value]
        if isinstance(right, int):
            return (COMPARE, chose[left.chose.value], left.joueur.value == "adversaire", compare, None, right)
        return (COMPARE, chose[left.chose.value], left.joueur.value == "adversaire", compare, (chose[right.chose.value], right.joueur.value == "adversaire"), 0)

    def _continuous(self, effect: Any, name: str) -> tuple:
        """A persistent effect as a tuple."""
        kind = effect.kind
        if kind == "influence_continue":
            return (BONUS, self._set(effect.ensemble), effect.n)
        if kind == "gagnent_egalites":
            return (WINS_TIES, self._set(effect.ensemble), 0)
        if kind == "capacites_adverses_bloquees":
            return (BLOCKS,)
        if kind == "joue_face_visible":
            return (SHOWS_FIRST,)
        if kind == "pioche_en_plus":
            return (MORE_DRAWS, effect.n)
        raise _refuse(name, effect)

    def _set(self, ensemble: Any) -> tuple[int, int]:
        kind = {"cette_carte": THIS_CARD, "tes_cartes": YOUR_CARDS, "cartes_adverses": THEIR_CARDS}[ensemble.kind]
        faction = getattr(ensemble, "faction", None)
        return kind, -1 if faction is None else self._faction(faction)

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

    def draw_card(self, seat: int) -> int:
        """Chance draws the top card of `seat`'s pile (not empty): each name as likely; it comes out."""
        actions = self.actions
        if actions >= self.stop:
            self.limit()
        self.actions = actions + 1
        pile = self.piles[seat]
        n = len(pile)
        if n == 1:
            return pile.pop()
        self.decisions += 1
        self.last_turn = self.turn
        index = int(self.rngs[CHANCE].random() * n)
        return pile.pop(index if index < n else n - 1)

    def pick_card(self, seat: int) -> int:
        """Chance picks a card of `seat`'s hand (more than one card) to discard: each as likely."""
        return self.hands[seat][self.ask(CHANCE, "random_discard", self.hands[seat])]

    def reveal(self) -> None:
        """Chance reveals the Protecteur of the next encounter; an empty pile takes back the used ones first."""
        pile = self.protector_pile
        if not pile:
            pile += sorted(self.protector_used)
            self.protector_used = []
        self.upcoming = pile.pop(self.ask(CHANCE, "protecteur", pile))

    # ------------------------------------------------------------------
    # A game
    # ------------------------------------------------------------------

    def play(self, seed: int) -> Result:
        """Play a whole game from `seed`: its outcome and length."""
        self.rngs = generators(seed)
        self.decisions = self.actions = self.turn = self.last_turn = 0
        self.stop = min(self.per_game, self.per_turn)
        self.piles = [self.piles0[0][:], self.piles0[1][:]]
        self.hands: list[list[int]] = [[], []]
        self.discards: list[list[int]] = [[], []]
        self.line: list[list] = []
        count = 2 * self.size
        #: The encounter of each card in play (-1: not in play), its modifier tokens, its influence now.
        self.at = [-1] * count
        self.tokens = [0] * count
        self.influence = self.base[:]
        self.reshuffled = [0, 0]
        self.wins_ties = [False] * count
        self.persistent: list[int] = []
        self.blocked = [False, False]
        self.shows_first: set[int] = set()
        self.more_draws = [0, 0]
        self.seals = [0, 0]
        self.protector_pile = list(range(len(self.protecteurs))) if self.protecteurs is not None else []
        self.protector_used: list[int] = []
        self.upcoming: int | None = None
        self.outcome: tuple[int | None, str] = (None, "")
        try:
            self.draw(0, self.hand0)
            self.draw(1, self.hand0)
            if self.protecteurs is not None:
                self.reveal()
            while True:
                self.play_turn()
        except GameEnd:
            pass
        winner, code = self.outcome
        return Result(winner, code, self.decisions, self.last_turn, (self.seals[0], self.seals[1]))

    def draw(self, seat: int, n: int) -> None:
        """`seat` draws `n` cards, fewer if the pile runs out."""
        pile, hand = self.piles[seat], self.hands[seat]
        while n > 0:
            if not pile:
                discard = self.discards[seat]
                limit = self.reshuffles
                if not (self.reshuffle and discard and (limit is None or self.reshuffled[seat] < limit)):
                    return
                self.reshuffled[seat] += 1  # the discard, shuffled, is the new pile
                names = self.names
                pile += sorted(discard, key=names.__getitem__)
                discard.clear()
            insort(hand, self.draw_card(seat))
            n -= 1

    def play_turn(self) -> None:
        """A turn: cards chosen, revealed; the loser's ability, the Protecteur; seals counted; draws."""
        turn = self.turn = self.turn + 1
        self.stop = min(self.per_game, self.actions + self.per_turn)
        if turn > MAX_TURNS:
            self.end(None, "turn_limit")
        hands = self.hands
        if not hands[0] or not hands[1]:
            if hands[0] or hands[1]:
                self.end(1 if not hands[0] else 0, "no_card")
            seals = self.seals
            self.end(None if seals[0] == seals[1] else 0 if seals[0] > seals[1] else 1, "no_card_both")
        protector = self.upcoming
        self.upcoming = None
        if len(self.shows_first) == 1:  # one player's "L'adversaire joue sa carte face visible": the other chooses first
            first = next(iter(self.shows_first))
            hand = hands[first]
            chosen = {first: hand.pop(self.ask(first, "play", hand))}
            other = hands[1 - first]
            chosen[1 - first] = other.pop(self.ask(1 - first, "play", other))
            a, b = chosen[0], chosen[1]
        else:
            hand = hands[0]
            a = hand.pop(self.ask(0, "play", hand))
            hand = hands[1]
            b = hand.pop(self.ask(1, "play", hand))
        number = len(self.line)
        self.at[a] = self.at[b] = number
        influence = self.influence
        ia, ib = influence[a], influence[b]
        if ia > ib:
            winner: int | None = 0
        elif ib > ia:
            winner = 1
        else:
            wa, wb = self.wins_ties[a], self.wins_ties[b]
            winner = None if wa == wb else 0 if wa else 1
        tie_winner = None
        if winner is None and self.tie_to_fewer_seals:  # the Lieu: the player with fewer seals wins the tie
            s0, s1 = self.seals
            if s0 != s1:
                winner = tie_winner = 0 if s0 < s1 else 1
        self.line.append([a, b, winner, a, b, tie_winner])
        if winner is not None:
            self.seals[winner] += 1
            loser = 1 - winner
            self.activate(loser, b if loser else a, number)
            if protector is not None:
                self.protector_acts(protector, number, winner)
        elif self.tie_both_act:  # the Lieu: both abilities act on a tie, fewer seals first
            self.both_act(a, b, number)
        if protector is not None:
            self.protector_used.append(protector)
        # the end of the turn: seals counted (and the Lieu's victories), then the draws, then the next Protecteur
        seals = self.seals
        target = self.seals_to_win
        if self.victory_factions or self.victory_streak:
            self.lieu_victory()
        elif seals[0] >= target and seals[0] > seals[1]:
            self.end(0, "seals")
        elif seals[1] >= target and seals[1] > seals[0]:
            self.end(1, "seals")
        draws = self.draw0
        more = self.more_draws
        self.draw(0, draws + more[0])
        self.draw(1, draws + more[1])
        if self.protecteurs is not None and len(self.line) % self.per_protector == 0:
            self.reveal()

    def both_act(self, a: int, b: int, at: int) -> None:
        """A tie under the Lieu: both cards activate their ability (not one that takes a card back), fewer seals first."""
        kept = self.tie_kept
        if kept[a] or kept[b]:
            if not kept[a]:
                self.activate(0, a, at)
            elif not kept[b]:
                self.activate(1, b, at)
            return
        s0, s1 = self.seals
        if s0 != s1:
            first = 0 if s0 < s1 else 1
        else:
            first = self.ask(CHANCE, "ability_order", [0, 1])
        self.activate(first, b if first else a, at)
        self.activate(1 - first, a if first else b, at)

    def lieu_victory(self) -> None:
        """The end of the turn with the Lieu's victories: a single player who meets a condition wins; both, more seals."""
        seals, target = self.seals, self.seals_to_win
        met: list[str | None] = [None, None]
        for seat in (0, 1):
            if seals[seat] >= target and seals[seat] > seals[1 - seat]:
                met[seat] = "seals"
            elif self.victory_factions and self.factions_sealed(seat) >= self.victory_factions:
                met[seat] = "factions"
            elif self.victory_streak and self.streak(seat) >= self.victory_streak:
                met[seat] = "streak"
        if met[0] and met[1]:
            if seals[0] != seals[1]:
                seat = 0 if seals[0] > seals[1] else 1
                self.end(seat, met[seat])  # type: ignore[arg-type]
        elif met[0] or met[1]:
            seat = 0 if met[0] else 1
            self.end(seat, met[seat])  # type: ignore[arg-type]

    def factions_sealed(self, seat: int) -> int:
        """The factions of `seat`'s cards that hold a seal."""
        faction = self.faction
        return len({faction[enc[seat]] for enc in self.line if enc[2] == seat})

    def streak(self, seat: int) -> int:
        """How many of the last encounters in a row `seat`'s cards win now."""
        count = 0
        for enc in reversed(self.line):
            if enc[2] != seat:
                break
            count += 1
        return count

    def activate(self, seat: int, card: int, at: int) -> None:
        """The loser's card activates its ability: its instantaneous effects (unless blocked), or a Persistant token."""
        effects = self.instant[card]
        if effects is not None:
            if self.blocked[seat]:
                return
            self.run(effects, seat, card, at)
            return
        if self.at[card] < 0 or card in self.persistent:
            return
        self.persistent.append(card)
        self.refresh()
        self.evaluate()

    def protector_acts(self, protector: int, at: int, winner: int) -> None:
        """The Protecteur of the encounter acts for each player who played a card of its faction, the loser first."""
        _, faction, alone, effects = self.protecteurs[protector]  # type: ignore[index]
        enc = self.line[at]
        ours = [seat for seat in (1 - winner, winner) if self.faction[enc[3 + seat]] == faction]
        if len(ours) == 2 and alone:
            return
        for seat in ours:
            self.run(effects, seat, enc[3 + seat], at)

    # ------------------------------------------------------------------
    # Influence and seals
    # ------------------------------------------------------------------

    def refresh(self) -> None:
        """The Persistant tokens changed: the bonuses, who wins ties, blocks, shows first and draws more, again."""
        count = 2 * self.size
        bonus = [0] * count
        wins = [False] * count
        blocked = [False, False]
        shows: set[int] = set()
        more = [0, 0]
        owner, faction = self.owner, self.faction
        for source in self.persistent:
            mine = owner[source]
            for effect in self.persistent_effects[source]:
                kind = effect[0]
                if kind == BONUS or kind == WINS_TIES:
                    (which, of), n = effect[1], effect[2]
                    if which == THIS_CARD:
                        members: Any = (source,)
                    else:
                        side = mine if which == YOUR_CARDS else 1 - mine
                        members = range(side * self.size, (side + 1) * self.size)
                    for card in members:
                        if of < 0 or faction[card] == of:
                            if kind == BONUS:
                                bonus[card] += n
                            else:
                                wins[card] = True
                elif kind == BLOCKS:
                    blocked[1 - mine] = True
                elif kind == SHOWS_FIRST:
                    shows.add(1 - mine)
                else:
                    more[mine] += effect[1]
        base, tokens = self.base, self.tokens
        self.influence = [base[card] + bonus[card] + tokens[card] for card in range(count)]
        self.wins_ties, self.blocked, self.shows_first, self.more_draws = wins, blocked, shows, more

    def evaluate(self) -> None:
        """Every encounter again: a seal moves to a new winner, or back to the reserve."""
        influence, wins, seals = self.influence, self.wins_ties, self.seals
        for enc in self.line:
            a, b, old = enc[0], enc[1], enc[2]
            if a is None or b is None:
                new = None
            else:
                ia, ib = influence[a], influence[b]
                if ia > ib:
                    new = 0
                elif ib > ia:
                    new = 1
                else:
                    wa, wb = wins[a], wins[b]
                    new = enc[5] if wa == wb else 0 if wa else 1
            if new != old:
                enc[2] = new
                if old is not None:
                    seals[old] -= 1
                if new is not None:
                    seals[new] += 1

    def leave(self, card: int, to_hand: bool) -> None:
        """A card in play goes to its owner's discard or hand, losing its tokens (no evaluation here)."""
        seat = self.owner[card]
        self.line[self.at[card]][seat] = None
        self.at[card] = -1
        tokens = self.tokens[card]
        if tokens:
            self.tokens[card] = 0
            self.influence[card] -= tokens
        if card in self.persistent:
            self.persistent.remove(card)
            self.refresh()
        if to_hand:
            insort(self.hands[seat], card)
        else:
            self.discards[seat].append(card)

    # ------------------------------------------------------------------
    # Effects
    # ------------------------------------------------------------------

    def run(self, effects: tuple, me: int, this: int, at: int) -> None:
        """Run instantaneous effects in order, for `me`; `this` is the acting card, `at` its encounter."""
        for effect in effects:
            op = effect[0]
            if op == MODIFY:
                cards = self.targets(effect[2], me, this, at)
                if cards:
                    n = effect[1]
                    tokens, influence = self.tokens, self.influence
                    for card in cards:
                        tokens[card] += n
                        influence[card] += n
                    self.evaluate()
            elif op == DISCARD or op == RETURN:
                cards = self.targets(effect[2], me, this, at)
                if cards:
                    for card in cards:
                        self.leave(card, op == RETURN)
                    self.evaluate()
            elif op == DRAW:
                self.draw(1 - me if effect[2] else me, effect[1])
            elif op == DISCARD_HAND:
                self.discard_hand(1 - me if effect[2] else me, effect[1], effect[3])
            elif op == UNPERSIST:
                persistent, owner = self.persistent, self.owner
                cards = [card for card in self.in_play() if card in persistent and not (effect[1] and owner[card] == me)]
                if cards:
                    card = cards[self.ask(me, "persistent", cards)]
                    persistent.remove(card)
                    self.refresh()
                    self.evaluate()
            elif op == WIN:
                self.end(me, "ability")
            else:  # IF
                block = effect[2] if self.holds(effect[1], me, this, at) else effect[3]
                if block:
                    self.run(block, me, this, at)

    def in_play(self) -> list[int]:
        """Every card in play, in line order (P1's card of an encounter first)."""
        cards = []
        for enc in self.line:
            if enc[0] is not None:
                cards.append(enc[0])
            if enc[1] is not None:
                cards.append(enc[1])
        return cards

    def targets(self, target: tuple, me: int, this: int, at: int) -> list[int]:
        """The cards an effect acts on (chosen by a player when it says so)."""
        kind = target[0]
        if kind == THIS:
            return [this] if self.at[this] >= 0 else []
        enc = self.line[at]
        if kind == MINE:
            card = enc[me]
            return [] if card is None else [card]
        if kind == THEIRS:
            card = enc[1 - me]
            return [] if card is None else [card]
        if kind == BOTH:
            return [card for card in (enc[me], enc[1 - me]) if card is not None]
        owner, faction = self.owner, self.faction
        if kind == EACH:
            _, theirs, of = target
            return [card for card in self.in_play() if (owner[card] != me) == theirs and (of < 0 or faction[card] == of)]
        _, camp, other, of, past, by_other = target
        cards = []
        for number, enc in enumerate(self.line):
            if past and number == at:
                continue
            for card in (enc[0], enc[1]):
                if card is None:
                    continue
                if (camp == OWN and owner[card] != me) or (camp == OTHERS and owner[card] == me):
                    continue
                if (other and card == this) or (of >= 0 and faction[card] != of):
                    continue
                cards.append(card)
        if not cards:
            return cards
        return [cards[self.ask(1 - me if by_other else me, "target", cards)]]

    def holds(self, condition: tuple, me: int, this: int, at: int) -> bool:
        """Whether a `Si`'s condition holds now."""
        if condition[0] == CARD_IS:
            _, which, of = condition
            card = this if which == THIS else self.line[at][3 + (me if which == MINE else 1 - me)]
            return self.faction[card] == of
        _, chose, theirs, compare, right, number = condition
        left = self.count(chose, 1 - me if theirs else me)
        if right is not None:
            number = self.count(right[0], 1 - me if right[1] else me)
        return compare(left, number)

    def count(self, chose: int, seat: int) -> int:
        """How many of a thing `seat` has now."""
        if chose == SEALS:
            return self.seals[seat]
        if chose == HAND:
            return len(self.hands[seat])
        if chose == DISCARDED:
            return len(self.discards[seat])
        if chose == PILE:
            return len(self.piles[seat])
        if chose == IN_PLAY:
            return sum(1 for card in self.in_play() if self.owner[card] == seat)
        return sum(1 for card in self.persistent if self.owner[card] == seat)

    def discard_hand(self, seat: int, n: int, at_random: bool) -> None:
        """`seat` discards `n` cards of their hand (chosen, or at random); with no more, the whole hand."""
        hand, discard = self.hands[seat], self.discards[seat]
        if len(hand) <= n:
            names = self.names
            discard += sorted(hand, key=names.__getitem__)
            hand.clear()
            return
        for _ in range(n):
            card = self.pick_card(seat) if at_random else hand[self.ask(seat, "discard", hand)]
            hand.remove(card)
            discard.append(card)


def returns(effects: tuple | None) -> bool:
    """Whether instantaneous effects take a card back to the hand (also in a `Si` block), as atout's `takes_back`."""
    for effect in effects or ():
        if effect[0] == RETURN or (effect[0] == IF and (returns(effect[2]) or returns(effect[3]))):
            return True
    return False
