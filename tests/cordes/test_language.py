"""Dans les Cordes's card language: every construct, the box, the checks, the rules."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from syrupy.extensions.json import JSONSnapshotExtension

from atout.interpreter.games.cordes import ast
from atout.interpreter.games.cordes.rules import CordesRules
from atout.interpreter.language.loader import read_file
from atout.interpreter.language.nodes import dump
from atout.interpreter.language.project import validate

HEADER = "Dans les Cordes : cards\n"
YOU, OPPONENT = ast.Who.YOU, ast.Who.OPPONENT


def card(read, text: str):
    """The one card of a card file made of `text`, which must be valid."""
    document = read(HEADER + text)
    assert document.diagnostics == [], [d.render() for d in document.diagnostics]
    (only,) = document.node.cards
    return only


def problems(document_or_validation) -> list[tuple[str, int, int, str]]:
    """(code, line, column, message) of every diagnostic."""
    return [(d.code, d.line, d.column, d.message) for d in document_or_validation.diagnostics]


def attack_effects(read, lines: str) -> list:
    """The effects of an ATTACK card whose effect lines are `lines`."""
    return card(read, f"== Essai ==\nATTACK · cost 1\n{lines}\n").effects


# ---------------------------------------------------------------------------
# Cards of every type
# ---------------------------------------------------------------------------


def test_an_attack_reads_like_the_printed_crochet(read):
    crochet = card(
        read,
        """
        == Crochet ==
        ATTACK · cost 3 · 3 copies
        -2 life to the opponent
        -1 card to the opponent, their choice, face down
        """.replace("        ", ""),
    )
    assert crochet == ast.Attack(
        name="Crochet",
        cost=3,
        copies=3,
        effects=[
            ast.Life(change=-2, who=OPPONENT),
            ast.Discard(n=1, who=OPPONENT, chosen_by=ast.ChosenBy.THEIR_CHOICE, placement=ast.Placement.FACE_DOWN),
        ],
    )
    assert crochet.TYPE is ast.CardType.ATTACK


def test_a_defense_that_blocks(read):
    blocage = card(read, "== Blocage ==\nDEFENSE · cost 0 · 6 copies\nAgainst an attack you lose 1 life\n")
    assert blocage == ast.Defense(name="Blocage", cost=0, copies=6, against=ast.Against(names=[]), outcome=ast.Block(n=1), effects=[])


def test_a_defense_that_dodges_only_some_blows_and_has_effects(read):
    defense = card(
        read,
        '== Pas de retrait ==\nDEFENSE · cost 0\nAgainst an attack of type "Crochet" or "Uppercut": you dodge the blow ; +1 energy\n-1 energy to the opponent\n',
    )
    assert defense == ast.Defense(
        name="Pas de retrait",
        cost=0,
        copies=1,
        against=ast.Against(names=[ast.AttackName(name="Crochet"), ast.AttackName(name="Uppercut")]),
        outcome=ast.Dodge(),
        effects=[ast.Energy(change=1, who=YOU), ast.Energy(change=-1, who=OPPONENT)],
    )


def test_a_riposte_has_a_counter_blow_and_a_blow_as_an_attack(read):
    cross_counter = card(
        read,
        '== Cross-Counter ==\nRIPOSTE · cost 2 · 4 copies\nAgainst an attack of type "Jab" or "Cross": -1 life to the opponent\nAs an attack: -1 life to the opponent\n',
    )
    assert cross_counter == ast.Riposte(
        name="Cross-Counter",
        cost=2,
        copies=4,
        against=ast.Against(names=[ast.AttackName(name="Jab"), ast.AttackName(name="Cross")]),
        counter=[ast.Life(change=-1, who=OPPONENT)],
        as_an_attack=ast.AsAnAttack(effects=[ast.Life(change=-1, who=OPPONENT)]),
    )


def test_a_riposte_may_write_its_effects_on_the_following_lines(read):
    remise = card(
        read,
        "== Remise ==\nRIPOSTE · cost 2\nAgainst an attack:\n-1 energy to the opponent\n+1 energy\nAs an attack:\n-1 energy to the opponent ; +1 card\n",
    )
    assert remise.against == ast.Against(names=[])
    assert remise.counter == [ast.Energy(change=-1, who=OPPONENT), ast.Energy(change=1, who=YOU)]
    assert remise.as_an_attack.effects == [ast.Energy(change=-1, who=OPPONENT), ast.Draw(n=1, who=YOU)]


def test_a_riposte_without_its_blow_as_an_attack_is_refused(read):
    document = read(HEADER + "== Cross-Counter ==\nRIPOSTE · cost 2\nAgainst an attack: -1 life to the opponent\n")
    assert problems(document) == [
        ("E112", 4, 43, 'the card stops here; expected "As"'),
    ]


def test_a_recovery(read):
    assert card(read, "== Rafraîchissement ==\nRECOVERY · cost 0 · 5 copies\n+1 life\n") == ast.Recovery(name="Rafraîchissement", cost=0, copies=5, effects=[ast.Life(change=1, who=YOU)])


def test_characters_and_the_gong_have_no_text(read):
    assert card(read, "== Karpentier ==\nCHARACTER\n") == ast.Character(name="Karpentier", copies=1)
    assert card(read, "== GONG ==\nGONG · 1 copy\n") == ast.Gong(name="GONG", copies=1)


# ---------------------------------------------------------------------------
# Effects
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("+1 life", ast.Life(change=1, who=YOU)),
        ("+1 life to you", ast.Life(change=1, who=YOU)),
        ("-2 life to the opponent", ast.Life(change=-2, who=OPPONENT)),
        ("+2 energy", ast.Energy(change=2, who=YOU)),
        ("-1 energy to the opponent", ast.Energy(change=-1, who=OPPONENT)),
        ("+1 card", ast.Draw(n=1, who=YOU)),
        ("+2 cards to the opponent", ast.Draw(n=2, who=OPPONENT)),
        ("-1 card", ast.Discard(n=1)),
        ("-1 card to you, your choice, spat", ast.Discard(n=1, who=YOU, chosen_by=ast.ChosenBy.YOUR_CHOICE, placement=ast.Placement.SPAT)),
        ("-2 cards to the opponent, at random", ast.Discard(n=2, who=OPPONENT, chosen_by=ast.ChosenBy.AT_RANDOM)),
        ("-1 card to the opponent, face down", ast.Discard(n=1, who=OPPONENT, placement=ast.Placement.FACE_DOWN)),
    ],
)
def test_every_effect(read, text, expected):
    (effect,) = attack_effects(read, text)
    assert effect == expected


def test_discard_defaults_are_their_choice_face_down_for_the_player():
    discard = ast.Discard(n=1)
    assert (discard.who, discard.chosen_by, discard.placement) == (YOU, ast.ChosenBy.THEIR_CHOICE, ast.Placement.FACE_DOWN)


@pytest.mark.parametrize(
    "text",
    [
        "-2 LIFE TO THE OPPONENT ; -1 Card To The Opponent, Their Choice, Face Down",
        "-2 life to the opponent\n-1 card to the opponent , their choice , face down ;",
        "-2  life  to  the  opponent   # a comment\n\n-1 card to the opponent, their choice, face down",
    ],
)
def test_keywords_match_whatever_the_case_spaces_and_lines(read, text):
    assert attack_effects(read, text) == [
        ast.Life(change=-2, who=OPPONENT),
        ast.Discard(n=1, who=OPPONENT),
    ]


def test_the_type_line_accepts_commas_and_any_case(read):
    jab = card(read, "== Jab ==\nattack, Cost 1, 6 Copies\n-1 life to the opponent\n")
    assert (jab.TYPE, jab.cost, jab.copies) == (ast.CardType.ATTACK, 1, 6)


def test_names_in_restrictions_keep_their_spelling_and_take_any_quotation_marks(read):
    defense = card(read, '== D ==\nDEFENSE · cost 0\nAgainst an attack of type: « Crochet », “Cross-Counter” or "Jab" you dodge the blow\n')
    assert [n.name for n in defense.against.names] == ["Crochet", "Cross-Counter", "Jab"]


def test_spans_point_at_the_file(read):
    document = read(HEADER + '\n== Jab ==\nATTACK · cost 1\n-1 life to the opponent\n\n== Pas de retrait ==\nDEFENSE · cost 0\nAgainst an attack of type "Crochet" you dodge the blow\n')
    jab, pas = document.node.cards
    assert (jab.span.line, jab.effects[0].span.line, jab.effects[0].span.column) == (3, 5, 1)
    name = pas.against.names[0]
    assert (name.span.line, name.span.column) == (9, 27)


# ---------------------------------------------------------------------------
# Ranges (E200) and syntax errors
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("== J ==\nATTACK · cost 11\n-1 life\n", ("E200", 3, 15, "cost 11: must be 10 or less")),
        ("== J ==\nATTACK · cost 1 · 0 copies\n-1 life\n", ("E200", 3, 19, "copies 0: must be 1 or more")),
        ("== J ==\nATTACK · cost 1 · 21 copies\n-1 life\n", ("E200", 3, 19, "copies 21: must be 20 or less")),
        ("== J ==\nATTACK · cost 1\n-11 life to the opponent\n", ("E200", 4, 1, "-11 life to the opponent: must be -10 or more")),
        ("== J ==\nATTACK · cost 1\n+0 life\n", ("E200", 4, 1, "+0 life: the amount must be 1 or more")),
        ("== J ==\nATTACK · cost 1\n-0 cards to the opponent\n", ("E200", 4, 1, "-0 cards to the opponent: must be 1 or more")),
        ("== J ==\nRECOVERY · cost 1\n+12 cards\n", ("E200", 4, 1, "+12 cards: must be 10 or less")),
        ("== B ==\nDEFENSE · cost 0\nAgainst an attack you lose 0 life\n", ("E200", 4, 28, "you lose 0 life: must be 1 or more")),
    ],
)
def test_numbers_out_of_range(read, text, expected):
    assert problems(read(HEADER + text)) == [expected]


def test_a_misspelt_keyword_gets_the_nearest_word(read):
    document = read(HEADER + "== Crochet ==\nATTACK · cost 3\n-1 card to the opponent, their chioce\n")
    (diagnostic,) = document.diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E111", 4, 32)
    assert diagnostic.message == 'unexpected word "chioce"; expected "choice"'
    assert diagnostic.suggestion == "choice"


def test_a_misspelt_type_gets_the_nearest_type(read):
    (diagnostic,) = read(HEADER + "== Jab ==\nATACK · cost 1\n-1 life\n").diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column, diagnostic.suggestion) == ("E111", 3, 1, "ATTACK")


def test_an_attack_needs_an_effect(read):
    assert problems(read(HEADER + "== Jab ==\nATTACK · cost 1\n")) == [
        ("E112", 3, 16, 'the card stops here; expected "Cannot", "at", "if", "look", "put", "remove", "take", "this", "until" or a number'),
    ]


def test_an_effect_starts_with_its_sign(read):
    assert problems(read(HEADER + "== Jab ==\nATTACK · cost 1\nDraw 2\n")) == [
        ("E111", 4, 1, 'unexpected word "Draw"; expected "Cannot", "at", "if", "look", "put", "remove", "take", "this", "until" or a number'),
    ]


# ---------------------------------------------------------------------------
# The shipped box
# ---------------------------------------------------------------------------

CORDES_FILES = ["attacks", "boxers", "defenses", "recoveries", "ripostes"]


@pytest.fixture(scope="module")
def box(languages, cards_dir):
    """The shipped cards of Dans les Cordes, by name."""
    cards = {}
    for stem in CORDES_FILES:
        document = read_file(cards_dir / "cordes" / f"{stem}.atout", languages)
        assert document.diagnostics == [], [d.render() for d in document.diagnostics]
        for one in document.node.cards:
            cards[one.name] = one
    return cards


def test_the_shipped_files_are_valid_together(languages, cards_dir):
    result = validate([cards_dir / "cordes"], languages)
    assert result.diagnostics == [], [d.render() for d in result.diagnostics]
    # the card files and the rules, and the examples' folder (an extension of them, checked in test_version2.py)
    shipped = [d for d in result.documents if "exemples" not in d.path]
    assert len(shipped) == len(CORDES_FILES) + 1


def test_the_box_has_57_cards_of_the_published_counts(box):
    counts = {t: 0 for t in ast.CardType}
    for one in box.values():
        counts[one.TYPE] += one.copies
    assert sum(counts.values()) == 57
    assert counts == {
        ast.CardType.CHARACTER: 2,
        ast.CardType.GONG: 1,
        ast.CardType.RECOVERY: 13,
        ast.CardType.ATTACK: 17,
        ast.CardType.DEFENSE: 15,
        ast.CardType.RIPOSTE: 9,
    }


def test_the_known_cards_say_what_the_rulebook_prints(box):
    assert box["Crochet"].cost == 3
    assert box["Blocage"].cost == 0 and box["Blocage"].outcome == ast.Block(n=1)
    assert box["Cross-Counter"].cost == 2
    assert [n.name for n in box["Cross-Counter"].against.names] == ["Jab", "Cross"]
    assert box["Cross-Counter"].counter == [ast.Life(change=-1, who=OPPONENT)]
    assert [n.name for n in box["Pas de retrait"].against.names] == ["Crochet", "Uppercut"]
    assert box["Rafraîchissement"].cost == 0 and box["Rafraîchissement"].effects == [ast.Life(change=1, who=YOU)]
    assert {n for n, c in box.items() if c.TYPE is ast.CardType.CHARACTER} == {"Karpentier", "Lewis"}
    assert {"Jab", "Cross", "Crochet", "Uppercut"} <= {n for n, c in box.items() if c.TYPE is ast.CardType.ATTACK}


@pytest.mark.parametrize("stem", CORDES_FILES)
def test_shipped_card_file_ast(stem, languages, cards_dir, snapshot):
    document = read_file(cards_dir / "cordes" / f"{stem}.atout", languages)
    assert dump(document.node) == snapshot(extension_class=JSONSnapshotExtension)


# ---------------------------------------------------------------------------
# The checks of a box
# ---------------------------------------------------------------------------


@pytest.fixture
def box_copy(tmp_path, cards_dir):
    """A copy of the shipped box in a folder, to break on purpose."""
    folder = tmp_path / "box"
    shutil.copytree(cards_dir / "cordes", folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    """Replace `old` (which must be there) with `new` in a file."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def rules_line(box, name: str) -> int:
    """The line of the box's rules file that gives the parameter `name`."""
    lines = (box / "rules.atout").read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, 1) if line.startswith(f"{name} :"))


