"""Rules files as data: typing a game's parameters with its rules model.

A rules file is a list of `Name : value` lines. Each game describes its
parameters as a pydantic model whose field *aliases* are the printed names
("Points de vie") and whose constraints are the ranges. `type_rules` matches
each line to a field (case- and accent-blind), types its value, and reports
unknown, repeated, missing and wrong parameters with their places.

Value types for rules models:
- numbers: plain `int` fields with `ge` / `le`;
- yes or no: `YesNo` ("oui", "non", "yes", "no");
- a choice among named values: `Annotated[str, choice("rejouer", "nul", ...)]`,
  matched case- and accent-blind and stored in its folded form.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ValidationError

from .diagnostics import DETAILED_PER_FILE, Diagnostic, explain, nearest, shorten
from .nodes import Param
from .text import fold

_YES = {"oui", "yes", "vrai", "true"}
_NO = {"non", "no", "faux", "false"}


def _yes_no(value: Any) -> Any:
    if isinstance(value, str):
        word = fold(value.strip())
        if word in _YES:
            return True
        if word in _NO:
            return False
        raise ValueError('write "oui" or "non"')
    return value


#: A rules parameter that is yes or no.
YesNo = Annotated[bool, BeforeValidator(_yes_no)]


def choice(*values: str) -> BeforeValidator:
    """The check of a rules parameter that takes one of `values` (written as printed).

    It goes on a `str` field: `Annotated[str, choice("draw", "most energy")]`.
    """
    folded = {fold(v): v for v in values}

    def check(value: Any) -> Any:
        if isinstance(value, str):
            word = " ".join(fold(value).split())
            if word in folded:
                return word
            near = nearest(value, values)
            hint = f' (did you mean "{near}"?)' if near else ""
            raise ValueError(f"write one of: {', '.join(values)}{hint}")
        return value

    return BeforeValidator(check)


def parameters(model: type[BaseModel]) -> dict[str, str]:
    """Folded printed name → field name, for every parameter of a rules model."""
    return {fold(info.alias or name): name for name, info in model.model_fields.items()}


def type_rules(params: list[Param], model: type[BaseModel], file: str, lines: list[str], defaults: dict[str, Any] | None = None) -> tuple[BaseModel | None, list[Diagnostic]]:
    """Type a rules file's lines with `model`; the rules, or None, and the problems.

    `defaults` (field name → value, as another rules object dumps them) give
    the parameters the lines leave out: a variant's or an extension's rules
    over the set's main rules.
    """
    problems: list[Diagnostic] = []
    by_fold = parameters(model)
    printed = [info.alias or name for name, info in model.model_fields.items()]
    values: dict[str, Any] = {}
    places: dict[str, Param] = {}

    def at(param: Param, code: str, message: str, value_column: bool = False, suggestion: str | None = None) -> None:
        span = param.span
        line = lines[span.line - 1] if span and 0 < span.line <= len(lines) else None
        column, width = (span.column, len(param.name)) if span else (1, 1)
        if value_column and line is not None and ":" in line:
            after = line.index(":") + 1
            column = after + (len(line[after:]) - len(line[after:].lstrip())) + 1
            width = len(param.value)
        problems.append(Diagnostic(code, message, file, span.line if span else 1, column, max(1, width), suggestion, line))

    unknown = 0  # past the first ones, an unknown parameter gets no suggestion (see DETAILED_PER_FILE)
    for param in params:
        field = by_fold.get(" ".join(fold(param.name).split()))
        if field is None:
            unknown += 1
            near = nearest(param.name, printed) if unknown <= DETAILED_PER_FILE else None
            at(param, "E500", f'unknown parameter "{shorten(param.name)}"', suggestion=near)
            continue
        if field in values:
            first = places[field].span
            at(param, "E502", f'"{shorten(param.name)}" is given twice (first on line {first.line if first else "?"}); keep one')
            continue
        values[field] = param.value
        places[field] = param

    try:
        return model.model_validate(_by_alias(model, {**(defaults or {}), **values})), problems
    except ValidationError as error:
        for problem in error.errors():
            field = str(problem["loc"][0]) if problem["loc"] else ""
            name = _field_name(model, field)
            alias = model.model_fields[name].alias or name if name in model.model_fields else field
            if problem["type"] == "missing":
                problems.append(Diagnostic("E503", f'the parameter "{alias}" is missing: add a line "{alias} : …"', file, 1, 1, 1, None, lines[0] if lines else None))
            elif name in places:
                at(places[name], "E501", f'{alias} "{shorten(places[name].value)}": {explain(problem)}', value_column=True)
            else:
                problems.append(Diagnostic("E501", f"{alias}: {explain(problem)}", file))
        return None, problems


def _by_alias(model: type[BaseModel], values: dict[str, Any]) -> dict[str, Any]:
    return {(model.model_fields[name].alias or name): value for name, value in values.items()}


def _field_name(model: type[BaseModel], loc: str) -> str:
    for name, info in model.model_fields.items():
        if loc in (name, info.alias):
            return name
    return loc
