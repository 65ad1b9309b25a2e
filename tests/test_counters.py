"""Counters and tokens: the shared store and meaning (`engine/counters.py`), in Dans les Cordes's and BattleFight's words.

Each form is played in a scenario and asserted by what it did to the game:
tokens put, read by a power, an amount or a condition, removed; the tokens
are part of the state (copies share them and then go their own ways), of
every seat's view and description, of the commentary, and of the records
(games with the example cards replay to the same events).
"""

from __future__ import annotations

import io

import pytest

from atout.cards import CARDS_DIR
from atout.interpreter.engine import counters
from atout.interpreter.engine.decision import CHANCE
from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.record import RecordWriter, parse_record
from atout.interpreter.engine.replay import replay
from atout.interpreter.games import ENGINES, LANGUAGES
from atout.interpreter.games.battlefight import commentary as bf_commentary
from atout.interpreter.games.battlefight import writing as bf_writing
from atout.interpreter.games.battlefight.game import BattleFightGame, DeckChoice
from atout.interpreter.games.cordes import commentary as cordes_commentary
from atout.interpreter.games.cordes import writing as cordes_writing
from atout.interpreter.games.cordes.game import CordesGame
from atout.interpreter.games.cordes.state import CordesState
from atout.interpreter.language.loader import read_document

P1, P2 = counters.on_player(0), counters.on_player(1)

# ---------------------------------------------------------------------------
# The store
# ---------------------------------------------------------------------------


def test_the_store_counts_puts_and_removes_by_owner_and_folded_name():
    store = counters.NO_COUNTERS.put(P1, "Saignée", 2).put(P2, "saignee", 1).put(counters.on_card(7), "charge", 3)
    assert (store.count(P1, "SAIGNÉE"), store.count(P2, "Saignée"), store.count(counters.on_card(7), "Charge")) == (2, 1, 3)
    assert store.count(P1, "charge") == 0 and not counters.NO_COUNTERS and store
    after, taken = store.remove(P1, "saignee", 5)  # up to 5: the 2 there are
    assert (after.count(P1, "saignee"), taken) == (0, 2)
    same, taken = store.remove(P1, "saignee", 3, up_to=False)  # exactly 3: there are 2, none is taken
    assert (same, taken) == (store, 0)
    cleared, taken = store.clear(counters.on_card(7), "charge")
    assert (cleared.count(counters.on_card(7), "charge"), taken) == (0, 3)
    assert store.drop(counters.on_card(7)).key() == (("player", 0, "saignee", 2), ("player", 1, "saignee", 1))
    assert store.on(P1) == {"saignee": 2}


def test_the_store_never_changes_and_keeps_its_bound():
    store = counters.NO_COUNTERS.put(P1, "bleed", 1)
    store.put(P1, "bleed", 4)
    store.remove(P1, "bleed", 1)
    assert store.count(P1, "bleed") == 1 and not counters.NO_COUNTERS
    assert store.put(P1, "bleed", 500).count(P1, "bleed") == counters.MAX_COUNT
    assert store.remove(P1, "bleed", 1)[0] is counters.NO_COUNTERS  # a count at 0 is forgotten; an empty store is the one
    assert store.clear(P1, "bleed")[0] is counters.NO_COUNTERS and store.drop(P1) is counters.NO_COUNTERS
    assert hash(store) == hash(counters.NO_COUNTERS.put(P1, "Bleed", 1)) and store == counters.NO_COUNTERS.put(P1, "Bleed", 1)


# ---------------------------------------------------------------------------
# Dans les Cordes
# ---------------------------------------------------------------------------

CORDES_CARDS = """
== Saignée ==
ATTACK · cost 2
-1 life to the opponent
put 1 bleed token on the opponent

== Boucher ==
CHARACTER
At the start of the opponent's turn: -1 energy to the opponent for each bleed token on the opponent

== Garrot ==
RECOVERY · cost 0 · 2 copies
if the opponent has at least 2 bleed tokens: remove 2 bleed tokens from the opponent and -3 life to the opponent; otherwise: put 2 bleed tokens on the opponent

== Pansement ==
RECOVERY · cost 0
remove 1 bleed token

== Éponge ==
RECOVERY · cost 0
remove up to 5 bleed tokens

== Souffle ==
RECOVERY · cost 0
put 3 charge tokens
+energy, as much as the charge tokens on you
if the charge tokens on you are at least 3: remove all charge tokens and +1 life
"""