def test_a_box_with_a_card_too_many_is_told_at_the_rules_line_to_write(box_copy, languages):
    edit(box_copy / "attacks.atout", "cost 1 · 6 copies", "cost 1 · 7 copies")
    result = validate([box_copy], languages)
    assert [(d.file, *p) for d, p in zip(result.diagnostics, problems(result))] == [
        (
            str(box_copy / "rules.atout"),
            "E301",
            rules_line(box_copy, "ATTACK cards"),
            1,
            "the box does not hold what the rules say:\n"
            '        ATTACK: 17 cards ("ATTACK cards" in the rules); these card files hold 18\n'
            "    write this line in rules.atout:\n"
            "        ATTACK cards : 18\n"
            "    or change the cards' copies",
        ),
    ]


def test_a_box_with_two_gongs_and_three_characters(box_copy, languages):
    edit(box_copy / "boxers.atout", "== GONG ==\nGONG", "== GONG ==\nGONG · 2 copies\n\n== Dempsey ==\nCHARACTER")
    result = validate([box_copy], languages)
    # one message for both counts, at the line of the rules that gives one of them
    assert problems(result) == [
        (
            "E301",
            rules_line(box_copy, "CHARACTER cards"),
            1,
            "the box does not hold what the rules say:\n"
            '        CHARACTER: 2 cards ("CHARACTER cards" in the rules); these card files hold 3\n'
            "        GONG: the box has exactly one GONG card; these card files hold 2\n"
            "    write this line in rules.atout:\n"
            "        CHARACTER cards : 3\n"
            "    or change the cards' copies",
        ),
    ]


