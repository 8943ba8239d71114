"""A whole game state as one line of text (like chess FEN), and back: the eleven fields of ``FIELDS`` separated
by spaces, described in ``scenarios/README.md``. ``parse_position(position_string(s)) == s`` for every full state;
``parse_position`` checks the position like a scenario file and raises ``ScenarioError`` listing every problem.
"""

from __future__ import annotations

import re
from urllib.parse import quote, unquote

from ...common.limits import parse_seed, shortened
from ...i18n import N_, Domain
from ..core.board import board_for
from ..core.ruleset import PRESETS, Ruleset
from ..core.model import Phase, Resolution, Seat, default_seats, placed
from ..core.rules import end_texts
from ..core.state import GameState
from ..core.tiles import CASTES, TILES_BY_CODE, Caste, Tile, sort_tiles
from .errors import Problem, ScenarioError
from .notation import sort_castes
from .save import writable_names
from .validate import passes_end, state_problems

T = Domain("knizia")

FIELDS = ("rules", "players", "turn", "pieces", "tiles", "hands", "captured", "set_aside", "seed", "end",
          "last_captures")
# option field -> (short key, {value: letter})
OPTION_CODES: dict[str, tuple[str, dict[str, str]]] = {
    "no_legal_play": ("R1", {"pass": "p"}),
    "capture_timing": ("R2", {"instant": "i", "end_of_turn": "e"}),
    "swap_into_surrounded": ("R3", {"allowed": "a", "forbidden": "f"}),
    "instant_end": ("R4", {"finish_turn": "f", "stop_at_once": "s"}),
    "captures_visible": ("V", {"by_player_count": "b", "open": "o", "hidden": "h"}),
    "setup": ("S", {"chosen": "c", "random": "r"}),
    "hands": ("H", {"chosen": "c", "random": "r"}),
}
PHASE_CODES = {Phase.PLACE_PIECES: "s", Phase.CHOOSE_HANDS: "h", Phase.PLAY: "p", Phase.GAME_OVER: "o"}
OWNERS = "abcd"
_TILE_RE = re.compile(r"(X|M|[HBRSNW][0-9])")
_ITEM_RE = re.compile(r"^(\d*)([a-d])(M|[HBRSNW][0-9])$")


def rules_code(ruleset: Ruleset) -> str:
    """``1998`` or ``2015``, then ``+`` and a code per option that differs from the preset (``1998+R2e+Hr``)."""
    preset = PRESETS[ruleset.edition]
    return ruleset.edition + "".join(f"+{key}{letters[getattr(ruleset, f)]}" for f, (key, letters)
                                     in OPTION_CODES.items() if getattr(ruleset, f) != getattr(preset, f))


def parse_rules_code(text: str) -> Ruleset:
    """The ruleset a rules code names; ValueError saying what is wrong."""
    bits = text.split("+")
    if bits[0] not in PRESETS:
        raise ValueError(T.gettext("the edition must be one of {items}, not {value}").format(items=', '.join(PRESETS), value=repr(bits[0])))
    by_key = {key: (name, {v: k for k, v in letters.items()}) for name, (key, letters) in OPTION_CODES.items()}
    changes = {}
    for b in bits[1:]:
        m = re.fullmatch(r"(R[1-4]|[VSH])([a-z])", b)
        if not m or m[2] not in by_key[m[1]][1]:
            raise ValueError(T.gettext("cannot read the option {option}").format(option=repr(b)))
        name, values = by_key[m[1]]
        changes[name] = values[m[2]]
    return PRESETS[bits[0]].with_options(**changes)


def _enc(text: str) -> str:
    return quote(text, safe="").replace("~", "%7E").replace(".", "%2E")


def _codes(tiles) -> str:
    return "".join(t.code for t in tiles)


def position_string(state: GameState) -> str:
    """The one-line text of a full state (any phase, mid-turn included)."""
    writable_names(state)
    board = state.board
    rs = state.ruleset
    rules = rules_code(rs)
    if state.seats == default_seats(state.n_players, rs):
        players = str(state.n_players)
    else:
        players = ",".join(_enc(s.name) if s.colour == s.name.lower() else f"{_enc(s.name)}~{_enc(s.colour)}"
                           for s in state.seats)
    turn = (f"{PHASE_CODES[state.phase]}:{state.current + 1}:{state.turn}:"
            f"{state.played_this_turn}{'n' if state.normal_played else ''}:{state.passes}")
    pieces = "".join("".join(c.value for c in state.pieces[s]).ljust(board.capacity[s], ".") for s in board.settlements)
    items, skip = [], 0
    for pl in state.tiles:
        if pl is None:
            skip += 1
            continue
        items.append(f"{skip or ''}{OWNERS[pl.owner]}{pl.tile.code}")
        skip = 0
    tiles = ",".join(items) or "-"
    hands = "/".join(f"{_codes(state.hands[p])}:{_codes(state.piles[p])}"
                     + (f":{_codes(state.discarded[p])}" if state.discarded[p] else "") for p in range(state.n_players))
    captured = "/".join(".".join(str(v) for v in c) for c in state.captured)
    aside = ".".join(str(v) for v in state.set_aside)
    seed = "-" if state.seed is None else str(state.seed)
    end = _end_code(state)
    events = ",".join(f"{board.ids[r.hex]}.{r.caste.value}.{'x' if r.winner is None else OWNERS[r.winner]}."
                      + ".".join(str(v) for v in r.tallies) for r in state.events) or "-"
    return " ".join((rules, players, turn, pieces, tiles, hands, captured, aside, seed, end, events))