class Ring:
    """A game of Dans les Cordes before P1's first turn: P1 boxes as Boucher, both hands empty (as tests/cordes arrange it)."""

    def __init__(self, boxers: tuple[str, str] = ("Boucher", "Lewis")) -> None:
        """`boxers`: P1's and P2's; a player may play up to five RECOVERY cards a turn here."""
        files = load_files(LANGUAGES["cordes"])
        box = {c.name: c for f in files.card_files for c in f.cards}
        document = read_document("scenario.atout", "Dans les Cordes : cards\n" + CORDES_CARDS, LANGUAGES)
        assert document.diagnostics == []
        box.update({c.name: c for c in document.node.cards})
        rules = files.rules().model_copy(update={"recoveries_per_turn": 5})
        self.game = CordesGame(rules, box, boxers, 0, files.digest())
        self.state = CordesState.arranged(self.game, first=0, gong_depth=20)
        self.events: list[dict] = []

    def give(self, seat: int, *names: str) -> Ring:
        """Cards of these names from the pile into a hand."""
        for name in names:
            segment = next(s for s in self.state.pile.segments if any(self.state.names[c] == name for c in s))
            card = next(c for c in segment if self.state.names[c] == name)
            segment.remove(card)
            self.state.seats[seat].hand.append(card)
        self.state.pile.segments = [s for s in self.state.pile.segments if s]
        return self

    def begin(self) -> Ring:
        self.events += self.state.begin()
        return self.chance()

    def chance(self) -> Ring:
        """Chance's decisions (draws) answered with their first option."""
        while self.state.decision() is not None and self.state.decision().player == CHANCE:
            self.choose(self.state.decision().labels()[0])
        return self

    def choose(self, *labels: str) -> Ring:
        for label in labels:
            decision = self.state.decision()
            index = decision.index_of(label)
            assert index is not None, f"{label!r} is not among {decision.labels()}"
            self.events += self.state.apply(index)
            assert self.state.check_invariants() == []
        return self

    def answer_all(self) -> Ring:
        """P2 takes every blow (the last option: take it), chance draws."""
        while self.state.decision() is not None and self.state.decision().player == 1 and self.state.decision().kind != "activity":
            self.choose(self.state.decision().labels()[-1])
            self.chance()
        return self

    def tokens(self, seat: int, name: str) -> int:
        return self.state.counters.count(counters.on_player(seat), name)

    def token_events(self) -> list[dict]:
        return [e for e in self.events if e["e"] == "counters"]


def test_cordes_an_attack_puts_a_bleed_token_that_the_boxers_power_reads_at_the_start_of_the_opponents_turn():
    ring = Ring().give(0, "Saignée").begin()
    ring.choose("Play Saignée").chance().answer_all()
    assert ring.tokens(1, "bleed") == 1 and ring.tokens(0, "bleed") == 0
    assert ring.token_events()[-1] == {"e": "counters", "player": 1, "name": "bleed", "change": 1, "total": 1}
    assert "P2: +1 bleed token (1 in all)" in [cordes_commentary.render(e).strip() for e in ring.events]
    assert ring.state.view(0).tokens == ring.state.view(1).tokens == (("player", 1, "bleed", 1),)  # public to both seats
    assert "Tokens: P2: 1 bleed" in ring.state.describe(viewer=0)
    energy = ring.state.seats[1].energy
    ring.choose("End the turn").chance()  # P2's turn starts: Boucher's power fires for P1
    assert ring.state.current == 1
    assert ring.state.seats[1].energy == energy - 1
    assert any(e["e"] == "power" and e["trigger"] == "At the start of the opponent's turn" for e in ring.events)


def test_cordes_the_power_takes_one_energy_per_token():
    ring = Ring()
    ring.state.counters = counters.NO_COUNTERS.put(P2, "bleed", 3)
    ring.begin()
    energy = ring.state.seats[1].energy
    ring.choose("End the turn").chance()
    assert ring.state.seats[1].energy == energy - 3
    ring = Ring(boxers=("Lewis", "Boucher"))  # the power is P2's: it fires at the start of P1's turns, never of P2's
    ring.state.counters = counters.NO_COUNTERS.put(P1, "bleed", 2)
    energy = ring.state.seats[0].energy
    ring.begin()
    assert ring.state.seats[0].energy == energy - 2


