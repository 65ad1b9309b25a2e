"""Duel de dragons' card language: its files, grammar, transformer, rules and checks."""

from atout.interpreter.language.game import FileKind, GameLanguage, collection_kind, rules_kind
from atout.interpreter.language.hints import teach

from . import ast, checks, conditions, effects, moves, powers, writing
from .rules import DragonsRules
from .transformer import DragonsTransformer

#: What each construct is for, with examples in the game's words: the hints a refused line gets.
TEACHINGS = (
    teach(
        "to add to a statistic when a condition holds",
        "Pouvoir :",
        "Pouvoir : si la carte adverse est un Dragon : +20 en Savoir.",
        "Pouvoir : si la manche demande la Puissance : +15 au total.",
        constructs=("si", "demande"),
    ),
    teach("to add to a statistic or to the round's total", "Pouvoir :", "Pouvoir : +15 en Puissance contre un Personnage.", "Pouvoir : +5 au total.", constructs=("bonus", "pouvoir")),
    teach(
        "to add so much for each card or point",
        "Pouvoir :",
        "Pouvoir : +3 en Savoir pour chaque carte de ta réserve.",
        "Pouvoir : +5 au total pour chaque point de l'adversaire.",
        constructs=("pour_chaque", "zone"),
        also=("par carte de ta main", "par point que tu as"),
    ),
    teach("to add as much as a statistic of a card", "Pouvoir :", "Pouvoir : +autant en Savoir que le Savoir de la carte adverse.", constructs=("autant_que", "statistique_de_carte")),
    teach(
        "to act from a given round on",
        "Pouvoir :",
        "Pouvoir : si le numéro de la manche vaut au moins 4 : +15 au total ; sinon : -5 au total.",
        constructs=("comparaison", "numero_de_manche"),
        also=("si c'est la manche", "dès la manche"),
    ),
    teach(
        "to act on the points of the players",
        "Pouvoir :",
        "Pouvoir : si tes points valent moins que les points de l'adversaire : +10 au total.",
        constructs=("points",),
        also=("si l'adversaire a plus de points que toi", "si tu as moins de points que l'adversaire"),
    ),
    teach(
        "to act on the number of cards of a hand or reserve",
        "Pouvoir :",
        "Pouvoir : au début de la manche : si le nombre de cartes de ta main vaut au plus 4 : mets 1 carte au hasard de ta réserve dans la main.",
        constructs=("nombre_de_cartes",),
        also=("si tu as plus de cartes en main que l'adversaire",),
    ),
    teach("to act against a kind or rarity of card", "Pouvoir :", "Pouvoir : si la carte adverse est une carte Légendaire : +10 au total.", constructs=("est_un",)),
    teach(
        "to join conditions",
        "Pouvoir :",
        "Pouvoir : si la manche demande le Charisme et non la carte adverse est un Dragon : +10 au total.",
        "Pouvoir : si la carte adverse est un Dragon ou la carte adverse est une carte Rare : +10 au total.",
        constructs=("et", "ou", "non"),
    ),
    teach(
        "to act when this card wins a round",
        "Pouvoir : quand cette carte gagne une manche :",
        "Pouvoir : quand cette carte gagne une manche : mets 1 carte au hasard de la réserve de l'adversaire hors du duel.",
        constructs=("quand_gagne",),
    ),
    teach(
        "to act when this card loses a round",
        "Pouvoir : quand cette carte perd une manche :",
        "Pouvoir : quand cette carte perd une manche : cette carte récupère 10 sur chaque statistique.",
        constructs=("quand_perd",),
    ),
    teach("to act at the start of each round", "Pouvoir : au début de la manche :", "Pouvoir : au début de la manche : mets 1 carte au hasard de ta réserve dans la main.", constructs=("au_debut",)),
    teach(
        "to act only so many times per duel",
        "Pouvoir :",
        "Pouvoir : quand cette carte gagne une manche, une fois par duel : marque 1 point.",
        constructs=("fois_par_duel",),
        also=("une fois par partie",),
    ),
    teach("to act only so many times per round", "Pouvoir :", "Pouvoir : au début de la manche, une fois par manche : +5 au total.", constructs=("fois_par_manche",)),
    teach(
        "to score points, or take them from the opponent",
        "Pouvoir :",
        "Pouvoir : quand cette carte gagne une manche : marque 1 point.",
        "Pouvoir : quand cette carte gagne une manche : l'adversaire perd 1 point.",
        constructs=("marque",),
    ),
    teach(
        "to lower or restore a card's statistics for the rest of the duel",
        "Pouvoir :",
        "Pouvoir : quand cette carte perd une manche : la carte adverse perd 10 sur chaque statistique.",
        "Pouvoir : quand cette carte perd une manche : cette carte récupère 10 en Puissance.",
        constructs=("change_statistique",),
    ),
    teach(
        "to make this card win the round when the totals are equal",
        "Pouvoir :",
        "Pouvoir : cette carte gagne les égalités.",
        constructs=("gagne_egalites",),
        also=("gagne en cas d'égalité", "remporte les égalités", "l'emporte à égalité"),
    ),
    teach(
        "to lower the opposing card for this round only",
        "Pouvoir :",
        "Pouvoir : la carte adverse perd 15 en Puissance pour cette manche.",
        "Pouvoir : la carte adverse perd 5 sur chaque statistique pour cette manche.",
        constructs=("change_statistique",),
        also=("malus à la carte adverse cette manche", "-10 en Puissance à la carte adverse"),
    ),
    teach(
        "to change another card of your hand",
        "Pouvoir :",
        "Pouvoir : quand cette carte gagne une manche : une autre carte de ta main récupère 10 sur chaque statistique.",
        constructs=("change_statistique",),
        also=("une carte de ta main récupère", "soigne une autre carte de ta main"),
    ),
    teach(
        "to act when this card is swapped for a card of the reserve",
        "Pouvoir : quand cette carte est échangée :",
        "Pouvoir : quand cette carte est échangée : marque 1 point.",
        constructs=("quand_echangee",),
        also=("quand cette carte quitte la main", "quand tu échanges cette carte"),
    ),
    teach(
        "to choose the statistics of the round",
        "Pouvoir :",
        "Pouvoir : au début de la manche, une fois par duel : choisis les statistiques de la manche.",
        constructs=("choisis_statistiques",),
        also=("tu choisis les statistiques", "choisis la statistique de la manche"),
    ),
    teach("to give more exchanges with the reserve", "Pouvoir :", "Pouvoir : +1 échange avec la réserve.", constructs=("echanges",)),
    teach(
        "to move cards between the hands, the reserves and out of the duel",
        "Pouvoir :",
        "Pouvoir : quand cette carte gagne une manche : mets 1 carte au hasard de la main de l'adversaire dans la réserve.",
        "Pouvoir : quand cette carte perd une manche : mets cette carte dans la réserve.",
        constructs=("mets",),
        also=("défausser une carte", "l'adversaire défausse une carte", "piocher une carte de ta réserve"),
    ),
    teach(
        "to look at the first cards of a reserve",
        "Pouvoir :",
        "Pouvoir : au début de la manche, une fois par duel : regarde les 3 premières cartes de ta réserve et mets-en 1 dans la main.",
        constructs=("regarde",),
    ),
    teach("to say how much this card tires", "Fatigue", "Fatigue 5", constructs=("fatigue_propre",)),
    teach("to give the card its four statistics", "Puissance", "Puissance 48 · Ruse 30 · Savoir 18 · Charisme 26", constructs=("statistiques", "statistique")),
    teach("to say the card's kind and rarity", "kind · rarity", "Dragon · Commune", "Personnage · Rare"),
)

LANGUAGE = GameLanguage(
    name="dragons",
    title="Duel de dragons",
    header_names=("Duel de dragons",),
    grammar="dragons.lark",
    kinds=(
        FileKind("cards", ("cartes",), "carte", "card"),
        collection_kind("collection"),
        rules_kind("règles"),
    ),
    transformer=DragonsTransformer,
    rules_model=DragonsRules,
    check_set=checks.check_set,
    check_list=checks.check_list,
    write_card=writing.write_card,
    constructs=(ast.Statistique, ast.Statistiques) + conditions.CONSTRUCTS + powers.CONSTRUCTS + effects.CONSTRUCTS + moves.CONSTRUCTS,
    codes={
        "E350": "a bonus, a change for this round or winning ties in a power that does not work when the cards are revealed",
        "E351": "a power that speaks of the other player's card when no card is played",
        "E352": "a move or a look that moves nothing (from a zone to itself, a hand looked at as a pile)",
        "E353": "a choice of the round's statistics in a power that works once the cards are chosen",
    },
    teachings=TEACHINGS,
)
