"""Reading scenario files (TOML): every field checked, every problem reported at once.

``load_scenario(path)`` returns a ``Scenario`` or raises one ``ScenarioError`` listing each problem
with the file and the field (``e1.toml: pieces.HO12: a village holds one piece, got 2``).
The format is described in ``scenarios/README.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, TypeVar

from ...common.limits import FileTooBig, check_size, loads_toml, read_text, tomllib
from ...i18n import Domain
from ..core.actions import HEX_FIELDS, PickTile, PlacePiece, action_hex_ids, parse_action
from ..core.board import Board, board_for
from ..core.rules import influence
from ..core.ruleset import FINISH_TURN, INSTANT, OPTION_VALUES, PRESETS, RULINGS_BY_ID, VOCABULARY, Ruleset
from ..core.model import Phase, Placed, Resolution, Seat
from ..core.state import GameState
from ..core.tiles import CASTES, HAND_SIZE, Caste, Tile, supply_per_caste, tile as tile_by_code
from .errors import Problem, Problems, ScenarioError
from .fill import deal_tiles, fill_settlements
from .expect import PHASES, Expectation
from .model import Scenario, Source, Step, Variant
from .notation import Players, castes_value, parse_counts, placed_value
from .read_expect import ExpectationReader
from .reader import MISSING, Reader, is_type, join, kind, read_hex, short
from .validate import end_condition, passes_end, piece_totals, state_problems, supply_message

T = Domain("knizia")

TOP_KEYS = ("title", "description", "focus", "seed", "fill", "phase", "rules", "players", "pieces", "tiles",
            "set_aside", "turn", "step", "expect", "variant", "source")
PLAYER_KEYS = ("name", "colour", "color", "hand", "pile", "captured", "swap_used")
TURN_KEYS = ("player", "number", "normal_played", "played", "passes", "end_reason", "last_captures")
STEP_KEYS = ("action", "by", "narration", "expect", "focus")
VARIANT_KEYS = ("name", "description", "rules", "expect", "steps")
SOURCE_KEYS = ("seed", "language", "text")
SOURCE_LANGUAGES = ("it", "ru", "es", "fr", "en")
FILL_MODES = ("none", "random")

V = TypeVar("V")
KNOWN_COLOURS = tuple(dict.fromkeys(c for v in VOCABULARY.values() for c in v.colours))

# --- entry points ----------------------------------------------------------------

def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file; ``ScenarioError`` lists every problem."""
    name = str(path)
    try:
        text = read_text(path, "scenario")
    except UnicodeDecodeError:
        raise ScenarioError([Problem(name, "", T.gettext('the file is not UTF-8 text'))]) from None
    except OSError as e:
        raise ScenarioError([Problem(name, "", T.gettext("cannot read the file: {error}").format(error=e.strerror or e))]) from None
    except FileTooBig as e:
        raise ScenarioError([Problem(name, "", e.reason)]) from None
    return loads_scenario(text, name)


def loads_scenario(text: str, name: str = "<scenario>") -> Scenario:
    """Read and check scenario text; ``name`` is used in problem reports."""
    probs = Problems(name)
    try:
        check_size(text, "scenario", name)
    except FileTooBig as e:
        raise ScenarioError([Problem(name, "", e.reason)]) from None
    try:
        data = loads_toml(text)
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError([_syntax_problem(name, e)]) from None
    scenario = _Loader(data, probs, name).load()
    probs.raise_if_any()
    assert scenario is not None
    return scenario


def _syntax_problem(name: str, e: tomllib.TOMLDecodeError) -> Problem:
    msg = str(e)
    m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
    where = ""
    if m:
        where = T.gettext("line {line}, column {column}").format(line=m[1], column=m[2])
        msg = msg[:m.start()].strip()
    elif "end of document" in msg:
        where = T.gettext("end of file")
        msg = re.sub(r"\s*\(at end of document\)", "", msg)
    return Problem(name, where, T.gettext("not valid TOML: {error}").format(error=msg[:1].lower() + msg[1:]))


# --- the loader ------------------------------------------------------------------------