def test_cordes_a_condition_on_tokens_and_their_removal():
    ring = Ring().give(0, "Garrot", "Garrot").begin()
    life = ring.state.seats[1].life
    ring.choose("Play Garrot")  # fewer than 2 bleed tokens: put 2
    assert ring.tokens(1, "bleed") == 2 and ring.state.seats[1].life == life
    ring.choose("Play Garrot")  # now 2: remove them, -3 life
    assert ring.tokens(1, "bleed") == 0 and ring.state.seats[1].life == life - 3
    assert [e["change"] for e in ring.token_events()] == [2, -2]


def test_cordes_remove_exactly_one_or_up_to_some():
    ring = Ring().give(0, "Pansement", "Éponge").begin()
    ring.choose("Play Pansement")  # exactly 1 from P1, who has none: nothing removed, and said
    assert ring.token_events() == [{"e": "counters", "player": 0, "name": "bleed", "change": 0, "total": 0, "needed": 1}]
    assert "P1: has 0 bleed tokens: 1 cannot be removed" in [cordes_commentary.render(e).strip() for e in ring.events]
    ring.state.counters = counters.NO_COUNTERS.put(P1, "bleed", 3)
    ring.choose("Play Éponge")  # up to 5: the 3 there are
    assert ring.tokens(0, "bleed") == 0 and ring.token_events()[-1]["change"] == -3


def test_cordes_as_much_as_the_tokens_and_a_comparison_of_them():
    ring = Ring().give(0, "Souffle").begin()
    energy, life = ring.state.seats[0].energy, ring.state.seats[0].life
    ring.choose("Play Souffle")
    assert ring.state.seats[0].energy == min(energy + 3, ring.game.rules.energy_cap or 99)
    assert ring.tokens(0, "charge") == 0 and ring.state.seats[0].life == life + 1  # at least 3: all removed, +1 life
    assert [e["change"] for e in ring.token_events()] == [3, -3]


def test_cordes_a_copy_shares_the_tokens_then_goes_its_own_way():
    ring = Ring().give(0, "Garrot").begin()
    copy = ring.state.clone()
    copy.apply(copy.decision().index_of("Play Garrot"))
    assert copy.counters.count(P2, "bleed") == 2 and ring.tokens(1, "bleed") == 0
    assert copy.clone().counters is copy.counters  # a copy shares the (unchanging) store
    again = ring.state.clone()
    again.apply(again.decision().index_of("Play Garrot"))
    assert again.counters == copy.counters  # the same answers give the same tokens


# ---------------------------------------------------------------------------
# BattleFight
# ---------------------------------------------------------------------------

BF_CARDS = """
== Accumulation ==
Concentration
Poser 2 jetons Charge

== Décharge Accumulée ==
Attaque
Blesser 1 pour chaque jeton Charge ; Retirer tous les jetons Charge

== Frappe Payée ==
Attaque
Retirer 2 jetons Charge ; Blesser 4

== Lame Saignante ==
Attaque
Blesser 1 ; Poser 1 jeton Saignement sur l'adversaire

== Garde Patiente ==
Défense
Si tu as au moins 2 jetons Charge : Bloquer autant que tes jetons Charge, sinon : Poser 1 jeton Charge

== Contagion ==
Rhétorique
[L'adversaire a] Poser 1 jeton Saignement ; Retirer jusqu'à 3 jetons Saignement de l'adversaire

== Sablier ==
Concentration
Poser 2 jetons Durée sur cette technique ; Au début de ton tour : Retirer 1 jeton Durée de cette technique ; Stable 1

== Sablier Piquant ==
Attaque
Poser 3 jetons Durée sur cette technique ; Si cette technique a au moins 3 jetons Durée : Blesser 1 pour chaque jeton Durée de cette technique
"""


