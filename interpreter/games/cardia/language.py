"""Duel pour Cardia's card language: its files, grammar, transformer, rules and checks."""

from atout.interpreter.language.game import FileKind, GameLanguage, rules_kind
from atout.interpreter.language.hints import teach

from . import abilities, ast, checks, conditions, effects, moves, persistent, rule_changes, targets, writing
from .rules import CardiaRules
from .transformer import CardiaTransformer

#: What each construct is for, with examples in the game's words: the hints a refused line gets.
TEACHINGS = (
    teach(
        "to raise or lower a card's influence this encounter",
        "Capacité instantanée :",
        "Capacité instantanée : +3 sur cette carte ; −3 sur une autre carte au choix",
        "Capacité instantanée : −3 sur la carte adverse",
        constructs=("modifier_influence", "cette_carte", "carte_adverse", "carte_au_choix"),
        also=("l'adversaire perd d'influence", "cette carte gagne d'influence"),
    ),
    teach(
        "to change the influence of several cards at once",
        "Capacité instantanée :",
        "Capacité instantanée : +1 sur chacune de tes cartes de la Guilde",
        "Capacité instantanée : −1 sur chacune des cartes adverses",
        constructs=("chacune_de_tes_cartes", "chacune_des_cartes_adverses"),
    ),
    teach(
        "to count so much for each seal or card",
        "Capacité instantanée :",
        "Capacité instantanée : +1 sur cette carte pour chaque sceau de l'adversaire",
        "Capacité instantanée : Piocher 1 carte pour chaque sceau de l'adversaire",
        constructs=("pour_chaque", "compte"),
    ),
    teach(
        "to discard a card in play",
        "Capacité instantanée :",
        "Capacité instantanée : Défausser la carte adverse",
        "Capacité instantanée : Défausser les deux cartes jouées",
        constructs=("defausser", "cartes_jouees"),
    ),
    teach("to take a card in play back into the hand", "Capacité instantanée :", "Capacité instantanée : Reprendre cette carte en main", constructs=("reprendre_en_main",)),
    teach(
        "to make a player discard cards from the hand",
        "Capacité instantanée :",
        "Capacité instantanée : L'adversaire défausse 1 carte de sa main au hasard",
        "Capacité instantanée : Défausser 1 carte de ta main ; Piocher 2 cartes",
        constructs=("defausser_main",),
    ),
    teach(
        "to draw cards",
        "Capacité instantanée :",
        "Capacité instantanée : Piocher 2 cartes",
        "Capacité instantanée, quand cette carte gagne : Piocher autant de cartes que l'adversaire a de sceaux",
        constructs=("piocher", "autant_de_cartes"),
    ),
    teach("to win the game at once", "Capacité instantanée :", "Capacité instantanée : Si tu as moins de sceaux que l'adversaire, Gagner la partie", constructs=("gagner_la_partie",)),
    teach("to remove a Persistant token", "Capacité instantanée :", "Capacité instantanée : Retirer un jeton Persistant adverse au choix ; Piocher 1 carte", constructs=("retirer_persistant",)),
    teach(
        "to give cards more or less influence while the card stays in play",
        "Capacité persistante :",
        "Capacité persistante : Tes cartes de la Dynastie ont +2 d'influence",
        "Capacité persistante : Cette carte a +4 d'influence",
        "Capacité persistante : Les cartes adverses de la Dynastie ont −2 d'influence",
        constructs=("influence_continue", "ta_carte", "tes_cartes", "cartes_adverses"),
    ),
    teach(
        "to stop the opponent's instant abilities", "Capacité persistante :", "Capacité persistante : Les capacités instantanées adverses n'agissent pas", constructs=("capacites_adverses_bloquees",)
    ),
    teach("to make the opponent play face up", "Capacité persistante :", "Capacité persistante : L'adversaire joue sa carte face visible", constructs=("joue_face_visible",)),
    teach("to draw more cards each turn", "Capacité persistante :", "Capacité persistante : Tu pioches 1 carte de plus", constructs=("pioche_en_plus",)),
    teach(
        "to make cards win ties",
        "Propriété :",
        "Propriété : Cette carte gagne les égalités",
        "Capacité persistante : Tes cartes de la Dynastie gagnent les égalités",
        constructs=("gagnent_egalites", "propriete"),
    ),
    teach(
        "to play cards face up",
        "Propriété :",
        "Propriété : Cette carte se joue face visible",
        "Capacité persistante : Les cartes adverses se jouent face visible",
        constructs=("se_jouent_face_visible",),
    ),
    teach(
        "to act only when a player has so many seals or cards",
        "Capacité instantanée :",
        "Capacité instantanée : Si tu as moins de sceaux que l'adversaire, Piocher 2 cartes",
        "Capacité instantanée : Si tu as au plus 1 carte en main, Piocher 2 cartes, sinon Piocher 1 carte",
        constructs=("si", "possession"),
    ),
    teach(
        "to act on the influence of a card",
        "Capacité instantanée :",
        "Capacité instantanée : Si l'influence de la carte adverse est au moins 10, −4 sur la carte adverse, sinon +2 sur cette carte",
        constructs=("influence_est", "influence_de"),
    ),
    teach("to act on the faction of a card", "Capacité instantanée :", "Capacité instantanée : Si la carte adverse est de la Guilde, +5 sur cette carte", constructs=("carte_est",)),
    teach(
        "to act when two conditions hold",
        "Capacité instantanée :",
        "Capacité instantanée : Si tu as au moins 2 sceaux et l'adversaire a plus de sceaux que toi, +3 sur cette carte et Piocher 1 carte",
        constructs=("et",),
    ),
    teach(
        "to act when one of two conditions holds",
        "Capacité instantanée :",
        "Capacité instantanée : Si la carte adverse est de la Guilde ou la carte adverse est de la Rébellion, −3 sur la carte adverse",
        constructs=("ou",),
    ),
    teach("to act unless a condition holds", "Capacité instantanée :", "Capacité instantanée : Sauf si tu as au moins 3 sceaux, −3 sur la carte adverse", constructs=("sauf_si",)),
    teach(
        "to move cards between hands, piles and discards",
        "Capacité instantanée :",
        "Capacité instantanée : Prendre 1 carte de la main adverse au hasard",
        "Capacité instantanée : Prendre 1 carte de ta main sous ta pioche ; Piocher 2 cartes",
        constructs=("prendre",),
    ),
    teach("to look at the top cards of a pile", "Capacité instantanée :", "Capacité instantanée : Regarder les 3 premières cartes de ta pioche et en prendre 1 en main", constructs=("regarder",)),
    teach("to swap a card in play with one of the hand", "Capacité instantanée :", "Capacité instantanée : Échanger ta carte avec une carte de ta main", constructs=("echanger",)),
    teach("to copy another card's ability", "Capacité instantanée :", "Capacité instantanée : Copier la capacité de la carte adverse", constructs=("copier",)),
    teach(
        "to act only when this card wins or loses",
        "Capacité instantanée, quand cette carte gagne :",
        "Capacité instantanée, quand cette carte gagne : Piocher 1 carte",
        constructs=("quand_cette_carte",),
    ),
    teach(
        "to act only so many times per duel",
        "Capacité instantanée, une fois par duel :",
        "Capacité instantanée, 2 fois par duel : −2 sur la carte adverse ; +1 sur cette carte",
        constructs=("fois_par_duel",),
        also=("une fois par partie",),
    ),
    teach(
        "to change how many seals, cards or draws the game has",
        "Règle :",
        "Règle : Il faut 6 sceaux pour gagner",
        "Règle : Chacun pioche 2 cartes à la fin du tour",
        constructs=("nombre_de_la_regle",),
        also=("chaque joueur commence avec cartes en main",),
    ),
    teach("to change who wins a tie", "Règle :", "Règle : En cas d'égalité, le joueur qui a le moins de sceaux gagne la rencontre", constructs=("en_cas_d_egalite",)),
    teach("to win in another way too", "Règle :", "Règle : Victoire aussi avec 3 rencontres gagnées d'affilée", constructs=("victoire_aussi",)),
    teach("to reshuffle the discard when the draw pile is empty", "Règle :", "Règle : La défausse se remélange une fois quand la pioche est vide", constructs=("defausse_remelangee",)),
    teach("to say the card's set, faction and influence", "set · faction · influence", "Paquet II · Rébellion · influence 1"),
    teach("to give every card of a faction more influence", "Règle :", "Règle : Les cartes de l'Académie ont +1 d'influence", constructs=("influence_des_cartes",)),
)

LANGUAGE: GameLanguage[CardiaRules, ast.Personnage] = GameLanguage(
    name="cardia",
    title="Duel pour Cardia",
    header_names=("Duel pour Cardia", "Cardia"),
    grammar="cardia.lark",
    kinds=(
        FileKind("cards", ("cartes",), "carte", "card"),
        rules_kind("règles"),
    ),
    transformer=CardiaTransformer,
    rules_model=CardiaRules,
    check_set=checks.check_set,
    write_card=writing.write_card,
    constructs=(targets.CONSTRUCTS + effects.CONSTRUCTS + persistent.CONSTRUCTS + conditions.CONSTRUCTS + moves.CONSTRUCTS + abilities.CONSTRUCTS + rule_changes.CONSTRUCTS),
    teachings=TEACHINGS,
    codes={
        "E360": "an ability that copies its own ability (it would copy itself for ever)",
        "E361": "a move of cards from a zone to that same zone",
        "E362": "more cards taken than looked at",
        "E363": "an exchange of a card in play that is not the player's with the player's hand",
        "E364": "an ability that says twice when it acts, or twice how often",
    },
)
