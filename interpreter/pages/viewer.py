"""`atout view`: a record as one page that steps forward and back through the game.

The record is replayed (and so checked) in Python; at each step the page
keeps the action (who chose what), the commentary of its events, and the
state after it as the game describes it (`State.describe`: hands as the
chosen seat may see them, or all), with a picture where the game draws one
(BattleFight's hex board in SVG, with the pawns), and the cards the seat
sees, zone by zone (`GameEngine.zones`: hands, cards in play, the line),
drawn as their printed faces (`cards.py`, each face kept once in the page).
The page's script only shows the steps: buttons, a slider, and the arrow
keys (← →, Home, End).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .cards import CardDrawer, box_variables
from .gallery import FACE_SIZE
from .html import esc, page, script_data

VIEW_STYLE = """
.top { display: flex; gap: 1em; align-items: center; flex-wrap: wrap; margin: .6em 0; }
#slider { flex: 1; min-width: 12em; }
.grid { display: grid; grid-template-columns: minmax(18em, 1fr) minmax(18em, 1.3fr); gap: 1.2em; }
.grid.text { grid-template-columns: 1fr; }
#picture svg { max-width: 100%; height: auto; }
#action { font-weight: 600; }
#commentary { min-height: 3em; }
#zones .zone { margin: .5em 0; } #zones h3 { font-size: .9em; margin: .2em 0; color: var(--muted); font-weight: 600; }
#zones .row { display: flex; flex-wrap: wrap; gap: .4em; }
/* a face at half its printed size */
#zones .mini { width: 31.5mm; height: 44mm; overflow: hidden; border-radius: 1.5mm; box-shadow: 0 1px 3px #0003; }
#zones .mini > div { position: relative; width: 63mm; height: 88mm; transform: scale(.5); transform-origin: 0 0; }
#zones { display: flex; flex-wrap: wrap; gap: 0 1.5em; }
#zones .none { font-size: .85em; color: var(--muted); }
"""

VIEW_SCRIPT = """
const steps = JSON.parse(document.getElementById("steps").textContent);
const pictures = JSON.parse(document.getElementById("pictures").textContent);
const faces = JSON.parse(document.getElementById("faces").textContent);
function zones(list) {
  const out = [];
  for (const [label, names] of list) {
    const cards = names.map((name) => faces[name] === undefined
      ? `<span class="none">${name}</span>`
      : `<div class="mini" title="${name}"><div>${faces[name]}</div></div>`).join("");
    out.push(`<div class="zone"><h3></h3><div class="row">${cards || '<span class="none">-</span>'}</div></div>`);
  }
  const box = document.getElementById("zones");
  box.innerHTML = out.join("");
  box.querySelectorAll("h3").forEach((h, i) => { h.textContent = list[i][0]; });
}
let at = 0;
const $ = (id) => document.getElementById(id);
function show(n) {
  at = Math.max(0, Math.min(steps.length - 1, n));
  const step = steps[at];
  $("number").textContent = String(at);
  $("slider").value = String(at);
  $("action").textContent = step.action;
  $("commentary").textContent = step.commentary;
  $("state").textContent = step.state;
  $("picture").innerHTML = step.picture === null ? "" : pictures[step.picture];
  zones(step.zones);
  document.body.dataset.step = String(at);
}
$("first").addEventListener("click", () => show(0));
$("back").addEventListener("click", () => show(at - 1));
$("next").addEventListener("click", () => show(at + 1));
$("last").addEventListener("click", () => show(steps.length - 1));
$("slider").addEventListener("input", (event) => show(Number(event.target.value)));
document.addEventListener("keydown", (event) => {
  if (event.target.tagName === "INPUT") return;
  if (event.key === "ArrowRight") show(at + 1);
  else if (event.key === "ArrowLeft") show(at - 1);
  else if (event.key === "Home") show(0);
  else if (event.key === "End") show(steps.length - 1);
  else return;
  event.preventDefault();
});
show(0);
"""


def heading(number: int, turn: int, decision: Any, index: int, seat: int | None) -> str:
    """An action's heading: its number, its turn, who chose and the kind of decision, then the option chosen.

    With a seat, the option is named only for the seat's own choices: what
    the other player chose (a card chosen in secret, a card put face down)
    and what chance drew (the other's draw, a card's place in the pile) the
    seat learns from the commentary below, as the game tells it to them.
    """
    who = "chance" if decision.is_chance else f"P{decision.player + 1}"
    text = f"Action {number} (turn {turn}): {who}, {decision.kind}"
    if seat is None or decision.player == seat:
        text += f": {decision.options[index].label}"
    return text


def step_of(game: Any, engine: Any, seat: int | None, action: str, events: list[Any], state: Any) -> dict[str, Any]:
    """One step of the page as `seat` may see it (all, for None): its heading, its commentary, the state after it, its cards by zone."""
    return {
        "action": action,
        "commentary": "\n".join(game.render(event, seat) for event in events),
        "state": state.describe(seat),
        "picture": engine.picture(state) if engine.picture is not None else "",
        "zones": engine.zones(state, seat) if engine.zones is not None else [],
    }


def faces_html(engine: Any, files: Any) -> dict[str, str]:
    """Every card of the game's files drawn as its printed face, by name (the name a state gives it)."""
    from atout.interpreter.language.diagnostics import DiagnosticError

    from .cards import CardDrawer
    from .faces import bands, printed
    from .gallery import card_faces

    language = engine.language
    if language.write_card is None:
        return {}
    try:
        rules = files.rules()
    except DiagnosticError:
        rules = None
    drawer = CardDrawer(language.name, language.title)
    found = bands(rules)
    return {face.title: drawer.card_html(printed(language.name, face, found)) for face in card_faces(language, [*files.sources, *files.documents], rules)}


