"""Game records: a readable text of a whole game that replays exactly, described in ``scenarios/README.md``:
headers in square brackets (``[Seed "7"]``, or ``[Position "..."]`` for a game that does not start from a fresh
``new_game``), then one line per player's turn (``12. Blue: H4@HO05; end``) with comments in braces or after ``#``."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Mapping, Sequence
from urllib.parse import quote, unquote

from ...common.limits import FileTooBig, check_size, parse_seed
from ...i18n import Domain
from ..core.actions import Action, EndTurn, Pass, PickTile, PlacePiece, parse_action
from ..core.rules import IllegalMoveError
from ..core.scoring import score_state
from ..core.model import Phase, Seat
from ..core.state import GameState, new_game
from .errors import Problem, ScenarioError
from .position import parse_position, parse_rules_code, position_string, rules_code
from .save import writable_names

T = Domain("knizia")

_SAFE = "".join(chr(c) for c in range(32, 127) if chr(c) not in ',()%"\\{}#;:')


@dataclass(frozen=True)
class GameRecord:
    """A parsed record: its headers, first state, actions, comments (action index → text) and notes."""

    headers: Mapping[str, str]
    initial: GameState
    actions: tuple[Action, ...]
    comments: Mapping[int, str] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    lines: tuple[int, ...] = ()  # line number of each action in the text
    players: tuple[str, ...] = ()  # the player each action's line names


def _header_value(v: str) -> str:
    return v.replace("\\", "\\\\").replace('"', '\\"')


def _players_text(state: GameState) -> str:
    return ", ".join(quote(s.name, safe=_SAFE) if s.colour == s.name.lower()
                     else f"{quote(s.name, safe=_SAFE)} ({quote(s.colour, safe=_SAFE)})" for s in state.seats)


def _clean_comment(text: str) -> str:
    return " ".join(str(text).replace("{", "(").replace("}", ")").split())


def record_game(initial_state: GameState, actions: Sequence[Action], comments: Mapping[int, str] | None = None,
                headers: Mapping[str, str] | None = None) -> str:
    """The record text of a game: ``initial_state`` then ``actions`` (checked by the rules as it is written).

    ``comments`` maps an action's index to a one-line comment (braces become brackets).
    """
    writable_names(initial_state)
    comments = dict(comments or {})
    names = [s.name for s in initial_state.seats]
    fresh = None
    if initial_state.seed is not None:
        try:
            fresh = new_game(initial_state.n_players, initial_state.ruleset, initial_state.seed, initial_state.seats)
        except ValueError:
            fresh = None
    head: dict[str, str] = {"Game": "Samurai", "Rules": rules_code(initial_state.ruleset), "Players": _players_text(initial_state)}
    if fresh is not None and fresh == initial_state:
        head["Seed"] = str(initial_state.seed)
    else:
        head["Position"] = position_string(initial_state)
    lines: list[tuple[str, list[tuple[int, Action]]]] = []  # (label, the line's actions by index)
    state = initial_state
    key = None
    for k, a in enumerate(actions):
        label = ("setup" if state.phase is Phase.PLACE_PIECES else "hands" if state.phase is Phase.CHOOSE_HANDS
                 else f"{state.turn}.")
        this = (label, state.current, state.phase, isinstance(a, PlacePiece))
        if key != this or isinstance(a, PlacePiece):
            lines.append((f"{label} {quote(names[state.current], safe=_SAFE)}:", []))
            key = this
        lines[-1][1].append((k, a))
        state = state.apply(a)
        if isinstance(a, (EndTurn, Pass)):
            key = None
    if state.is_over:
        rep = score_state(state)
        who = " and ".join(names[p] for p in rep.winners)
        head["Result"] = f"{who} {'win' if len(rep.winners) > 1 else 'wins'} (decided by {rep.decided_by})"
    else:
        head["Result"] = "*"
    head.update({k: v for k, v in (headers or {}).items() if k not in head})
    out = [f'[{k} "{_header_value(str(v))}"]' for k, v in head.items()]
    out.append("")
    for label, items in lines:
        parts = []
        for j, (k, a) in enumerate(items):
            text = str(a)
            if k in comments and j < len(items) - 1:
                text += f" {{{_clean_comment(comments[k])}}}"
            parts.append(text)
        line = f"{label} {'; '.join(parts)}"
        last = items[-1][0]
        if last in comments:
            line += f"   # {_clean_comment(comments[last])}"
        out.append(line)
    return "\n".join(out) + "\n"


_HEADER = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')
_LINE = re.compile(r"^(?:(\d+)\.|setup|hands)\s+(.+?):\s+(.*)$")


def _split(text: str, sep: str) -> list[str]:
    """``text`` split at every ``sep`` outside braces."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth = max(0, depth - 1)
        elif ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def parse_record(text: str, name: str = "record") -> GameRecord:
    """Read a record; ``ScenarioError`` lists every problem (the actions are checked by ``replay``); a text
    larger than a record may be (``common.limits``) is refused before it is read."""
    try:
        check_size(str(text), "record", name)
    except FileTooBig as e:
        raise ScenarioError([Problem(name, "", e.reason)]) from None
    problems: list[Problem] = []
    headers: dict[str, str] = {}
    actions: list[Action] = []
    comments: dict[int, str] = {}
    notes: list[str] = []
    line_of: list[int] = []
    players: list[str] = []
    first_piece: tuple[int, str] | None = None  # (line, text) of the first caste piece placed
    out_of_order = False
    for no, raw in enumerate(str(text).splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("["):
            m = _HEADER.match(line)
            if not m:
                problems.append(Problem(name, T.gettext("line {n}").format(n=no), T.gettext('a header is written [Name "value"]')))
            else:
                headers[m[1]] = re.sub(r"\\(.)", r"\1", m[2])
            continue
        if line.startswith("#"):
            notes.append(line[1:].strip())
            continue
        body, *rest = _split(line, "#")  # a ``# ...`` comment outside braces
        comment = "#".join(rest).strip() if rest else None
        m = _LINE.match(body.rstrip())
        if not m:
            problems.append(Problem(name, T.gettext("line {n}").format(n=no), T.gettext("a move line is written '12. Blue: H4@HO05; end' (or 'setup Blue: ...', 'hands Blue: ...')")))
            continue
        who = unquote(m[2].strip())
        for part in _split(m[3], ";"):
            part = part.strip()
            note = None
            cm = re.match(r"^(.*?)\s*\{([^{}]*)\}$", part)
            if cm:
                part, note = cm[1].strip(), cm[2].strip()
            if not part:
                problems.append(Problem(name, T.gettext("line {n}").format(n=no), T.gettext("an empty action between ';'")))
                continue
            try:
                actions.append(parse_action(part))
            except ValueError as e:
                problems.append(Problem(name, T.gettext("line {n}").format(n=no), str(e)))
                continue
            if isinstance(actions[-1], PlacePiece) and first_piece is None:
                first_piece = (no, part)
            elif isinstance(actions[-1], PickTile) and first_piece is not None and not out_of_order:
                out_of_order = True
                problems.append(Problem(name, T.gettext("line {n}").format(n=first_piece[0]), _piece_too_early(first_piece[1])))
            line_of.append(no)
            players.append(who)
            if note:
                comments[len(actions) - 1] = note
        if comment and line_of and line_of[-1] == no:
            comments[len(actions) - 1] = comment
    initial = None
    if "Position" in headers:
        try:
            initial = parse_position(headers["Position"], f"{name}: Position")
        except ScenarioError as e:
            problems.extend(e.problems)
    else:
        initial = _fresh_game(headers, name, problems)
    if problems or initial is None:
        raise ScenarioError(problems or [Problem(name, "", T.gettext('the record has no starting position'))])
    return GameRecord(headers, initial, tuple(actions), comments, tuple(notes), tuple(line_of), tuple(players))


def _fresh_game(headers: Mapping[str, str], name: str, problems: list[Problem]) -> GameState | None:
    ruleset = None
    try:
        ruleset = parse_rules_code(headers.get("Rules", "1998"))
    except ValueError as e:
        problems.append(Problem(name, "Rules", str(e)))
    seed_text = headers.get("Seed")
    if seed_text is None:
        problems.append(Problem(name, "Seed", T.gettext('a record starts from a seed (a whole number) or a Position')))
        return None
    try:
        seed = parse_seed(seed_text)
    except ValueError as e:
        problems.append(Problem(name, "Seed", str(e)))
        return None
    seats = []
    for item in [x.strip() for x in headers.get("Players", "").split(",") if x.strip()]:
        m = re.fullmatch(r"(.+?)(?:\s*\((.+)\))?", item)
        nm = unquote(m[1]) if m else item
        seats.append(Seat(nm, unquote(m[2]) if m and m[2] else nm.lower()))
    if not 2 <= len(seats) <= 4:
        problems.append(Problem(name, "Players", T.gettext("Samurai is played by 2, 3 or 4 players, not {n}").format(n=len(seats))))
        return None
    return None if ruleset is None else new_game(len(seats), ruleset, seed, tuple(seats))


def _piece_too_early(action: Action | str) -> str:
    """A caste piece placed before the hands are chosen (a record in the other order), in words."""
    return T.gettext("'{action}' comes before every hand is chosen: in the rulebooks' order the hands are chosen "
                     "first, then the caste pieces are placed").format(action=action)


def replay(record: GameRecord) -> list[GameState]:
    """Every state of the game: the first, then the state after each action.

    ``ScenarioError`` names the line of an action the rules refuse or a line naming the wrong player.
    """
    state = record.initial
    states = [state]
    names = [s.name for s in state.seats]
    for k, a in enumerate(record.actions):
        line = (T.gettext("line {n}").format(n=record.lines[k]) if k < len(record.lines)
                else T.gettext("action {n}").format(n=k + 1))
        if isinstance(a, PlacePiece) and state.phase is Phase.CHOOSE_HANDS:
            raise ScenarioError([Problem("record", line, _piece_too_early(a))])
        if k < len(record.players) and record.players[k].lower() != names[state.current].lower():
            raise ScenarioError([Problem("record", line, T.gettext("the line names {named}, but it is {player}'s turn").format(named=record.players[k], player=names[state.current]))])
        try:
            state = state.apply(a)
        except IllegalMoveError as e:
            raise ScenarioError([Problem("record", line, f"{a}: {e.reason}")]) from None
        states.append(state)
    return states