@dataclass
class _PlayerSpec:
    name: str
    colour: str
    hand: list[Tile] | None = None
    pile: list[Tile] | None = None
    captured: tuple[int, int, int] = (0, 0, 0)
    swap_used: bool = False


@dataclass
class _TurnSpec:
    current: int
    number: int
    normal_played: bool
    played: int
    passes: int
    end_reason: str | None


class _Loader:
    """Reads one scenario file's data; every problem goes to ``probs``."""

    def __init__(self, data: dict, probs: Problems, name: str) -> None:
        self.data = data
        self.probs = probs
        self.name = name
        self.r = Reader(probs)
        self.board: Board | None = None
        self.players: Players | None = None
        self.xr: ExpectationReader | None = None  # once the players and the board are known
        self.written: dict[str, str] = {}  # "pieces.HO35" -> "pieces.Kyoto" (paths as the file wrote them)

    def load(self) -> Scenario | None:
        d, r = self.data, self.r
        r.keys(d, TOP_KEYS, "")
        title = r.get(d, "title", str, "", required=True)
        description = r.get(d, "description", str, "", default="")
        if title is not MISSING and not title.strip():
            self.probs.add("title", T.gettext('the title is empty'))
        ruleset = self._rules(d.get("rules", {}), "rules", None) if r.get(d, "rules", dict, "") is not MISSING \
            else PRESETS["1998"]
        if ruleset is None:  # still check the rest of the file, against the edition's preset
            ed = d.get("rules", {}).get("edition") if isinstance(d.get("rules"), dict) else None
            ruleset = PRESETS.get(ed, PRESETS["1998"]) if isinstance(ed, str) else PRESETS["1998"]
        specs = self._players(ruleset.edition)
        state = None
        if specs is not None:
            self.board = board_for(len(specs))
            self.players = Players([s.name for s in specs], [s.colour for s in specs])
            self.xr = ExpectationReader(self.r, self.players, self.board)
            state = self._position(ruleset, specs)
        else:
            self._position_fields_without_board()
        steps = self._steps() if self.xr is not None else ()
        final = self._expect(d, "", in_step=False) if self.xr is not None else None
        variants = self._variants(state, steps) if state is not None else ()
        focus = self._focus(d, steps, final)
        fill = d.get("fill") if isinstance(d.get("fill"), str) else "none"
        sources = self._sources()
        if self.probs or state is None:
            if not self.probs:
                self.probs.add("", T.gettext('the position could not be built'))
            return None
        return Scenario(title=title.strip(), description=description.strip(),
                        state=state, steps=steps, expectations=final, variants=variants, focus=focus,
                        path=self.name, fill=fill, sources=sources)

    def _sources(self) -> tuple[Source, ...]:
        """``[[source]]``: seed (the rulebook's number), language, text (quoted exactly)."""
        out = []
        for _, path, item in self.r.entries(self.data, "source", SOURCE_KEYS,
                                            T.gettext("a source is a table ([[source]]), got {kind}")):
            seed = self.r.get(item, "seed", str, path, required=True)
            lang = self.r.get(item, "language", str, path, required=True)
            text = self.r.get(item, "text", str, path, required=True)
            if lang is not MISSING and lang not in SOURCE_LANGUAGES:
                self.probs.add(f"{path}.language", T.gettext("language must be one of {items}, not {value}").format(
                    items=", ".join(SOURCE_LANGUAGES), value=repr(lang)))
                lang = MISSING
            if text is not MISSING and not text.strip():
                self.probs.add(f"{path}.text", T.gettext("the quoted text is empty"))
                text = MISSING
            if MISSING not in (seed, lang, text):
                out.append(Source(seed=seed.strip(), language=lang, text=text.strip()))
        return tuple(out)

    def _rules(self, table: dict, path: str, base: Ruleset | None) -> Ruleset | None:
        """A ruleset: the preset named by ``edition`` (or ``base``) with the named options changed."""
        known = ("edition", *OPTION_VALUES, *RULINGS_BY_ID)
        self.r.keys(table, known, path)
        edition = self.r.choice(table, "edition", tuple(PRESETS), path,
                                T.gettext("edition must be one of {items}, not {value}"))
        ok = edition is not MISSING or not isinstance(table.get("edition"), str)  # a preset not known is a problem
        rules = PRESETS[edition] if edition is not MISSING else (base if base is not None else PRESETS["1998"])
        changes: dict[str, str] = {}
        for k, v in table.items():
            if k == "edition" or k not in known:
                continue
            fieldname = RULINGS_BY_ID[k].field if k in RULINGS_BY_ID else k
            if not isinstance(v, str):
                self.probs.add(join(path, k), T.gettext("expected text, got {kind} {value}").format(kind=kind(v), value=short(v)))
                ok = False
                continue
            allowed = OPTION_VALUES[fieldname]
            if v not in allowed:
                self.probs.add(join(path, k), T.gettext("{fieldname} must be one of {items}, not {value}").format(fieldname=fieldname, items=', '.join(allowed), value=repr(v)))
                ok = False
                continue
            if fieldname in changes and changes[fieldname] != v:
                self.probs.add(join(path, k), T.gettext("{fieldname} is given twice with different values").format(fieldname=fieldname))
                ok = False
            changes[fieldname] = v
        if not ok:
            return None
        return rules.with_options(**changes) if changes else rules

    # --- players -------------------------------------------------------------------
    def _players(self, edition: str) -> list[_PlayerSpec] | None:
        d, r = self.data, self.r
        v = r.get(d, "players", (int, list), "", required=True)
        if v is MISSING:
            return None
        colours = VOCABULARY[edition].colours
        count = v if isinstance(v, int) else len(v)
        if not 2 <= count <= 4:
            self.probs.add("players", T.gettext("Samurai is played by 2, 3 or 4 players, not {n}").format(n=count))
            return None
        if isinstance(v, int):
            return [_PlayerSpec(colours[i].capitalize(), colours[i]) for i in range(v)]
        specs: list[_PlayerSpec] = []
        ok = True
        for k, item in enumerate(v):
            path = f"players[{k + 1}]"
            if isinstance(item, str):
                item = {"name": item}
            if not isinstance(item, dict):
                self.probs.add(path, T.gettext("a player is a name or a table with a name, got {kind} {value}").format(kind=kind(item), value=short(item)))
                ok = False
                continue
            r.keys(item, PLAYER_KEYS, path)
            nm = r.get(item, "name", str, path, required=True)
            if nm is MISSING or not nm.strip():
                if nm is not MISSING:
                    self.probs.add(join(path, "name"), T.gettext('a player needs a name'))
                ok = False
                continue
            nm = nm.strip()
            colour = r.get(item, "colour", str, path)
            if colour is MISSING:
                colour = r.get(item, "color", str, path)
            specs.append(_PlayerSpec(nm, colour.strip() if colour is not MISSING and colour.strip() else ""))
        if not ok:
            return None
        lowered = [s.name.lower() for s in specs]
        for nm in sorted({x for x in lowered if lowered.count(x) > 1}):
            self.probs.add("players", T.gettext("two players are called {name}; names must differ").format(name=repr(nm)))
            ok = False
        if not ok:
            return None
        used = {s.colour for s in specs if s.colour}
        for s in specs:
            if not s.colour and s.name.lower() in KNOWN_COLOURS and s.name.lower() not in used:
                s.colour = s.name.lower()
                used.add(s.colour)
        for s in specs:
            if not s.colour:
                s.colour = next((c for c in (*colours, *KNOWN_COLOURS) if c not in used), "grey")
                used.add(s.colour)
        return specs

    def _player_details(self, specs: list[_PlayerSpec]) -> set[int]:
        """Hands, piles, captured pieces and used swaps; returns the seats with a problem."""
        bad: set[int] = set()
        raw = self.data.get("players")
        if not isinstance(raw, list):
            return bad
        for k, item in enumerate(raw):
            if not isinstance(item, dict):
                continue
            spec = specs[k]
            path = f"players.{spec.name}"
            for key in ("hand", "pile"):
                v = self.r.get(item, key, (list, str), path)
                if v is MISSING:
                    if key in item:
                        bad.add(k)
                    continue
                if isinstance(v, str):  # codes in one text: "H3 S1 W2"
                    v = v.replace(",", " ").split()
                tiles = []
                for j, code in enumerate(v):
                    try:
                        if not isinstance(code, str):
                            raise ValueError(T.gettext('a tile is a code such as "H4", not {kind} {value}').format(kind=kind(code), value=short(code)))
                        tiles.append(tile_by_code(code))
                    except ValueError as e:
                        self.probs.add(f"{path}.{key}[{j + 1}]", str(e))
                        bad.add(k)
                setattr(spec, key, tiles)
            if "captured" in item:
                try:
                    spec.captured = parse_counts(item["captured"])
                except ValueError as e:
                    self.probs.add(f"{path}.captured", str(e))
                    bad.add(k)
            su = self.r.get(item, "swap_used", bool, path)
            if su is not MISSING:
                spec.swap_used = su
            elif "swap_used" in item:
                bad.add(k)
        return bad

    # --- the position ----------------------------------------------------------------------
    def _position_fields_without_board(self) -> None:
        """Without a valid player list only the shape of the position can be checked."""
        for key, t in (("pieces", dict), ("tiles", dict), ("turn", dict), ("phase", str), ("seed", int),
                       ("fill", str), ("step", list), ("variant", list), ("expect", dict)):
            self.r.get(self.data, key, t, "")

    def _position(self, ruleset: Ruleset, specs: list[_PlayerSpec]) -> GameState:
        """The starting state; every problem of the position goes to ``probs``."""
        d, r, board = self.data, self.r, self.board
        assert board is not None and self.players is not None
        bad_players = self._player_details(specs)
        phase = Phase(r.choice(d, "phase", PHASES, "", T.gettext("phase must be one of {items}, not {value}"),
                               default=Phase.PLAY))
        seed = r.get(d, "seed", int, "", default=None)
        fill = r.choice(d, "fill", FILL_MODES, "", T.gettext("fill must be one of {items}, not {value}"),
                        default="none")

        pieces, listed, pieces_bad = self._pieces(phase)
        tiles: list[Placed | None] = [None] * len(board.ids)
        tile_entries, tiles_bad = self._read_hex_table("tiles", lambda v: placed_value(v, self.players),
                                                       "{hex} is listed twice; a hex holds at most one tile")
        for i, pl in tile_entries:
            tiles[i] = pl
        set_aside, aside_bad = (0, 0, 0), False
        if "set_aside" in d:
            try:
                set_aside = parse_counts(d["set_aside"])
            except ValueError as e:
                self.probs.add("set_aside", str(e))
                aside_bad = True
        turn, turn_bad = self._turn(phase, pieces, specs)

        captured = [s.captured for s in specs]
        if fill == "random":
            if phase in (Phase.CHOOSE_HANDS, Phase.PLACE_PIECES):
                self.probs.add("fill", T.gettext('fill applies once every piece is placed (phase play or game_over): hands are chosen first, then the pieces are placed'))
            elif not (pieces_bad or aside_bad or bad_players):
                msg = fill_settlements(board, pieces, listed, captured, set_aside, tiles, seed)
                if msg:
                    self.probs.add("fill", msg)
                    pieces_bad = True
        hands, piles = deal_tiles(specs, phase, turn.current, turn.played, tiles, seed, bool(bad_players or tiles_bad))
        state = GameState(
            ruleset=ruleset, seats=tuple(Seat(s.name, s.colour) for s in specs), seed=seed, phase=phase,
            current=turn.current, tiles=tuple(tiles), pieces=tuple(pieces), hands=hands, piles=piles,
            pile_sizes=tuple(len(p) for p in piles), captured=tuple(captured), set_aside=set_aside,
            discarded=tuple((tile_by_code("X"),) if s.swap_used else () for s in specs), turn=turn.number,
            normal_played=turn.normal_played, played_this_turn=turn.played, passes=turn.passes,
            end_reason=turn.end_reason, events=(),
        )
        if state.end_reason is None:
            state = replace(state, end_reason=_derived_end(state))
        raw_turn = d.get("turn") if isinstance(d.get("turn"), dict) else {}
        if "last_captures" in raw_turn:
            events = self._events(raw_turn["last_captures"], state)
            if events is None:
                turn_bad = True
            elif events:
                state = replace(state, events=events)

        skip = {part for part, bad in (("pieces", pieces_bad or aside_bad or bad_players),
                                       ("players", tiles_bad or bad_players), ("turn", turn_bad)) if bad}
        self._add_state_problems(state, skip, "", hint_fill=fill == "none")
        return state

    def _pieces(self, phase: Phase) -> tuple[list[tuple[Caste, ...]], set[int], bool]:
        """``[pieces]``: the pieces per hex index, the settlements listed, and whether a problem was found."""
        board = self.board
        assert board is not None
        pieces: list[tuple[Caste, ...]] = [() for _ in board.ids]
        entries, bad = self._read_hex_table("pieces", castes_value, "{hex} is listed twice")
        for i, castes in entries:
            pieces[i] = castes
        listed = {i for i, _ in entries}
        if phase in (Phase.CHOOSE_HANDS, Phase.PLACE_PIECES) and board.edo not in listed:
            pieces[board.edo] = CASTES  # Edo is filled before anything else
        return pieces, listed, bad

    def _read_hex_table(self, name: str, parse: Callable[[object], V], twice: str) -> tuple[list[tuple[int, V]], bool]:
        """The top-level table ``name`` keyed by hex, each value read by ``parse``: (hex index, value) for every
        good entry, and whether a problem was found (a hex listed twice is one)."""
        board = self.board
        assert board is not None
        table = self.r.get(self.data, name, dict, "")
        if table is MISSING:
            return [], name in self.data
        entries, bad = self.r.hex_table(board, table, name, parse, twice)
        for i, path, _ in entries:
            self.written[f"{name}.{board.ids[i]}"] = path  # problems are reported at the key the file wrote
        return [(i, value) for i, _, value in entries], bad

    def _turn(self, phase: Phase, pieces, specs: list[_PlayerSpec]) -> tuple[_TurnSpec, bool]:
        """``[turn]`` with its defaults, and whether a problem was found."""
        r, players = self.r, self.players
        assert players is not None
        n = len(specs)
        bad = False
        turn = r.get(self.data, "turn", dict, "")
        if turn is MISSING:
            bad = "turn" in self.data
            turn = {}
        r.keys(turn, TURN_KEYS, "turn")
        bad = bad or any(k in turn and not is_type(turn[k], t) for k, t in (
            ("normal_played", bool), ("played", int), ("passes", int), ("player", str), ("number", int),
            ("end_reason", str)))
        current = None
        pv = r.get(turn, "player", str, "turn")
        if pv is not MISSING:
            try:
                current = players.index(pv)
            except ValueError as e:
                self.probs.add("turn.player", str(e))
                bad = True
        number = r.get(turn, "number", int, "turn", default=None)
        if number is not None and number < 1:
            self.probs.add("turn.number", T.gettext("turns are numbered from 1, not {number}").format(number=number))
            bad = True
            number = None
        counts = {}
        for key in ("played", "passes"):
            v = r.get(turn, key, int, "turn", default=0)
            if v < 0:
                self.probs.add(f"turn.{key}", T.gettext("cannot be negative ({value})").format(value=v))
                bad = True
            counts[key] = max(v, 0)
        normal = r.get(turn, "normal_played", bool, "turn", default=False)
        end_reason = r.get(turn, "end_reason", str, "turn", default="")
        if current is None:
            placed_pieces = sum(len(ps) for ps in pieces) - 3
            if phase is Phase.PLACE_PIECES:
                current = placed_pieces % n if placed_pieces >= 0 else 0
            elif phase is Phase.CHOOSE_HANDS:
                current = next((k for k, s in enumerate(specs) if s.hand is None or len(s.hand) < HAND_SIZE), n - 1)
            elif number is not None:
                current = (number - 1) % n
            else:
                current = 0
        if number is None:
            number = current + 1 if phase in (Phase.PLAY, Phase.GAME_OVER) else 1
        spec = _TurnSpec(current, number, normal, counts["played"], counts["passes"],
                         end_reason if end_reason.strip() else None)
        return spec, bad

    def _add_state_problems(self, state: GameState, skip: set[str], prefix: str, exclude=frozenset(),
                            hint_fill: bool = False) -> None:
        for path, msg in state_problems(state):
            if hint_fill and path == "pieces" and any(
                    on + caps + state.set_aside[c.index] < supply_per_caste(state.n_players)
                    and msg == supply_message(state, c, on, caps) for c, on, caps in piece_totals(state)):
                msg += " " + T.gettext('(list the other pieces, or write fill = "random" to place them at random)')
            if path == "pieces" and "pieces" in skip:
                continue
            if "players" in skip and any(path in (f"players.{s.name}", f"players.{s.name}.hand")
                                         for s in state.seats):
                continue
            if path.startswith("turn.player") and "turn" in skip:
                continue
            shown = self.written.get(path, path)
            if (shown, msg) in exclude:
                continue
            self.probs.add(f"{prefix}{shown}", msg)

    def _events(self, value: object, state: GameState) -> tuple[Resolution, ...] | None:
        if not isinstance(value, list):
            self.probs.add("turn.last_captures", T.gettext("expected a list of captures, got {kind}").format(kind=kind(value)))
            return None
        specs = [self.xr.capture(item, f"turn.last_captures[{k + 1}]") for k, item in enumerate(value)]
        if None in specs:
            return None
        out = []
        for spec in specs:
            i = state.board.index[spec.hex]
            tallies = spec.tallies if spec.tallies is not None else influence(state, i, spec.caste)
            out.append(Resolution(i, spec.caste, spec.winner, tuple(tallies)))
        return tuple(out)

    # --- steps ------------------------------------------------------------------------------
    def _steps(self) -> tuple[Step, ...]:
        out = []
        for number, path, item in self.r.entries(self.data, "step", STEP_KEYS,
                                                 T.gettext("a step is a table ([[step]]), got {kind}")):
            text = self.r.get(item, "action", str, path, required=True)
            action = self._action(text, f"{path}.action") if text is not MISSING else None
            by = None
            byv = self.r.get(item, "by", str, path)
            if byv is not MISSING:
                try:
                    by = self.players.index(byv)  # type: ignore[union-attr]
                except ValueError as e:
                    self.probs.add(f"{path}.by", str(e))
            narration = self.r.get(item, "narration", str, path, default="")
            exp = self._expect(item, path, in_step=True)
            focus = self._hex_list(item["focus"], f"{path}.focus") if "focus" in item else None
            if action is None:
                continue
            if focus is None:
                focus = self._action_focus(action)
            out.append(Step(number, action, text.strip(), by, narration.strip(), exp, tuple(focus)))
        self._setup_order(out)
        return tuple(out)

    def _expect(self, table: dict, path: str, in_step: bool) -> Expectation | None:
        """The expectations of ``table`` (its ``expect`` table), if it has them."""
        if self.r.get(table, "expect", dict, path) is MISSING:
            return None
        assert self.xr is not None
        return self.xr.expect(table["expect"], join(path, "expect"), in_step=in_step)

    def _setup_order(self, steps: list[Step]) -> None:
        """Steps written in the other order (a caste piece placed before a pick) are one problem."""
        piece = next((s for s in steps if isinstance(s.action, PlacePiece)), None)
        if piece is not None and any(isinstance(s.action, PickTile) for s in steps if s.number > piece.number):
            self.probs.add(f"step[{piece.number}].action", T.gettext("'{action}' comes before every hand is chosen: in the rulebooks' order the hands are chosen first, then the caste pieces are placed").format(action=piece.text))

    def _action(self, text: str, path: str):
        try:
            a = parse_action(text)
        except ValueError as e:
            self.probs.add(path, str(e))
            return None
        changes = {}
        for f in [f for f in HEX_FIELDS if hasattr(a, f)]:
            hid = read_hex(self.board, getattr(a, f), path, self.probs)
            if hid is None:  # the first hex not in play is the problem
                return None
            changes[f] = hid
        return replace(a, **changes) if changes else a

    def _action_focus(self, action) -> list[str]:
        board = self.board
        assert board is not None
        out: list[str] = []
        for h in action_hex_ids(action):
            i = board.index[h]
            out.append(h)
            if not board.is_settlement[i]:
                out.extend(board.ids[s] for s in board.adjacent_settlements[i])
        return list(dict.fromkeys(out))

    def _hex_list(self, value: object, path: str) -> list[str]:
        if not isinstance(value, list):
            self.probs.add(path, T.gettext("expected a list of hexes, got {kind}").format(kind=kind(value)))
            return []
        hexes = [read_hex(self.board, ref, f"{path}[{k + 1}]", self.probs) for k, ref in enumerate(value)]
        return [h for h in hexes if h is not None]

    def _focus(self, d: dict, steps, final) -> tuple[str, ...]:
        if self.board is None:
            return ()
        if "focus" in d:
            return tuple(dict.fromkeys(self._hex_list(d["focus"], "focus")))
        hexes: list[str] = []
        for s in steps:
            hexes += [h for h in s.focus if self.board.is_settlement[self.board.index[h]]]
            if s.expect is not None:
                hexes += sorted(s.expect.hexes())
        if final is not None:
            hexes += sorted(final.hexes())
        if not hexes:
            table = d.get("pieces") if isinstance(d.get("pieces"), dict) else {}
            for key in table:
                try:
                    hexes.append(self.board.ids[self.board.resolve(key)])
                except ValueError:
                    pass
            if len(hexes) == len(self.board.settlements):
                hexes = []
        return tuple(dict.fromkeys(hexes))

    def _variants(self, state: GameState, steps) -> tuple[Variant, ...]:
        out = []
        names: set[str] = set()
        base_problems = {(p.path, p.message) for p in self.probs.items}
        for _, path, item in self.r.entries(self.data, "variant", VARIANT_KEYS,
                                            T.gettext("a variant is a table ([[variant]]), got {kind}")):
            name = self.r.get(item, "name", str, path, required=True)
            if name is not MISSING:
                if not name.strip():
                    self.probs.add(f"{path}.name", T.gettext('a variant needs a name'))
                elif name in names:
                    self.probs.add(f"{path}.name", T.gettext("two variants are called {name}").format(name=repr(name)))
                names.add(name)
            desc = self.r.get(item, "description", str, path, default="")
            rules_t = self.r.get(item, "rules", dict, path, required=True)
            ruleset = self._rules(rules_t, f"{path}.rules", state.ruleset) if rules_t is not MISSING else None
            final = self._expect(item, path, in_step=False)
            per_step: dict[int, Expectation] = {}
            st = self.r.get(item, "steps", dict, path)
            if st is not MISSING:
                for key, table in st.items():
                    p = join(f"{path}.steps", key)
                    if not re.fullmatch(r"\d+", key) or not 1 <= int(key) <= len(steps):
                        self.probs.add(p, T.gettext("steps are numbered 1 to {count}; {key} is not one of them").format(count=len(steps), key=repr(key)))
                        continue
                    if not isinstance(table, dict):
                        self.probs.add(p, T.gettext("expected a table of expectations, got {kind}").format(kind=kind(table)))
                        continue
                    e = self.xr.expect(table, p, in_step=True)
                    if e is not None:
                        per_step[int(key)] = e
            if ruleset is None or name is MISSING:
                continue
            vstate = replace(state, ruleset=ruleset)
            if vstate.end_reason is None or state.end_reason == _derived_end(state):
                vstate = replace(vstate, end_reason=_derived_end(vstate))
            self._add_state_problems(vstate, set(), f"{path} ({name}): ", exclude=frozenset(base_problems))
            out.append(Variant(name.strip(), desc.strip(), ruleset, vstate, final, per_step))
        return tuple(out)


def _derived_end(state: GameState) -> str | None:
    """The end reason a position implies when the file does not give one."""
    if state.phase is Phase.GAME_OVER:
        return passes_end(state) if state.passes >= state.n_players else end_condition(state)
    if (state.phase is Phase.PLAY and state.ruleset.capture_timing == INSTANT
            and state.ruleset.instant_end == FINISH_TURN and state.played_this_turn >= 1):
        return end_condition(state)
    return None