def test_the_counts_come_from_the_rules_file(box_copy, languages):
    edit(box_copy / "rules.atout", "ATTACK cards : 17", "ATTACK cards : 18")
    result = validate([box_copy], languages)
    assert [p[:2] + p[3:] for p in problems(result)] == [
        (
            "E301",
            rules_line(box_copy, "ATTACK cards"),
            "the box does not hold what the rules say:\n"
            '        ATTACK: 18 cards ("ATTACK cards" in the rules); these card files hold 17\n'
            "    write this line in rules.atout:\n"
            "        ATTACK cards : 17\n"
            "    or change the cards' copies",
        ),
    ]


def test_a_restriction_naming_an_unknown_card(box_copy, languages):
    edit(box_copy / "defenses.atout", '"Crochet" or "Uppercut"', '"Crochett" or "Uppercut"')
    result = validate([box_copy], languages)
    (diagnostic,) = result.diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column, diagnostic.message, diagnostic.suggestion) == (
        "E400",
        16,
        27,
        'no ATTACK or RIPOSTE card is named "Crochett" in the Dans les Cordes card files',
        "Crochet",
    )


def test_a_restriction_naming_a_defense(box_copy, languages):
    edit(box_copy / "ripostes.atout", '"Jab" or "Cross"', '"Jab" or "Blocage"')
    result = validate([box_copy], languages)
    assert problems(result) == [
        ("E400", 9, 36, '"Blocage" is a DEFENSE card; a restriction names ATTACK or RIPOSTE cards'),
    ]