class Arena:
    """A game of BattleFight with P1 to play its first turn, both decks three copies of every card (as tests/battlefight arrange it)."""

    def __init__(self) -> None:
        files = load_files(LANGUAGES["battlefight"])
        techniques = {c.name: c for f in files.card_files if f.kind == "cards" for c in f.cards}
        basics = {c.type: c for f in files.card_files if f.kind == "basics" for c in f.cards}
        document = read_document("scenario.atout", "BattleFight : cartes\n" + BF_CARDS, LANGUAGES)
        assert document.diagnostics == []
        techniques.update({c.name: c for c in document.node.cards})
        deck = DeckChoice("constructed", "all", tuple(sorted(techniques)) * 3)
        self.game = BattleFightGame(files.rules(), techniques, basics, (deck, deck), 0, files.digest())
        self.state = self.game.new_state()
        self.events: list[dict] = []

    def give(self, seat: int, *names: str) -> Arena:
        pile = self.state.seats[seat].pile
        for name in names:
            segment = next(s for s in pile.segments if any(self.state.name_of(c) == name for c in s))
            card = next(c for c in segment if self.state.name_of(c) == name)
            segment.remove(card)
            self.state.seats[seat].hand.append(card)
        pile.segments = [s for s in pile.segments if s]
        self.state._pending = None
        self.state.ask_turn(self.state.current)
        return self

    def choose(self, label: str) -> Arena:
        decision = self.state.decision()
        index = decision.index_of(label)
        assert index is not None, f"{label!r} is not among {decision.labels()}"
        self.events += self.state.apply(index)
        assert self.state.check_invariants() == []
        return self

    def play(self, seat: int, name: str) -> Arena:
        """`seat` plays `name` (its turn comes first: the other seat passes), then chance draws."""
        if self.state.current != seat:
            self.choose("Déplacement de base")
            if self.state.decision().kind == "move":
                self.choose("stay")
        self.give(seat, name).choose(name)
        while self.state.decision() is not None and self.state.decision().kind == "draw":
            self.choose(self.state.decision().labels()[0])
        return self

    def tokens(self, seat: int, name: str) -> int:
        return self.state.counters.count(counters.on_player(seat), name)

    def life(self, seat: int) -> int:
        return self.state.seats[seat].life


def test_battlefight_charges_gained_by_one_step_are_spent_by_another_as_the_damage():
    arena = Arena().play(0, "Accumulation")
    assert arena.tokens(0, "Charge") == 2
    assert "P1: +2 Charge tokens (2 in all)" in [bf_commentary.render(e).strip() for e in arena.events]
    arena.play(0, "Accumulation")
    assert arena.tokens(0, "charge") == 4
    life = arena.life(1)
    arena.play(0, "Décharge Accumulée")  # Blesser 1 pour chaque jeton Charge: 4 damage, then every charge spent
    assert arena.life(1) == life - 4 and arena.tokens(0, "charge") == 0
    assert [e["change"] for e in arena.events if e["e"] == "counters"] == [2, 2, -4]


def test_battlefight_removing_charges_is_a_cost_that_fails_the_technique_when_they_are_missing():
    arena = Arena()
    life = arena.life(1)
    arena.play(0, "Frappe Payée")  # no charge: Retirer 2 fails, no Blesser 4
    assert arena.life(1) == life
    assert any(e["e"] == "counters" and e.get("needed") == 2 for e in arena.events)
    arena.state.counters = counters.NO_COUNTERS.put(P1, "charge", 3)
    arena.play(0, "Frappe Payée")
    assert arena.life(1) == life - 4 and arena.tokens(0, "charge") == 1


def test_battlefight_a_token_on_the_opponent_a_condition_on_tokens_and_the_modifier():
    arena = Arena().play(0, "Lame Saignante")
    assert (arena.tokens(1, "Saignement"), arena.tokens(0, "Saignement")) == (1, 0)
    assert arena.state.view(1).tokens == (("player", 1, "saignement", 1),)
    assert "tokens: P2: 1 saignement" in arena.state.describe(viewer=1)
    arena.play(0, "Garde Patiente")  # fewer than 2 charges: sinon, Poser 1 jeton Charge
    assert arena.tokens(0, "charge") == 1
    arena.play(0, "Contagion")  # [L'adversaire a] Poser: on P2; then up to 3 of P2's removed
    assert arena.tokens(1, "saignement") == 0
    assert [e["change"] for e in arena.events if e["e"] == "counters" and e["name"] == "Saignement"] == [1, 1, -2]


