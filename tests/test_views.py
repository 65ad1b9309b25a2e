"""What each game lets a player see, checked against its rulebook at every decision of whole games.

For every game: the view a bot gets (`state.view(seat)`) and the text a person
sees at the prompt (`state.describe(seat)`) and in the commentary
(`game.render(event, seat)`) hold the seat's own hand and every public zone,
and nothing the rulebook hides (the other hand, a card chosen in secret).
"""

from __future__ import annotations

import re

import pytest

from atout.interpreter import load_game
from atout.interpreter.engine.decision import seat_name
from atout.interpreter.engine.play import play_game, seeded


def each_decision(loaded, seed: int, check) -> int:
    """Play a game between random bots, calling `check(state, seat)` before every player's decision."""
    bots = [loaded.engine.bots["random"](seeded(seed, f"P{s + 1}")) for s in (0, 1)]
    count = 0

    def on_decision(state, decision, index):
        nonlocal count
        if decision.player >= 0:
            check(state, decision.player)
            count += 1

    play_game(loaded.game, bots, seed, on_decision=on_decision)
    return count


def seat_line(text: str, seat: int) -> str:
    """The line of `describe` about a seat."""
    return next(line for line in text.split("\n") if line.startswith(f"  {seat_name(seat)}"))


# ---------------------------------------------------------------------------
# BattleFight: "Ta pioche (toujours face cachée)", "Ta défausse (toujours face visible)",
# "chaque défausse est consultable à tout moment"; a sealed deck is kept in private.
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_battlefight_shows_the_discards_and_hides_the_other_hand_and_deck(seed):
    loaded = load_game("battlefight", deck=["random", "sealed"])

    def check(state, me):
        them = 1 - me
        view = state.view(me)
        assert [t.name for t in view.hand] == [state.name_of(c) for c in state.seats[me].hand]
        assert view.hand_sizes[them] == len(state.seats[them].hand)
        assert [[t.name for t in d] for d in view.discards] == [[state.name_of(c) for c in s.discard] for s in state.seats]
        assert view.pile_sizes == tuple(len(s.pile) for s in state.seats)
        text = state.describe(me)
        mine, theirs = seat_line(text, me), seat_line(text, them)
        assert re.search(rf"hand {len(state.seats[them].hand)}, pile", theirs)  # counted, never named
        assert f"hand {len(state.seats[me].hand)} (" in mine
        for seat, line in ((me, mine), (them, theirs)):
            for card in state.seats[seat].discard:
                assert state.name_of(card) in line.split("discard", 1)[1]

    assert each_decision(loaded, seed, check) > 20
    played = load_game("battlefight", deck=["random", "sealed"])
    events = []
    play_game(played.game, [played.engine.bots["random"](s) for s in (1, 2)], seed, on_event=events.append)
    decks = [e for e in events if e["e"] == "deck"]
    assert [d["deck"] for d in decks] == ["random", "sealed"]
    for deck in decks:
        owner, other = deck["player"], 1 - deck["player"]
        assert played.game.render(deck, other) == f"{seat_name(owner)} plays a {deck['deck']} deck (20 cards)"
        assert all(name in played.game.render(deck, owner) for name in deck["cards"])
        assert all(name in played.game.render(deck) for name in deck["cards"])


# ---------------------------------------------------------------------------
# Duel pour Cardia: cards are chosen face down and revealed together; played cards stay in
# play with their seals and tokens; hands are hidden; the discards are counted as played cards.
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "lieu"), [(1, None), (2, "Puits sans Fond")])
def test_cardia_hides_the_other_hand_and_the_secret_choice(seed, lieu):
    loaded = load_game("cardia", lieu=lieu, protecteurs=True)
    secret_seen = []

    def check(state, me):
        them = 1 - me
        view = state.view(me)
        assert view.hand_ids == tuple(sorted(state.seats[me].hand))
        assert view.hand_sizes[them] == len(state.seats[them].hand)
        assert view.seals == tuple(state.seals())
        assert [tuple(s.id if s else None for s in enc.slots) for enc in view.line] == [tuple(e.cards) for e in state.line]
        assert view.discards == tuple(tuple(state.cards[c] for c in s.discard) for s in state.seats)
        protecteurs = state.game.protecteurs
        assert view.protecteur == (protecteurs[state.protector_now] if state.protector_now is not None else None)
        assert view.next_protecteur == (protecteurs[state.upcoming] if state.upcoming is not None else None)
        hidden = state.chosen[them]
        if hidden is not None and state.shown[them] is None:
            secret_seen.append(state.names[hidden])
            assert view.shown is None
        text = state.describe(me)
        theirs = seat_line(text, them)
        assert re.match(rf"  {seat_name(them)}: hand {len(state.seats[them].hand)}, pile", theirs)
        if hidden is not None and state.shown[them] is None:
            assert theirs.endswith("has chosen a card")
        assert f"seals P1 {state.seals()[0]}, P2 {state.seals()[1]}" in text
        for seat in (0, 1):
            for card in state.seats[seat].discard:
                assert state.names[card] in seat_line(text, seat).split("discard:", 1)[1]
        hand_lines = [line for line in text.split("\n") if line.startswith("    ") and " — " in line]
        decision = state.decision()
        offered = set(decision.labels()) if decision.player == me else set()  # their options say what they do
        assert [line.split()[0] for line in hand_lines] == [state.names[c].split()[0] for c in sorted(state.seats[me].hand, key=state.printed.__getitem__) if state.names[c] not in offered]

    assert each_decision(loaded, seed, check) > 10
    assert secret_seen  # P2 chose while P1's card was hidden