def steps_of(record: str | Path, seat: int | None = None) -> tuple[Any, list[dict[str, Any]], dict[str, str]]:
    """The game's language, its steps (the start, then one per action, replayed and checked) and its cards' faces by name."""
    from atout.interpreter.engine.record import read_records
    from atout.interpreter.engine.registry import find_engine
    from atout.interpreter.engine.replay import replay, start
    from atout.interpreter.engine.sources import files_for

    records = read_records(record)
    engine = find_engine(records[0].game)
    files = files_for(records, engine)
    first = records[0]
    game, state = start(first, engine, files)
    steps = [step_of(game, engine, seat, "The start", state.start_events(), state)]
    turn = state.turn  # the replay plays on this state: its turn before each action
    for number, done in enumerate(replay(first, engine, files, (game, state), unfinished=True), start=1):
        action = heading(number, done.action.turn if done.action.turn is not None else turn, done.decision, done.index, seat)
        steps.append(step_of(game, engine, seat, action, done.events, done.state))
        turn = done.state.turn
    return engine.language, steps, faces_html(engine, files)


def view_page(record: str | Path, seat: int | None = None) -> str:
    """The viewer's page of a record (its first game, for a match's record)."""
    language, steps, drawn = steps_of(record, seat)
    title = language.title
    shown = {name for step in steps for _, names in step["zones"] for name in names}
    faces = {name: html for name, html in drawn.items() if name in shown}  # only the cards the page shows
    # a picture is kept once and named by its number: most actions leave the board as it was
    pictures: list[str] = []
    numbers: dict[str, int] = {}
    for step in steps:
        drawn = step.pop("picture")
        if drawn:
            step["picture"] = numbers.setdefault(drawn, len(pictures))
            if step["picture"] == len(pictures):
                pictures.append(drawn)
        else:
            step["picture"] = None
    who = "everything shown" if seat is None else f"as P{seat + 1} sees it"
    body = (
        f"<h1>{esc(title)}: {esc(Path(str(record)).name)}</h1>"
        f'<p class="muted">{len(steps) - 1} actions; {esc(who)}. Arrow keys ← → step through the game, Home and End go to its ends.</p>'
        '<div class="top"><button id="first" title="Home">First</button><button id="back" title="←">◀ Back</button>'
        '<button id="next" title="→">Next ▶</button><button id="last" title="End">Last</button>'
        f'<span>step <span id="number">0</span> of {len(steps) - 1}</span>'
        f'<input id="slider" type="range" min="0" max="{len(steps) - 1}" value="0" aria-label="step"></div>'
        '<p id="action"></p><pre id="commentary"></pre>'
        # a game that draws no picture gives its state the whole width
        f'<div class="grid{"" if pictures else " text"}"><div id="picture"></div><pre id="state"></pre></div>'
        f'<script id="steps" type="application/json">{script_data(steps)}</script>'
        f'<script id="pictures" type="application/json">{script_data(pictures)}</script>'
        f'<section id="zones" style="{box_variables(FACE_SIZE, 0.0)}"></section>'
        f'<script id="faces" type="application/json">{script_data(faces)}</script>'
    )
    style = VIEW_STYLE + (CardDrawer(language.name, title).style() if faces else "")
    return page(f"{title}: {Path(str(record)).name}", body, style, VIEW_SCRIPT)