def test_a_restriction_may_name_a_riposte(box_copy, languages):
    edit(box_copy / "defenses.atout", '"Crochet" or "Uppercut"', '"Crochet", "Uppercut" or "Cross-Counter"')
    assert validate([box_copy], languages).diagnostics == []


# ---------------------------------------------------------------------------
# The rules file
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def rules(languages, cards_dir) -> CordesRules:
    document = read_file(cards_dir / "cordes" / "rules.atout", languages)
    assert document.diagnostics == [], [d.render() for d in document.diagnostics]
    return document.rules


def test_the_rules_file_has_the_rulebook_numbers(rules):
    assert (rules.starting_life, rules.starting_energy, rules.starting_hand, rules.hand_limit) == (4, 4, 5, 7)
    assert (rules.gongs_to_end, rules.gong_bonus_life, rules.gong_bonus_energy) == (3, 1, 2)
    assert rules.box_size == 57
    assert rules.box_count(ast.CardType.RIPOSTE) == 9


def test_the_rules_file_chooses_the_open_points(rules):
    assert rules.life_cap is None and rules.energy_cap is None
    assert rules.empty_draw_pile == "reshuffle"
    assert rules.double_ko == "draw" and rules.tie_at_last_gong == "draw"
    assert rules.ko_checked == "at the end of the combat"
    assert (rules.hand_limit_chosen_by, rules.hand_limit_goes_to, rules.hand_limit_gives_energy) == ("owner", "spittoon", False)
    assert rules.coach_advice_cards == 5 and rules.attacker_may_riposte is False
    assert rules.first_player == "at random"