# ---------------------------------------------------------------------------
# Dans les Cordes: hands hidden; the spittoon's spat cards face up, face-down ones counted.
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_cordes_hides_the_other_hand_and_face_down_cards(seed):
    loaded = load_game("cordes")

    def check(state, me):
        them = 1 - me
        view = state.view(me)
        assert sorted(view.hand, key=id) == sorted((state.game.cards[state.names[c]] for c in state.seats[me].hand), key=id)
        assert view.hand_sizes[them] == len(state.seats[them].hand)
        for seat in (0, 1):
            up = sorted(state.names[c] for c in state.seats[seat].spittoon if c not in state.seats[seat].face_down)
            assert sorted(view.spat[seat]) == up
        text = state.describe(me)
        lines = text.split("\n")
        start = lines.index(seat_line(text, them))
        assert not lines[start + 1].startswith("      ")  # no card of the other hand listed
        mine = lines.index(seat_line(text, me))
        listed = [line.split(" — ")[0].split(" ×")[0].strip() for line in lines[mine + 1 :] if line.startswith("      ")]
        assert set(listed) == {state.names[c] for c in state.seats[me].hand}

    assert each_decision(loaded, seed, check) > 10


# ---------------------------------------------------------------------------
# Duel de dragons: "choisit en secret la carte qu'il veut jouer", "les deux cartes sont révélées ensemble".
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_dragons_hides_the_other_hand_and_reserve(seed):
    loaded = load_game("dragons")

    def check(state, me):
        them = 1 - me
        view = state.view(me)
        assert len(view.hand) == len(state.hands[me]) and view.hand_size == len(state.hands[them])
        assert len(view.reserve) == len(state.reserve[me])
        text = state.describe(me)
        theirs = seat_line(text, them)
        assert theirs == f"  {seat_name(them)}: {len(state.hands[them])} cards in hand, {len(state.reserve[them])} in reserve, " + theirs.split(" in reserve, ")[1]
        assert "hand:" not in theirs
        assert f"score P1 {state.score[0]}, P2 {state.score[1]}" in text
        seen = sorted(line.split(": ")[1] for line in text.split("\n") if line.startswith("    seen: "))
        assert seen == sorted(state.names[c] for c in state.seen[me])  # the other's revealed cards, no more
        assert [tuple(s) for s in view.seen] == list(state.seen[me].values())

    assert each_decision(loaded, seed, check) > 5


# ---------------------------------------------------------------------------
# The commentary a person at the terminal reads: events that move hidden cards name them
# to their owner only (and to nobody for a card that stays face down).
# ---------------------------------------------------------------------------

#: Per game, event kind → the fields naming hidden cards, and a test of whether this event hides them.
HIDDEN = {
    "battlefight": {"draw": ("card",), "deck": ("cards",)},
    "cardia": {"draw": ("card",)},
    "cordes": {"draw": ("card",), "coach": ("cards",), "lose_card": ("card",), "hand_limit": ("card",), "removed": ("card",)},
    "dragons": {"prepared": ("hand", "reserve"), "swap": ("out", "card")},
}


def hides(game: str, event: dict) -> bool:
    """Whether this event's cards are hidden from the other player (some kinds hide them only sometimes)."""
    if game == "battlefight" and event["e"] == "deck":
        return event["deck"] in ("random", "sealed")
    if game == "cordes" and event["e"] == "lose_card":
        return not event["spat"]
    return event["e"] in HIDDEN[game]


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("battlefight", {"deck": ["random", "sealed"]}),
        ("cardia", {"protecteurs": True}),
        ("cordes", {}),
        ("dragons", {}),
    ],
)
def test_the_commentary_names_hidden_cards_to_their_owner_only(game, options):
    loaded = load_game(game, **options)
    checked = 0
    for seed in (1, 2, 3):
        events: list[dict] = []
        bots = [loaded.engine.bots["random"](seeded(seed, f"P{s + 1}")) for s in (0, 1)]
        play_game(loaded.game, bots, seed, on_event=events.append)
        for event in events:
            if not hides(game, event):
                continue
            names = []
            for field in HIDDEN[game][event["e"]]:
                value = event[field]
                names += [value] if isinstance(value, str) else list(value)
            names = [str(n).split(":")[0].strip() for n in names if n]
            owner = event.get("player")
            for viewer in (0, 1):
                text = loaded.game.render(event, viewer)
                if viewer == owner and event["e"] != "removed":
                    assert all(name in text for name in names), (event, text)
                else:
                    assert not any(re.search(rf"\b{re.escape(name)}\b", text) for name in names), (event, text)
                    checked += 1
    assert checked > 10
