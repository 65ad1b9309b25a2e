"""Dans les Cordes's card language: its files, grammar, transformer, constructs, rules and checks."""

from atout.interpreter.language.game import FileKind, GameLanguage, rules_kind
from atout.interpreter.language.hints import teach

from . import ast, blows, checks, conditions, counters, durations, effects, moves, powers, writing
from .rules import CordesRules
from .transformer import CordesTransformer

#: What each construct is for, with examples in the game's words: the hints a refused line gets.
TEACHINGS = (
    teach("to make a player lose or gain life", "-1 life", "-1 life to the opponent", "+1 life", constructs=("life",), also=("lose life", "gain life", "heal life", "deal damage to the opponent")),
    teach("to make a player lose or gain energy", "-1 energy", "-1 energy to the opponent", "+2 energy", constructs=("energy",), also=("lose energy", "gain energy", "steal energy from the opponent")),
    teach("to draw cards", "+1 card", "+2 cards", constructs=("draw",), also=("draw cards",)),
    teach("to make a player discard cards", "-1 card", "-1 card to the opponent, their choice, face down", "-1 card to the opponent, at random", constructs=("discard",), also=("discard cards",)),
    teach("to count so much for each thing", "-1 energy", "-1 energy to the opponent for each card in your spittoon", constructs=("for_each", "cards_in")),
    teach("to give as much as a number of the game", "+energy", "+energy, as much as the opponent's life", "+cards, as many as the round", constructs=("as_many_as", "life_of", "round_number")),
    teach(
        "to act only when a condition holds",
        "if",
        "if your energy is at least 3: -2 life to the opponent; otherwise: +1 energy",
        "if the round is 3: -2 life to the opponent; otherwise: -1 life to the opponent",
        constructs=("conditional", "compare", "energy_of"),
    ),
    teach("to act when a boxer has less or more than the other", "if", "if you have less life than the opponent: -2 life to the opponent; otherwise: -1 life to the opponent", constructs=("has",)),
    teach("to act when two conditions hold", "if", "if the cards in the ring are at least 3 and the round is at least 2: -1 life to the opponent", constructs=("all_of",)),
    teach(
        "to act when one of two conditions holds", "if", "if the opponent's energy is more than 4 or the cards in the opponent's hand are at least 6: -2 energy to the opponent", constructs=("any_of",)
    ),
    teach("to act when a condition does not hold", "if", "if not your life is more than 2: -3 life to the opponent; otherwise: -1 life to the opponent", constructs=("not_",)),
    teach("to take cards from a hand, a spittoon or the ring", "take", "take 1 card from the opponent's hand, at random", "take 1 card from your spittoon", constructs=("take",)),
    teach("to look at the top cards of the draw pile", "look", "look at the top 3 cards of the draw pile, take 1, the others under the draw pile", constructs=("look",)),
    teach(
        "to give a boxer a power that acts when something happens",
        "When",
        "When you lose life, once per turn: -1 life to the opponent",
        "At the start of your turn, once per round: +1 energy",
        "When your blow lands, once per turn: -1 energy to the opponent",
        "When the GONG rings: +1 life",
        "At the end of your turn: +1 card",
        "At the start of the opponent's turn: -1 energy to the opponent for each bleed token on the opponent",
        constructs=("power",),
        also=("when you dodge a blow", "when you block a blow"),
    ),
    teach(
        "to put tokens on a boxer (bleeding, charges…)",
        "put",
        "put 1 bleed token on the opponent",
        "put 2 charge tokens",
        constructs=("put_tokens",),
        also=("add a bleed counter to the opponent", "give the opponent a token", "gain a charge"),
    ),
    teach(
        "to remove tokens from a boxer",
        "remove",
        "remove 1 bleed token from the opponent",
        "remove up to 2 charge tokens",
        "remove all bleed tokens from the opponent",
        constructs=("remove_tokens",),
        also=("spend a charge", "remove a counter"),
    ),
    teach(
        "to count a boxer's tokens",
        "for each",
        "-1 energy to the opponent for each bleed token on the opponent",
        "+energy, as many as the charge tokens on you",
        "if the charge tokens on you are at least 3: +1 energy",
        constructs=("tokens_on",),
    ),
    teach("to act when a boxer has tokens", "if", "if the opponent has at least 2 bleed tokens: -3 life to the opponent; otherwise: put 1 bleed token on the opponent", constructs=("has_tokens",)),
    teach(
        "to keep effects for the start of a later turn (next turn, delayed)",
        "At the start of your next turn",
        "At the start of your next turn: +2 energy",
        "At the start of the opponent's next turn: -1 life to the opponent and -1 energy to the opponent",
        constructs=("delayed",),
        also=("next turn: +2 energy", "on the opponent's next turn: -1 life to the opponent", "delay an effect"),
    ),
    teach(
        "to change what attacks cost or what blows deal for this turn only or until the end of your next turn",
        "This turn only",
        "This turn only: your attacks cost 1 less",
        "Until the end of your next turn: the opponent's attacks cost 1 more",
        "This turn only: your blows deal 1 more damage",
        constructs=("lasting", "attack_cost", "blow_damage"),
        also=("until your next turn", "for this turn", "your attacks cost less this turn", "your blows deal more damage"),
    ),
    teach("to block an attack and lose less life", "Against an attack", "Against an attack you lose 1 life", constructs=("block",)),
    teach("to dodge an attack", "Against an attack", 'Against an attack of type "Jab" or "Cross" you dodge the blow', constructs=("dodge",)),
    teach("to turn an attack back on the attacker", "Against an attack", "Against an attack you turn the blow back", constructs=("turn_back",)),
    teach("to take an attack and strike back", "Against an attack", "Against an attack you take the blow", constructs=("take_the_blow",)),
    teach(
        "to make a blow that no defense or riposte can counter",
        "Cannot be countered",
        "Cannot be countered",
        constructs=("cannot_be_countered",),
        also=("can't be countered", "cannot be blocked", "the opponent cannot counter it"),
    ),
    teach("to riposte with effects of an attack", "As an attack", "As an attack: -1 life to the opponent"),
    teach(
        "to say the kind of card, its cost and its copies",
        "kind · cost · copies",
        "ATTACK · cost 2 · 5 copies",
        "DEFENSE · cost 1",
        "RIPOSTE · cost 2",
        "RECOVERY · cost 0 · 4 copies",
        "CHARACTER",
        "GONG",
    ),
)

LANGUAGE: GameLanguage[CordesRules, ast.Card] = GameLanguage(
    name="cordes",
    title="Dans les Cordes",
    header_names=("Dans les Cordes",),
    grammar="cordes.lark",
    kinds=(
        FileKind("cards", ("cards",), "card", "card"),
        rules_kind("rules"),
    ),
    transformer=CordesTransformer,
    rules_model=CordesRules,
    check_set=checks.check_set,
    write_card=writing.write_card,
    constructs=(*effects.CONSTRUCTS, *conditions.CONSTRUCTS, *moves.CONSTRUCTS, *powers.CONSTRUCTS, *blows.CONSTRUCTS, *counters.CONSTRUCTS, *durations.CONSTRUCTS),
    codes={"E410": "a card text that can be seen never to end (a power that fires itself with no limit)"},
    teachings=TEACHINGS,
)