def rules_text(cards_dir, old: str, new: str) -> str:
    text = (cards_dir / "cordes" / "rules.atout").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new)


def test_a_cap_may_be_a_number(read, cards_dir):
    document = read(rules_text(cards_dir, "Life cap : none", "Life cap : 6"))
    assert document.diagnostics == [] and document.rules.life_cap == 6


def test_wrong_rules_values(read, cards_dir):
    text = rules_text(cards_dir, "Energy cap : none", "Energy cap : 0")
    text = text.replace("Double KO : draw", "Double KO : drow").replace("GONG cards : 1 ", "GONG cards : 2 ")
    document = read(text)
    lines = text.split("\n")
    line_of = {key: lines.index(next(l for l in lines if l.startswith(key))) + 1 for key in ("Energy cap", "Double KO", "GONG cards")}
    assert sorted(problems(document)) == sorted(
        [
            ("E501", line_of["GONG cards"], 14, 'GONG cards "2": must be 1 or less'),
            ("E501", line_of["Energy cap"], 14, 'Energy cap "0": must be 1 or more'),
            (
                "E501",
                line_of["Double KO"],
                13,
                'Double KO "drow": write one of: draw, attacker wins, defender wins (did you mean "draw"?)',
            ),
        ]
    )


def test_every_parameter_is_required(complete_set, cards_dir):
    document = complete_set("cordes", {"rules.atout": rules_text(cards_dir, "Tie at the last GONG : draw\n", "")})
    assert problems(document) == [("E503", 1, 1, 'the parameter "Tie at the last GONG" is missing: add a line "Tie at the last GONG : …"')]


# ---------------------------------------------------------------------------
# Bad input never raises
# ---------------------------------------------------------------------------

_PIECES = [
    "== Jab ==\n",
    "ATTACK",
    "DEFENSE",
    "RIPOSTE",
    "RECOVERY",
    "CHARACTER",
    "GONG",
    " · cost ",
    " copies",
    "-1",
    "+2",
    "-0",
    "99999999999",
    " life",
    " energy",
    " cards",
    " to the opponent",
    " to you",
    ", their choice",
    ", face down",
    "Against an attack",
    ' of type "Jab"',
    " or ",
    ":",
    ";",
    "As an attack: ",
    "you lose 1 life",
    "you dodge the blow",
    "\n",
    "#",
    "«",
    '"',
    "x",
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(_PIECES), max_size=40))
def test_any_card_text_gives_diagnostics_not_exceptions(read, pieces):
    document = read(HEADER + "".join(pieces))
    assert document.node is not None
    for diagnostic in document.diagnostics:
        assert diagnostic.line >= 1 and diagnostic.column >= 1
