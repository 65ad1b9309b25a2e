"""BattleFight's checks beyond syntax: the basic techniques, deck composition.

Basic techniques can be played every turn, as often as a Rejouer asks: one
that does nothing but Rejouer would let a turn go on for ever without
anything happening, so it is refused (E301).

A power that sets off its own event ("Quand tu es blessé : Se Blesser 1")
would fire on its own effect for ever if nothing stopped it: the engine
never lets a power fire while its block runs, but such a card says nothing
a designer means, so it is refused (E330) unless it is limited ("une fois
par tour", "une fois par partie").
"""

from __future__ import annotations

from collections import Counter

from atout.interpreter.language.checks import Reporter
from atout.interpreter.language.diagnostics import shorten
from atout.interpreter.language.nodes import CardFile, CardList

from .ast import Blesser, CorpsACorps, Distance, Pousser, Rejouer, SeBlesser, Step, Technique, TechniqueType, perspectives
from .conditions import Si
from .powers import Event, Quand
from .quantities import Whose
from .rules import BattleFightRules


#: Conditions that change nothing: a technique made of them and Rejouer only does nothing.
_IDLE_CONDITIONS = (CorpsACorps, Distance)


def check_set(files: list[CardFile], rules: BattleFightRules, report: Reporter) -> None:
    """The basic techniques are exactly one technique of each type, and none only replays.

    They are counted over every file of basic techniques of the set (a
    designer's file may replace some of the shipped ones), and reported at
    the last such file, the designer's when there is one.
    """
    for file in files:
        for card in file.cards:
            if isinstance(card, Technique):
                for step in card.steps:
                    if isinstance(step.keyword, Quand) and step.keyword.limit is None and sets_itself_off(step.keyword):
                        report.report(
                            "E330",
                            f'the power "{step.keyword.trigger()}" of "{shorten(card.name)}" sets off its own event: it would '
                            'fire again on its own effect; limit it ("Une fois par tour, …") or change its steps',
                            step.span,
                            file=_file_of(file),
                        )
    basics = [file for file in files if file.kind == "basics" and file.cards]
    for file in basics:
        for card in file.cards:
            if isinstance(card, Technique) and only_replays(card):
                report.report(
                    "E301",
                    f'the basic technique "{shorten(card.name)}" does nothing but Rejouer: it can be played again and again within one turn, which then never ends; give it a step that does something',
                    card.span,
                    file=_file_of(file),
                )
    if not basics:
        return
    check_basics(basics, report)


def check_basics(basics: list[CardFile], report: Reporter) -> None:
    """Exactly one basic technique of each type: every type off told in one message (E301).

    At the designer's place (`Reporter.set_place`: the extension file, or
    the designer's last file of basic techniques), never at a shipped file;
    where the designer's basic technique of a type meets the base's, the
    `Sans :` lines that leave the base's out are written out.
    """
    file = basics[-1]
    by_type: dict[TechniqueType, list[Technique]] = {t: [] for t in TechniqueType}
    for basic_file in basics:
        for card in basic_file.cards:
            if isinstance(card, Technique):
                by_type[card.type].append(card)
    off: list[str] = []
    leave_out: list[str] = []
    for technique_type, cards in by_type.items():
        if len(cards) == 1:
            continue
        if not cards:
            off.append(f"{technique_type.value}: none")
            continue
        names = " and ".join(f'"{shorten(card.name)}"' + (" (the base's)" if report.in_base(card.span) else "") for card in cards)
        off.append(f"{technique_type.value}: {len(cards)}, {names}")
        if any(not report.in_base(card.span) for card in cards):
            leave_out += [card.name for card in cards if report.in_base(card.span)]
    if not off:
        return
    fixes = [report.fix_by_leaving_out(leave_out)] if leave_out else []
    fixes.append("give each type exactly one basic technique")
    message = "the basic techniques must be exactly one technique of each type:" + "".join(f"\n        {line}" for line in off) + "\n    " + "\n    or ".join(fixes)
    mine = [basic_file.span for basic_file in reversed(basics) if not report.in_base(basic_file.span)]
    report.report("E301", message, report.set_place(mine, file.span), file=_file_of(file))


def check_list(deck: CardList, catalogue: dict[str, Technique], rules: BattleFightRules, report: Reporter) -> None:
    """A deck holds `rules.deck_size` cards, `rules.cards_per_type` of each type."""
    known = [catalogue[e.name] for e in deck.entries for _ in range(e.count) if e.name in catalogue]
    if any(e.name not in catalogue for e in deck.entries):
        return  # unknown names are reported already; counts would mislead
    if len(known) != rules.deck_size:
        report.report(
            "E401",
            f"a deck has {rules.deck_size} cards; this one has {len(known)}",
            deck.span,
            file=_file_of(deck),
        )
    types = Counter(card.type for card in known)
    for technique_type in TechniqueType:
        if types[technique_type] != rules.cards_per_type:
            report.report(
                "E401",
                f"a deck has {rules.cards_per_type} {technique_type.value} cards; this one has {types[technique_type]}",
                deck.span,
                file=_file_of(deck),
            )


def sets_itself_off(power: Quand) -> bool:
    """Whether a power's block does to someone what the power reacts to (blesser or pousser them)."""
    if power.event is Event.DEBUT:
        return False
    # who the power watches, as 0 (its owner) or 1 (the opponent)
    watched = 0 if power.whose is Whose.TOI else 1
    for step in power.block:
        targets = _targets(step)
        if power.event is Event.BLESSE and isinstance(step.keyword, Blesser) and watched in {t for _, t in targets}:
            return True
        if power.event is Event.BLESSE and isinstance(step.keyword, SeBlesser) and watched in {m for m, _ in targets}:
            return True
        if power.event is Event.POUSSE and isinstance(step.keyword, Pousser) and watched in {t for _, t in targets}:
            return True
    return False


def _targets(step: Step) -> list[tuple[int, int]]:
    """The (me, them) a step runs for, with 0 the technique's owner and 1 the opponent."""
    return perspectives(step, 0)


def _steps(technique: Technique) -> list[Step]:
    """A technique's steps, with the steps of its "Si" blocks."""
    found = []
    for step in technique.steps:
        found.append(step)
        if isinstance(step.keyword, Si):
            found += step.keyword.alors + step.keyword.sinon
    return found


def only_replays(technique: Technique) -> bool:
    """True when a technique's steps are Rejouer and conditions that change nothing, with one Rejouer at least.

    The steps of a "Si" count: whichever block runs, it only replays (a "Si" itself changes nothing).
    """
    keywords = [step.keyword for step in _steps(technique) if not isinstance(step.keyword, Si)]
    return any(isinstance(k, Rejouer) for k in keywords) and all(isinstance(k, (Rejouer, *_IDLE_CONDITIONS)) for k in keywords)


def _file_of(node) -> str:
    return node.span.file if node.span else "?"