def _end_code(state: GameState) -> str:
    reason = state.end_reason
    if reason is None:
        return "-"
    for c in CASTES:
        if reason == end_texts(state.ruleset)[0][c.index]:
            return f"c{c.value}"
    m = re.fullmatch(r"(\d+) pieces have been set aside by ties", reason)
    if m and str(int(m[1])) == m[1]:
        return f"t{m[1]}"
    if reason == passes_end(state):
        return "p"
    return "q" + _enc(reason)


def _end_text(code: str, ruleset: Ruleset) -> str | None:
    if code == "-":
        return None
    if code == "p":
        return end_texts(ruleset)[1]
    if re.fullmatch(r"c[HBR]", code):
        return end_texts(ruleset)[0][Caste(code[1]).index]
    if re.fullmatch(r"t\d+", code):
        return f"{int(code[1:])} pieces have been set aside by ties"
    if code.startswith("q") and len(code) > 1:
        return unquote(code[1:])
    raise ValueError(T.gettext("cannot read the end field {code}: '-', 'cH', 'cB', 'cR', 't4', 'p' or 'q' and text").format(code=repr(code)))


def _tiles(text: str) -> tuple[Tile, ...]:
    parts = _TILE_RE.findall(text)
    if "".join(parts) != text:
        raise ValueError(T.gettext("cannot read tiles {text}: write codes one after another, e.g. H2B3S1X").format(text=repr(text)))
    return tuple(TILES_BY_CODE[c] for c in parts)


def _int(text: str, what: str) -> int:
    if not re.fullmatch(r"\d+", text):
        raise ValueError(T.gettext("{what} must be a whole number, not {text}").format(what=T.gettext(what), text=repr(text)))
    return int(text)


