"""BattleFight's card language: its files, grammar, transformer, rules and checks."""

from functools import partial

from atout.interpreter.language.game import FileKind, GameLanguage, deck_kind, rules_kind
from atout.interpreter.language.hints import teach

from . import ast, checks, conditions, counters, durations, moves, powers, quantities, writing
from .rules import BattleFightRules
from .transformer import BattleFightTransformer

#: A teaching of one step of a technique's line (`Corps à Corps ; Blesser 4`).
step = partial(teach, unit="step")

#: What each construct is for, with examples in the game's words: the hints a refused line gets.
TEACHINGS = (
    step("to deal damage to the opponent", "Blesser", "Corps à Corps ; Défausser 1 ; Blesser 4", constructs=("blesser",), also=("infliger des dégâts", "faire des dégâts à l'adversaire")),
    step("to hurt yourself as a cost", "Se Blesser", "Corps à Corps ; Se Blesser 2 ; Blesser 5", constructs=("se_blesser",)),
    step("to block damage", "Bloquer", "Défausser 1 ; Bloquer 6", constructs=("bloquer",), also=("bloquer des dégâts", "parer des dégâts")),
    step("to draw cards", "Piocher", "Piocher 2", "Distance 3 ; Piocher 3", constructs=("piocher",)),
    step("to discard cards as a cost", "Défausser", "Corps à Corps ; Défausser 2 ; Pousser 2", constructs=("defausser",)),
    step("to make a player discard only the cards they have", "Si Possible Défausser", "Défausser 1 ; [L'adversaire a] Si Possible Défausser 2", constructs=("si_possible_defausser",)),
    step("to push the opponent away", "Pousser", "Corps à Corps ; Pousser 1 ; Se Déplacer 1", constructs=("pousser",), also=("repousser l'adversaire", "éloigner l'adversaire")),
    step("to move on the board", "Se Déplacer", "Défausser 1 ; Se Déplacer 4", constructs=("se_deplacer",), also=("avancer de 2 cases", "reculer de 2 cases")),
    step("to act only when next to the opponent", "Corps à Corps", "Corps à Corps ; Blesser 1", constructs=("corps_a_corps",)),
    step("to act only from a distance", "Distance", "Distance 3 ; Défausser 1 ; Blesser 3", constructs=("distance",)),
    step("to play another technique at once", "Rejouer", "Piocher 1 ; Rejouer", constructs=("rejouer",)),
    step("to destabilise a card in play", "Déstabiliser", "Déstabiliser ; Piocher 1", constructs=("destabiliser",)),
    step("to keep a card in play for some turns", "Stable", "Protection +1 ; Stable 1", "Force +2 ; Stable 2", constructs=("stable",)),
    step("to raise or lower a player's Force while the card is in play", "Force", "Force +1 ; Stable 1", constructs=("force",)),
    step("to raise or lower a player's Protection while the card is in play", "Protection", "Protection +2 ; Vitesse −1 ; Stable 2", constructs=("protection",)),
    step("to raise or lower a player's Vitesse while the card is in play", "Vitesse", "Vitesse +1 ; Stable", constructs=("vitesse",)),
    step("to raise or lower a player's Charme while the card is in play", "Charme", "Charme +2 ; Stable 1", constructs=("charme",)),
    step(
        "to forbid a kind of technique",
        "S'Empêcher",
        "[L'adversaire a] S'Empêcher Défense ; Stable 1",
        "Force +2 ; S'Empêcher Défense ; Stable 2",
        constructs=("s_empecher",),
        also=("empêcher l'adversaire de jouer",),
    ),
    step("to forbid playing cards", "S'Empêcher Carte", "Défausser 1 ; [L'adversaire a] S'Empêcher Carte ; Stable 3", constructs=("s_empecher_carte",)),
    step(
        "to make the opponent do it",
        "[L'adversaire a]",
        "[L'adversaire a] Se Déplacer 1 ; Corps à Corps ; Pousser 1",
        constructs=("l_adversaire_a",),
        also=("l'adversaire pioche", "l'adversaire se déplace", "l'adversaire défausse"),
    ),
    step("to make both players do it", "Tout le monde a", "Corps à Corps ; Tout le monde a Blesser 3", constructs=("tout_le_monde_a",), also=("les deux joueurs", "chaque joueur")),
    step(
        "to act only when a condition holds",
        "Si",
        "Si ta vie est inférieure à 8 : Bloquer 4, sinon : Corps à Corps puis Blesser 2",
        "Si la vie de l'adversaire est d'au plus 6 : Blesser 4, sinon : Blesser 1 puis Piocher 1",
        constructs=("si", "comparer", "vie"),
    ),
    step(
        "to act only at some distance",
        "Si",
        "Si la distance est d'au plus 1 : Se Déplacer 3, sinon : Piocher 1",
        "Si la distance est de 1 : Blesser 2 puis Pousser 1, sinon : Se Déplacer 2",
        constructs=("la_distance",),
        also=("si l'adversaire est à distance",),
    ),
    step("to act on the number of cards of a hand or pile", "Si", "Si le nombre de cartes de ta main est d'au plus 1 : Piocher 3, sinon : Piocher 1", constructs=("cartes",)),
    step(
        "to act when a player has less or more than the other",
        "Si",
        "Si tu as moins de vie que l'adversaire : Force +2, sinon : Force +1 ; Stable 2",
        "Si tu as plus de cartes en main que l'adversaire : Bloquer 3, sinon : Piocher 1 puis Bloquer 1",
        constructs=("tu_as",),
    ),
    step("to act when something is not so", "Si", "Si la distance n'est pas de 1 et ta vie est d'au moins 5 : Se Déplacer 2, sinon : Piocher 1", constructs=("n_est_pas", "et")),
    step(
        "to act when one of two conditions holds",
        "Si",
        "Si tu as moins de cartes en main que l'adversaire ou la vie de l'adversaire est supérieure à 15 : Piocher 1, sinon : Déstabiliser",
        constructs=("ou",),
    ),
    step(
        "to count so much for each card or square",
        "Blesser",
        "Corps à Corps ; Défausser 1 ; Blesser 1 pour chaque carte de ta main",
        "Distance 3 ; Défausser 1 ; Blesser 1 pour chaque case de distance",
        constructs=("pour_chaque",),
    ),
    step(
        "to count as much as a number of the game",
        "Bloquer",
        "Corps à Corps ; Blesser autant que tes points de dégâts",
        "Défausser 2 ; Bloquer autant que tes points de dégâts",
        constructs=("autant_que", "degats"),
    ),
    step(
        "to take cards from a hand, a pile or a discard",
        "Prendre",
        "Défausser 1 ; Prendre 1 carte de la main de l'adversaire au hasard",
        "Prendre 1 carte parmi les 3 premières de ta pioche",
        constructs=("prendre",),
    ),
    step(
        "to act when something happens while the card is in play",
        "Quand",
        "Protection +1 ; Une fois par tour, quand tu es blessé : Piocher 1 ; Stable 2",
        "Bloquer 1 ; Quand tu es poussé : Se Déplacer 1 ; Stable 1",
        "Au début de ton tour : Se Déplacer 1 ; Stable 1",
        constructs=("quand",),
    ),
    step(
        "to keep steps for the start of a later turn (next turn, delayed)",
        "Au début de ton prochain tour",
        "Corps à Corps ; Blesser 1 ; Au début de ton prochain tour : Blesser 2",
        "Au début du prochain tour de l'adversaire : Si Possible Défausser 1 puis Blesser 1",
        constructs=("differe",),
        also=("au prochain tour : Blesser 2", "plus tard", "au tour suivant"),
    ),
    step(
        "to give a bonus until the end of this turn or of your next turn",
        "Jusqu'à la fin du tour",
        "Jusqu'à la fin du tour : Force +2 ; Corps à Corps ; Blesser 2",
        "Bloquer 1 ; Jusqu'à la fin de ton prochain tour : Protection +2",
        constructs=("jusqu_a",),
        also=("pour ce tour : Force +2", "ce tour-ci seulement", "jusqu'à ton prochain tour"),
    ),
    step(
        "to put tokens on a player (charges, bleeding…)",
        "Poser",
        "Poser 2 jetons Charge ; Piocher 1",
        "Corps à Corps ; Blesser 1 ; Poser 1 jeton Saignement sur l'adversaire",
        "Poser 3 jetons Durée sur cette technique ; Au début de ton tour : Retirer 1 jeton Durée de cette technique ; Stable 3",
        constructs=("poser_jetons",),
        also=("gagner une charge", "ajouter un marqueur", "mettre un compteur sur l'adversaire"),
    ),
    step(
        "to remove tokens from a player, or to pay tokens as a cost",
        "Retirer",
        "Retirer 2 jetons Charge ; Blesser 4",
        "Retirer jusqu'à 2 jetons Saignement de l'adversaire",
        "Corps à Corps ; Retirer tous les jetons Charge",
        constructs=("retirer_jetons",),
        also=("dépenser des charges", "enlever un marqueur"),
    ),
    step(
        "to count a player's tokens",
        "Blesser",
        "Corps à Corps ; Blesser 1 pour chaque jeton Charge",
        "Bloquer autant que tes jetons Charge",
        "Si les jetons Saignement de l'adversaire sont d'au moins 2 : Blesser 2",
        constructs=("jetons",),
    ),
    step(
        "to act when a player has tokens",
        "Si",
        "Si tu as au moins 2 jetons Charge : Blesser 3, sinon : Poser 1 jeton Charge",
        "Si l'adversaire a 1 jeton Saignement : Blesser 1",
        constructs=("tu_as_jetons",),
    ),
)

LANGUAGE = GameLanguage(
    name="battlefight",
    title="BattleFight",
    header_names=("BattleFight", "Battle Fight"),
    grammar="battlefight.lark",
    kinds=(
        FileKind("cards", ("cartes", "techniques"), "technique", "card"),
        FileKind("basics", ("techniques de base",), "technique", "card"),
        deck_kind("deck"),
        rules_kind("règles"),
    ),
    transformer=BattleFightTransformer,
    rules_model=BattleFightRules,
    check_set=checks.check_set,
    check_list=checks.check_list,
    write_card=writing.write_card,
    constructs=(*ast.KEYWORDS, *quantities.CONSTRUCTS, *conditions.CONSTRUCTS, *moves.CONSTRUCTS, *powers.CONSTRUCTS, *counters.CONSTRUCTS, *durations.CONSTRUCTS),
    codes={"E330": "a card text that would never end if nothing bounded it (a power that sets itself off, with no limit)"},
    teachings=TEACHINGS,
)