def test_battlefight_tokens_on_a_technique_are_read_by_its_steps_and_its_power_and_leave_play_with_it():
    arena = Arena().play(0, "Sablier")
    (active,) = arena.state.actives
    on_it = counters.on_card(active.uid)
    assert arena.state.counters.count(on_it, "durée") == 2 and arena.tokens(0, "durée") == 0
    assert arena.state.view(1).tokens == (("card", active.uid, "duree", 2),)
    assert "tokens: Sablier of P1: 2 duree" in arena.state.describe()
    assert "P1: +2 Durée tokens on Sablier (2 in all)" in [bf_commentary.render(e).strip() for e in arena.events]
    arena.choose("Déplacement de base")  # P2's turn; then P1's starts: the power takes one token off
    if arena.state.decision().kind == "move":
        arena.choose("stay")
    assert arena.state.current == 0 and arena.state.counters.count(on_it, "durée") == 1
    arena.state.deactivate(active, "test")
    assert not arena.state.counters
    life = arena.life(1)
    arena.play(0, "Sablier Piquant")  # 3 tokens on it: Blesser 3; then it leaves play, and its tokens with it
    assert arena.life(1) == life - 3 and not arena.state.counters


def test_battlefight_a_game_whose_techniques_put_no_token_never_reads_them():
    shipped = load_files(LANGUAGES["battlefight"])
    deck = DeckChoice("constructed", "all", tuple(sorted(c.name for f in shipped.card_files if f.kind == "cards" for c in f.cards)) * 3)
    basics = {c.type: c for f in shipped.card_files if f.kind == "basics" for c in f.cards}
    plain = BattleFightGame(shipped.rules(), {c.name: c for f in shipped.card_files if f.kind == "cards" for c in f.cards}, basics, (deck, deck), 0, "")
    assert not plain.puts_tokens and Arena().game.puts_tokens  # a "Poser" in a block ("Si", "Quand") counts too
    quand = read_document("q.atout", "BattleFight : cartes\n== Q ==\nDéfense\nQuand tu es blessé : Poser 1 jeton Rage ; Stable 1\n", LANGUAGES).node.cards[0]
    assert BattleFightGame(shipped.rules(), {"Q": quand}, basics, (deck, deck), 0, "").puts_tokens


def test_battlefight_tokens_are_part_of_the_position_for_the_draw_by_repetition():
    arena = Arena()
    signature = arena.state.signature()
    arena.state.counters = counters.NO_COUNTERS.put(P1, "charge", 1)
    assert arena.state.signature() != signature and arena.state.signature()[:3] == signature
    arena.play(0, "Sablier")
    assert arena.state.signature()[3] == (("card", 0, "duree", 2), ("player", 0, "charge", 1))  # a technique's by its place in play


# ---------------------------------------------------------------------------
# The example cards: written back as read, played by bots, replayed
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game, file, write_card",
    [("cordes", "cordes/exemples/counters.atout", cordes_writing.write_card), ("battlefight", "battlefight/exemples/compteurs.atout", bf_writing.write_card)],
)
def test_the_example_cards_read_back_as_written(game, file, write_card):
    text = (CARDS_DIR / file).read_text(encoding="utf-8")
    document = read_document(file, text, LANGUAGES)
    assert document.diagnostics == []
    header = text.splitlines()[0]
    for card in document.node.cards:
        again = read_document("again.atout", f"{header}\n\n{write_card(card)}", LANGUAGES)
        assert again.diagnostics == [] and again.node.cards == [card]


def _bot_games(game: str, setup: dict, seeds: range) -> tuple[set[str], int]:
    """Seeded games of bots with the example set: every record replays to the same events; the token names seen and the games played."""
    engine = ENGINES[game]
    files = load_files(engine.language, [CARDS_DIR / game / "exemples"])
    built = engine.build(files, engine.setup_from_options(files, setup))
    names: set[str] = set()
    for seed in seeds:
        stream = io.StringIO()
        events: list[dict] = []
        bots = [engine.bots["heuristic" if (seed + i) % 4 == 0 else "random"](seeded(seed, f"P{i + 1}")) for i in range(2)]
        play_game(built, bots, seed, writer=RecordWriter(stream), on_event=events.append)
        record = parse_record(stream.getvalue())
        replayed = list(record.start or []) + [event for step in replay(record, engine, files) for event in step.events]
        assert replayed == events, seed
        names |= {e["name"].lower() for e in events if e["e"] == "counters"}
    return names, len(seeds)


def test_bots_play_the_cordes_examples_with_tokens_and_their_records_replay():
    names, _ = _bot_games("cordes", {"deck": (), "rules": None, "boxer": ("Boucher", "Ali")}, range(16))
    assert {"bleed", "charge"} <= names


def test_bots_play_the_battlefight_examples_with_tokens_and_their_records_replay():
    names, _ = _bot_games("battlefight", {"deck": ("random", "random")}, range(40))
    assert {"charge", "saignement"} <= names