def parse_position(text: str, name: str = "position") -> GameState:
    """The state a position string describes; ``ScenarioError`` lists every problem."""
    problems: list[Problem] = []

    def bad(field: str, message: str) -> None:
        problems.append(Problem(name, field, message))

    parts = str(text).split()
    if len(parts) != len(FIELDS):
        raise ScenarioError([Problem(name, "", T.gettext("a position has {n} fields separated by spaces ({fields}), got {count}").format(n=len(FIELDS), fields=' '.join(FIELDS), count=len(parts)))])
    f = dict(zip(FIELDS, parts))

    # rules
    ruleset = None
    try:
        ruleset = parse_rules_code(f["rules"])
    except ValueError as e:
        bad("rules", str(e))

    # players
    seats = None
    named = not re.fullmatch(r"\d", f["players"])  # names, or a digit: that many players named by colour
    items = [item.partition("~") for item in f["players"].split(",")]
    n = len(items) if named else int(f["players"])
    if not 2 <= n <= 4:
        bad("players", T.gettext("Samurai is played by 2, 3 or 4 players, not {n}").format(n=n))
    elif named:
        seats = tuple(Seat(unquote(nm), unquote(colour) if colour else unquote(nm).lower()) for nm, _, colour in items)
    elif ruleset is not None:
        seats = default_seats(n, ruleset)
    if seats is None:
        raise ScenarioError(problems or [Problem(name, "players", T.gettext('cannot read the players'))])
    board = board_for(n)

    # turn
    phase, current, turn, played, normal, passes = Phase.PLAY, 0, 1, 0, False, 0
    m = re.fullmatch(r"([shpo]):(\d+):(\d+):(\d+)(n?):(\d+)", f["turn"])
    if not m:
        bad("turn", T.gettext("cannot read {text}: write phase:player:turn:played[n]:passes, e.g. p:2:12:1n:0").format(text=repr(f['turn'])))
    else:
        phase = {v: k for k, v in PHASE_CODES.items()}[m[1]]
        current, turn, played, normal, passes = int(m[2]) - 1, int(m[3]), int(m[4]), bool(m[5]), int(m[6])
        if not 0 <= current < n:
            bad("turn", T.gettext("the player to move is numbered 1 to {n}, not {value}").format(n=n, value=current + 1))
            current = 0

    # pieces
    pieces: list[tuple[Caste, ...]] = [() for _ in board.ids]
    want = sum(board.capacity)
    ptext = f["pieces"]
    if len(ptext) != want or not re.fullmatch(r"[HBR.]*", ptext):
        bad("pieces", T.gettext("write {want} characters (H, B, R or '.' for an empty place), one group per settlement in board order").format(want=want))
    else:
        k = 0
        for s in board.settlements:
            pieces[s] = sort_castes([Caste(ch) for ch in ptext[k:k + board.capacity[s]] if ch != "."])
            k += board.capacity[s]

    # tiles
    tiles: list = [None] * len(board.ids)
    if f["tiles"] != "-":
        i = 0
        for item in f["tiles"].split(","):
            m = _ITEM_RE.match(item)
            if not m:
                bad("tiles", T.gettext("cannot read {item}: write a count of empty hexes to skip, the owner a-d and the code, e.g. 12bH3").format(item=repr(item)))
                break
            i += int(m[1] or 0)
            owner = OWNERS.index(m[2])
            if i >= len(tiles):
                bad("tiles", T.gettext("the tiles run past the last of the {count} hexes").format(count=len(tiles)))
                break
            if owner >= n:
                bad("tiles", T.gettext("owner {owner} is not one of the {n} players").format(owner=repr(m[2]), n=n))
            else:
                tiles[i] = placed(owner, TILES_BY_CODE[m[3]])
            i += 1

    # hands, piles, used swaps
    hands: list = [() for _ in range(n)]
    piles: list = [() for _ in range(n)]
    discarded: list = [() for _ in range(n)]
    groups = f["hands"].split("/")
    if len(groups) != n:
        bad("hands", T.gettext("give hand:pile for each of the {n} players, separated by '/'").format(n=n))
    else:
        for k, g in enumerate(groups):
            bits = g.split(":")
            try:
                if len(bits) not in (2, 3):
                    raise ValueError(T.gettext("write hand:pile or hand:pile:X for player {n}, not {value}").format(n=k + 1, value=repr(g)))
                hands[k] = sort_tiles(_tiles(bits[0]))
                piles[k] = _tiles(bits[1])
                discarded[k] = _tiles(bits[2]) if len(bits) == 3 else ()
            except ValueError as e:
                bad("hands", str(e))

    # captured and set aside
    def counts(text: str, field: str) -> tuple[int, int, int]:
        m = re.fullmatch(r"(\d+)\.(\d+)\.(\d+)", text)
        if not m:
            bad(field, T.gettext("cannot read {text}: write helmets.buddhas.rice, e.g. 2.0.1").format(text=repr(text)))
            return (0, 0, 0)
        return int(m[1]), int(m[2]), int(m[3])

    groups = f["captured"].split("/")
    captured = [(0, 0, 0)] * n
    if len(groups) != n:
        bad("captured", T.gettext("give the captured pieces of each of the {n} players, separated by '/'").format(n=n))
    else:
        captured = [counts(g, "captured") for g in groups]
    set_aside = counts(f["set_aside"], "set_aside")

    seed = None
    if f["seed"] != "-":
        try:
            seed = parse_seed(f["seed"])
        except ValueError:
            bad("seed", T.gettext("the seed is a whole number or '-', not {value}").format(value=shortened(f['seed'])))

    end = None
    if ruleset is not None:
        try:
            end = _end_text(f["end"], ruleset)
        except ValueError as e:
            bad("end", str(e))

    events = []
    if f["last_captures"] != "-":
        for item in f["last_captures"].split(","):
            bits = item.split(".")
            try:
                if len(bits) != 3 + n or bits[1] not in ("H", "B", "R") or bits[2] not in ("x", *OWNERS[:n]):
                    raise ValueError(T.gettext("cannot read capture {item}: write hex.caste.winner(a-d or x).influence per player").format(item=repr(item)))
                i = board.resolve(bits[0])
                winner = None if bits[2] == "x" else OWNERS.index(bits[2])
                events.append(Resolution(i, Caste(bits[1]), winner, tuple(_int(v, N_("influence")) for v in bits[3:])))
            except ValueError as e:
                bad("last_captures", str(e))

    if problems or ruleset is None:
        raise ScenarioError(problems)
    state = GameState(
        ruleset=ruleset, seats=seats, seed=seed, phase=phase, current=current, tiles=tuple(tiles),
        pieces=tuple(pieces), hands=tuple(hands), piles=tuple(piles), pile_sizes=tuple(len(x) for x in piles),
        captured=tuple(captured), set_aside=set_aside, discarded=tuple(discarded), turn=turn, normal_played=normal,
        played_this_turn=played, passes=passes, end_reason=end, events=tuple(events),
    )
    found = state_problems(state)
    if found:
        raise ScenarioError([Problem(name, path, msg) for path, msg in found])
    return state
