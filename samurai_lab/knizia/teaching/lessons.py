"""The guided lesson: chapters with a short explanation and tasks on prepared positions, read from the
lesson file ``lessons.toml`` beside this module (``load_lesson``; docs/ARCHITECTURE.md, "The lesson file").

A ``Task`` is a prepared position (``Setup``), a checkable ``Goal``, feedback naming the rule and a hint.
Texts are templates in every edition's words: ``{H}``, ``{B}``, ``{R}`` the castes (``{Hs}`` ... plurals),
``{tile}``, ``{tiles}``, ``{swap}``, ``{move}``, ``{fast}``, ``{piece}``, ``{pieces}``, ``{me}``, ``{them}``,
``{t_H4}`` a tile's name. A try is a ``Run`` of up to ``task.moves`` actions, judged after each::

    run = Run(task, EDITION_1998)
    verdict = run.play(parse_action("B3@HO18"))   # IllegalMoveError if the rules forbid it
    verdict.status, verdict.message               # "solved" | "wrong" | "continue"

The learner is always the first player; the position is on the 2-player map (Honshu).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import MISSING, dataclass, field, fields
from functools import cache
from pathlib import Path
from typing import Mapping, Protocol, Sequence

from ..core.actions import Action, EndTurn, MoveTile, Pass, PlaceTile
from ..core.board import CITY, Board, board_for, place_name
from ..core.grammar import Word, WordList
from ..core.rules import IllegalMoveError
from ..core.ruleset import EDITION_1998, INSTANT, Ruleset
from ..core.scoring import score_state
from ..core.text import end_reason_text, tile_name
from ..core.model import Phase, Resolution, default_seats, placed
from ..core.state import GameState
from ..core.tiles import CASTES, TILE_KINDS, TILE_SET_COUNTS, Caste, Figure, Tile, sort_tiles, supply_per_caste, tile
from ..scenarios.notation import sort_castes
from .game_text import action_hexes
from .words import capitalised
from ...common.limits import loads_toml, tomllib
from ...i18n import N_, Domain, get_language

T = Domain("knizia")

LEARNER, OPPONENT = 0, 1
SOLVED, WRONG, CONTINUE = "solved", "wrong", "continue"


# --- words -------------------------------------------------------------------

def words(ruleset: Ruleset, seats: Sequence[str] | None = None) -> dict[str, str]:
    """The placeholders of lesson texts, in the words of ``ruleset``'s edition and the current language."""
    return dict(_words(ruleset, None if seats is None else tuple(seats), get_language()))


@cache
def _words(ruleset: Ruleset, seats: tuple[str, ...] | None, language: str) -> dict[str, str]:
    """:func:`words`, made once per ruleset, seats and ``language`` (the current one, which the names follow)."""
    vocab = ruleset.vocabulary
    names = (list(seats) if seats is not None
             else [vocab.seat_name(c.capitalize(), c) for c in vocab.colours[:2]])
    return {
        "H": vocab.caste(Caste.HELMET), "B": vocab.caste(Caste.BUDDHA), "R": vocab.caste(Caste.RICE),
        "tile": vocab.tile, "tiles": vocab.tiles, "Tile": vocab.tile.capitalize(), "Tiles": vocab.tiles.capitalize(),
        "swap": vocab.swap, "move": vocab.move, "fast": vocab.fast, "piece": vocab.piece, "pieces": vocab.pieces,
        "me": names[LEARNER], "them": names[OPPONENT], "edition": ruleset.edition,
        **{c.value + "s": vocab.castes_plural[c] for c in CASTES},
        **{"t_" + t.code: tile_name(t, vocab) for t in TILE_KINDS},
    }


def fill(template: str, ruleset: Ruleset, seats: Sequence[str] | None = None) -> str:
    """A lesson text (an ``N_``-marked English template) in the current language and the edition's words."""
    return T.gettext(template).format_map(words(ruleset, seats))


def settlement_name(board: Board, i: int) -> Word:
    """``Kyoto``, ``Edo``, ``the village HO12`` (in the current language; the lesson shows the id in words,
    ``plain_text``). The name takes the form a translation asks for (``{where:in}``: Italian ``nel villaggio
    HO12``, ``{where:prep}``: Russian ``деревне HO12``)."""
    info = board.info[i]
    if info.name:
        return Word(place_name(info.name))
    text = T.gettext("the city {id}") if info.kind == CITY else T.gettext("the village {id}")
    return Word(text.format(id=info.id))


def hex_name(board: Board, i: int) -> Word:
    """``the land HO02``, ``the sea SEA07`` or a settlement's name, put into words by ``plain_text``."""
    if board.is_settlement[i]:
        return settlement_name(board, i)
    text = T.gettext("the sea {id}") if board.is_sea[i] else T.gettext("the land {id}")
    return Word(text.format(id=board.ids[i]))


def _join(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return T.gettext("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


# --- prepared positions ----------------------------------------------------------

@dataclass(frozen=True)
class Setup:
    """A prepared position on the 2-player map, player 0 (the learner) to play: ``pieces`` (caste letters) of
    some settlements, none in ``empty``, the others filled from what ``captured`` and ``set_aside`` leave;
    ``tiles`` maps a hex to (owner, tile code)."""

    hand: str
    pieces: Mapping[str, str] = field(default_factory=dict)
    tiles: Mapping[str, tuple[int, str]] = field(default_factory=dict)
    empty: tuple[str, ...] = ()
    captured: tuple[tuple[int, int, int], tuple[int, int, int]] = ((0, 0, 0), (0, 0, 0))
    set_aside: tuple[int, int, int] = (0, 0, 0)
    seed: int = 1


def _fill_settlements(board: Board, left: list[int], targets: Sequence[int],
                      where: str) -> dict[int, tuple[Caste, ...]]:
    """Deal the remaining pieces (``left`` per caste) into ``targets``: cities two different, villages one."""
    need = sum(board.capacity[s] for s in targets)
    if sum(left) != need:
        raise ValueError(f"{where}: {sum(left)} pieces are left for the other settlements, which hold {need}; "
                         "adjust pieces, empty, captured or set_aside")
    out: dict[int, tuple[Caste, ...]] = {}
    for s in sorted(targets, key=lambda s: -board.capacity[s]):
        cap = board.capacity[s]
        chosen = sorted(CASTES, key=lambda c: (-left[c.index], (c.index + s) % 3))[:cap]
        if any(left[c.index] <= 0 for c in chosen):
            raise ValueError(f"{where}: cannot fill {board.label(s)} with {cap} different pieces from what is left")
        for c in chosen:
            left[c.index] -= 1
        out[s] = sort_castes(chosen)
    return out


def build_position(setup: Setup, ruleset: Ruleset, where: str = "lesson position") -> GameState:
    """The GameState of a prepared position (ValueError naming ``where`` and the field if inconsistent)."""
    n = 2
    board = board_for(n)
    per = supply_per_caste(n)
    pieces: list[tuple[Caste, ...]] = [() for _ in board.ids]
    named: set[int] = set()
    for ref, letters in setup.pieces.items():
        i = board.resolve(ref)
        if not board.is_settlement[i]:
            raise ValueError(f"{where}: pieces: {ref} is not a settlement")
        cs = sort_castes([Caste(x) for x in letters])
        if len(set(cs)) != len(cs) or len(cs) > board.capacity[i]:
            raise ValueError(f"{where}: pieces: {ref} cannot hold {letters!r}")
        pieces[i] = cs
        named.add(i)
    named.update(board.resolve(ref) for ref in setup.empty)
    on_board = Counter(c for cs in pieces for c in cs)
    left = [per - on_board[c] - sum(cap[c.index] for cap in setup.captured) - setup.set_aside[c.index]
            for c in CASTES]
    for c in CASTES:
        if left[c.index] < 0:
            raise ValueError(f"{where}: more than {per} {c.name.lower()} pieces counted")
    others = [s for s in board.settlements if s not in named]
    for s, cs in _fill_settlements(board, left, others, where).items():
        pieces[s] = cs
    tiles: list = [None] * len(board)
    used: list[Counter] = [Counter(), Counter()]
    for ref, (owner, code) in setup.tiles.items():
        i = board.resolve(ref)
        t = tile(code)
        if board.is_settlement[i] or (board.is_sea[i] != t.on_sea):
            raise ValueError(f"{where}: tiles: {code} cannot lie on {ref}")
        tiles[i] = placed(owner, t)
        used[owner][t] += 1
    hands, piles = [], []
    for p in range(n):
        rest = Counter(TILE_SET_COUNTS)
        rest.subtract(used[p])
        if p == LEARNER:
            hand = [tile(c) for c in setup.hand.split()]
        else:
            hand = [t for t in TILE_KINDS if rest[t] > 0 and not t.is_swap and not t.is_move][:5]
        rest.subtract(hand)
        if any(v < 0 for v in rest.values()):
            raise ValueError(f"{where}: player {p + 1} would need more tiles than his 20 ({setup.hand!r})")
        rng = random.Random(f"lesson:{setup.seed}:{p}")
        hands.append(sort_tiles(hand))
        piles.append(tuple(sorted(sort_tiles(rest.elements()), key=lambda _t: rng.random())))
    return GameState(
        ruleset=ruleset, seats=default_seats(n, ruleset), seed=setup.seed, phase=Phase.PLAY, current=LEARNER,
        tiles=tuple(tiles), pieces=tuple(pieces), hands=tuple(hands), piles=tuple(piles),
        pile_sizes=tuple(len(p) for p in piles), captured=tuple(setup.captured), set_aside=tuple(setup.set_aside),
        discarded=((), ()),
    )


# --- a try at a task ---------------------------------------------------------------

@dataclass(frozen=True)
class Verdict:
    """How a try stands: ``solved``, ``wrong`` (the try is over) or ``continue``; and why."""

    status: str
    message: str


class Run:
    """One try at a task: the learner's actions of one turn from the prepared position."""

    def __init__(self, task: "Task", ruleset: Ruleset) -> None:
        self.task = task
        self.ruleset = ruleset
        self.start = task.position(ruleset)
        self.board: Board = self.start.board
        self.actions: list[Action] = []
        self.states: list[GameState] = [self.start]
        self.verdict: Verdict | None = None
        self._ended: GameState | None = None

    @property
    def state(self) -> GameState:
        return self.states[-1]

    @property
    def over(self) -> bool:
        return self.verdict is not None and self.verdict.status != CONTINUE

    @property
    def names(self) -> list[str]:
        """The players' names as shown (``Green``; ``Verde`` in Italian)."""
        return self.ruleset.vocabulary.seat_names(self.start.seats)

    def ended(self) -> GameState:
        """The state once the turn is ended (captures of end-of-turn timing resolved)."""
        if self._ended is None:
            s = self.state
            self._ended = s if s.is_over or s.played_this_turn == 0 else s.apply(EndTurn())
        return self._ended

    def resolutions(self, include_end: bool = True) -> list[tuple[int, Resolution]]:
        """(number of the action that caused it, resolution); the turn's end counts as action len(actions)+1."""
        out = [(k, r) for k, s in enumerate(self.states) if k for r in s.events]
        end = self.ended()
        if include_end and end is not self.state:
            out.extend((len(self.actions) + 1, r) for r in end.events)  # what the end of the turn decided
        return out

    def placed(self) -> list[tuple[int, Tile]]:
        """(hex, tile) of every tile the learner laid or moved this try."""
        out = []
        for a, after in zip(self.actions, self.states[1:]):
            if isinstance(a, PlaceTile):
                out.append((self.board.resolve(a.hex), a.tile))
            elif isinstance(a, MoveTile):
                i = self.board.resolve(a.to_hex)
                out.append((i, after.tiles[i].tile))  # type: ignore[union-attr]
        return out

    def play(self, action: Action) -> Verdict:
        """Play one action of the turn (IllegalMoveError if the rules forbid it) and judge the try."""
        if self.over:
            raise ValueError("this try is over: start it again")
        if isinstance(action, (EndTurn, Pass)):
            return self.end_turn()
        self.states.append(self.state.apply(action))
        self.actions.append(action)
        self._ended = None
        return self._judge(final=False)

    def end_turn(self) -> Verdict:
        """The learner ends the turn: the try is judged for good."""
        if not self.actions:
            raise IllegalMoveError(EndTurn(), T.gettext("a player must play at least one {tile} each turn").format(
                tile=self.ruleset.vocabulary.tile))
        return self._judge(final=True)

    def _judge(self, final: bool) -> Verdict:
        goal = self.task.goal
        left = self.task.moves - len(self.actions)
        if goal.met(self):
            text = self.task.success_text(self.ruleset, self.names) + " " + goal.summary(self)
            self.verdict = Verdict(SOLVED, text.strip())
        elif (final or left <= 0 or self.state.is_over or self.state.legal_actions() == [EndTurn()]
              or goal.decided(self)):
            self.verdict = Verdict(WRONG, goal.feedback(self))
        else:
            self.verdict = Verdict(CONTINUE, T.ngettext(
                "Not done yet. You may lay up to {n} more {tile} this turn (only {tiles} with the {fast} "
                "once your one normal {tile} is down), or end the turn.",
                "Not done yet. You may lay up to {n} more {tiles} this turn (only {tiles} with the {fast} "
                "once your one normal {tile} is down), or end the turn.", left).format(
                    n=left, **words(self.ruleset, self.names)))
        return self.verdict


# --- goals ----------------------------------------------------------------------------

class Goal(Protocol):
    """What a task asks, checked on a ``Run``."""

    def met(self, run: Run) -> bool: ...
    def decided(self, run: Run) -> bool: ...
    def feedback(self, run: Run) -> str: ...
    def summary(self, run: Run) -> str: ...


def _tallies_text(run: Run, tallies: Sequence[int]) -> str:
    return ", ".join(T.gettext("{player} {value}").format(player=n, value=v) for n, v in zip(run.names, tallies))


def _resolution_at(run: Run, settlement: int, caste: Caste) -> tuple[int, Resolution] | None:
    return next(((k, r) for k, r in run.resolutions() if r.hex == settlement and r.caste is caste), None)


def _settlement_decided(run: Run, settlement: int) -> bool:
    """Were pieces of ``settlement`` decided by an action of this try (not counting the turn's end)?"""
    return any(r.hex == settlement for _, r in run.resolutions(include_end=False))


def describe(run: Run, r: Resolution) -> str:
    """``Yellow takes the Buddha of Kyoto (Green 1, Yellow 2)`` or ``... is set aside (...)``."""
    vocab = run.ruleset.vocabulary
    values = dict(caste=vocab.caste(r.caste), where=settlement_name(run.board, r.hex),
                  tallies=_tallies_text(run, r.tallies))
    if r.winner is None:
        return capitalised(T.gettext("the {caste} of {where} is set aside ({tallies})").format(**values))
    return T.gettext("{player} takes the {caste} of {where} ({tallies})").format(player=run.names[r.winner], **values)


def _not_surrounded(run: Run, s: int) -> str:
    empty = [run.board.ids[o] for o in run.board.land_neighbours[s] if run.state.tiles[o] is None]
    return capitalised(T.ngettext(
        "{where} is not surrounded yet: {hexes} is still empty. Its {pieces} are decided only when every land "
        "hex next to it holds a {tile} (sea hexes never need filling).",
        "{where} is not surrounded yet: {hexes} are still empty. Its {pieces} are decided only when every land "
        "hex next to it holds a {tile} (sea hexes never need filling).", len(empty)).format(
            where=settlement_name(run.board, s), hexes=_join(empty), **words(run.ruleset, run.names)))


def _tiles_not_counting(run: Run, s: int, caste: Caste) -> list[str]:
    """Notes on the learner's tiles of this try that touch ``s`` but do not count for ``caste``, or miss it."""
    vocab = run.ruleset.vocabulary
    notes = []
    for i, t in run.placed():
        name = tile_name(t, vocab)
        if i not in run.board.neighbours[s]:
            notes.append(_NOT_TOUCHING(name, hex_name(run.board, i), settlement_name(run.board, s), vocab.tile))
        elif not t.counts_for(caste):
            if t.is_move:
                notes.append(T.gettext("the {move} left behind is worth 0").format(move=vocab.move))
            else:
                own = vocab.castes_plural[t.caste]  # type: ignore[index]
                notes.append(T.gettext("your {tile} counts only for {castes}, not for the {caste}; Samurai, "
                                       "Ronin and Ships count for every caste").format(
                                           tile=name, castes=own, caste=vocab.caste(caste)))
    return notes


def _NOT_TOUCHING(name: str, on: Word, where: Word, tile_word: str) -> str:
    return T.gettext("your {tile} on {hex} does not touch {where}: a {tile_word} counts only for the settlements "
                     "on its six sides").format(tile=name, hex=on, where=where, tile_word=tile_word)


def _r2_note(run: Run, settlement: int, when: int) -> str:
    """Under instant capture: tiles laid after the settlement was decided came too late."""
    near = run.board.neighbours[settlement]
    if run.ruleset.capture_timing != INSTANT or not any(i in near for i, _ in run.placed()[when:]):
        return ""
    return " " + T.gettext("Under these rules a settlement is decided the moment its surround is complete (R2: "
                           "instant capture), so a {tile} laid next to it afterwards comes too late: lay it "
                           "first.").format(tile=run.ruleset.vocabulary.tile)


def explain_piece(run: Run, settlement: int, caste: Caste) -> str:
    """Why the learner did not take the ``caste`` piece of ``settlement``, naming the rule."""
    vocab = run.ruleset.vocabulary
    cname = vocab.caste(caste)
    where = settlement_name(run.board, settlement)
    found = _resolution_at(run, settlement, caste)
    if found is None:
        others = [r for _, r in run.resolutions() if r.hex == settlement]
        if others:
            return T.gettext("There was no {caste} in {where} when it was surrounded: {what}.").format(
                caste=cname, where=where, what="; ".join(describe(run, r) for r in others))
        if caste not in run.ended().pieces[settlement]:
            return (T.gettext("There is no {caste} in {where}: a {caste} you want to take must first lie there.")
                    .format(caste=cname, where=where) + " " + _not_surrounded(run, settlement))
        return _not_surrounded(run, settlement)
    when, r = found
    tallies = _tallies_text(run, r.tallies)
    if r.winner is None:
        text = T.gettext("The {caste} of {where} is set aside ({tallies}): a tie for the highest influence means "
                         "nobody takes it.").format(caste=cname, where=where, tallies=tallies)
    else:
        text = T.gettext("{player} takes the {caste} of {where} ({tallies}). Each {piece} goes to the one player "
                         "with the highest sum of the {tiles} next to it that show its caste or a wild figure.").format(
            player=run.names[r.winner], caste=cname, where=where, tallies=tallies, piece=vocab.piece,
            tiles=vocab.tiles)
    notes = _tiles_not_counting(run, settlement, caste)
    if notes:
        text += " " + T.gettext("Note: {notes}.").format(notes="; ".join(notes))
    return text + _r2_note(run, settlement, when)


class _Open:
    """A goal no single action settles for good (the try goes on while moves are left); no summary by default."""

    def decided(self, run: Run) -> bool:
        return False

    def summary(self, run: Run) -> str:
        return ""


@dataclass(frozen=True)
class Capture:
    """The learner takes the pieces ``castes`` (letters) of ``settlement`` this turn."""

    settlement: str
    castes: str

    def _targets(self, run: Run) -> list[tuple[int, Caste]]:
        s = run.board.resolve(self.settlement)
        return [(s, Caste(c)) for c in self.castes]

    def _missed(self, run: Run) -> list[tuple[int, Caste]]:
        """The targets the learner has not taken (yet)."""
        return [(s, c) for s, c in self._targets(run)
                if (found := _resolution_at(run, s, c)) is None or found[1].winner != LEARNER]

    def met(self, run: Run) -> bool:
        return not self._missed(run)

    def decided(self, run: Run) -> bool:
        return all(_settlement_decided(run, s) for s, _ in self._targets(run))

    def feedback(self, run: Run) -> str:
        return " ".join(dict.fromkeys(explain_piece(run, s, c) for s, c in self._missed(run)))

    def summary(self, run: Run) -> str:
        vocab = run.ruleset.vocabulary
        found = [(c, _resolution_at(run, s, c)[1]) for s, c in self._targets(run)]  # type: ignore[index]
        return T.gettext("You take {what}.").format(what=_join([T.gettext("the {caste} ({tallies})").format(
            caste=vocab.caste(c), tallies=_tallies_text(run, r.tallies)) for c, r in found]))


@dataclass(frozen=True)
class SetAside:
    """The ``caste`` piece of ``settlement`` ends tied this turn: set aside, nobody takes it."""

    settlement: str
    caste: str

    def met(self, run: Run) -> bool:
        found = _resolution_at(run, run.board.resolve(self.settlement), Caste(self.caste))
        return found is not None and found[1].winner is None

    def decided(self, run: Run) -> bool:
        return _settlement_decided(run, run.board.resolve(self.settlement))

    def feedback(self, run: Run) -> str:
        s, c = run.board.resolve(self.settlement), Caste(self.caste)
        found = _resolution_at(run, s, c)
        if found is None:
            return explain_piece(run, s, c)
        r = found[1]
        vocab = run.ruleset.vocabulary
        return T.gettext("{player} takes the {caste} of {where} ({tallies}): a {piece} is set aside only when "
                         "the highest sums are equal.").format(
            caste=vocab.caste(c), where=settlement_name(run.board, s), tallies=_tallies_text(run, r.tallies),
            piece=vocab.piece, player=run.names[r.winner])  # type: ignore[index]

    def summary(self, run: Run) -> str:
        r = _resolution_at(run, run.board.resolve(self.settlement), Caste(self.caste))[1]  # type: ignore[index]
        return T.gettext("Tie ({tallies}): the {piece} is set aside and belongs to nobody.").format(
            tallies=_tallies_text(run, r.tallies), piece=run.ruleset.vocabulary.piece)


@dataclass(frozen=True)
class Influence(_Open):
    """One tile of this try adds the learner's influence on every (settlement, caste) of ``targets``."""

    targets: tuple[tuple[str, str], ...]
    figure: str | None = None  # the tile must show this figure (e.g. "ship")

    def _gains(self, run: Run, i: int, t: Tile) -> list[bool]:
        board = run.board
        return [i in board.neighbours[board.resolve(ref)] and t.per_caste[Caste(c).index] > 0
                for ref, c in self.targets]

    def met(self, run: Run) -> bool:
        return any((self.figure is None or t.figure is Figure(self.figure)) and all(self._gains(run, i, t))
                   for i, t in run.placed())

    def feedback(self, run: Run) -> str:
        vocab = run.ruleset.vocabulary
        notes = []
        for i, t in run.placed():
            name = tile_name(t, vocab)
            if self.figure is not None and t.figure is not Figure(self.figure):
                notes.append(_needs_figure(vocab, Figure(self.figure), name, " — "))
                continue
            aims = [(run.board.resolve(ref), c, ok) for (ref, c), ok in zip(self.targets, self._gains(run, i, t))]
            # the settlements this tile does not touch, named once together
            missed = {s: settlement_name(run.board, s) for s, _, ok in aims
                      if not ok and i not in run.board.neighbours[s]}
            if missed:
                named_first = sorted(missed, key=lambda s: not run.board.info[s].name)  # Akita, then the village...
                notes.append(_NOT_TOUCHING(name, hex_name(run.board, i), WordList([missed[s] for s in named_first],
                                                                                  _join), vocab.tile))
            for s, c, ok in aims:
                if ok or s in missed:
                    continue
                msg = (T.gettext("your {tile} touches {where} but counts only for {castes}, not for its "
                                 "{caste}; Samurai, Ronin and Ships count for every caste") if t.caste else
                       T.gettext("your {tile} touches {where} but counts for nothing, not for its "
                                 "{caste}; Samurai, Ronin and Ships count for every caste"))
                notes.append(msg.format(tile=name, where=settlement_name(run.board, s), caste=vocab.caste(Caste(c)),
                                        castes=vocab.castes_plural[t.caste] if t.caste else ""))
        return capitalised("; ".join(dict.fromkeys(notes))
                    or T.gettext("No {tile} of yours reached the target").format(tile=vocab.tile)) + "."

    def summary(self, run: Run) -> str:
        vocab = run.ruleset.vocabulary
        aims = [T.gettext("the {caste} of {where}").format(
                    caste=vocab.caste(Caste(c)), where=settlement_name(run.board, run.board.resolve(ref)))
                for ref, c in self.targets]
        return T.gettext("Your {tile} now counts for {what}.").format(tile=vocab.tile, what=_join(aims))


@dataclass(frozen=True)
class Touch(_Open):
    """A tile of this try (of ``figure``, if given) borders ``settlement``."""

    settlement: str
    figure: str | None = None

    def met(self, run: Run) -> bool:
        near = run.board.neighbours[run.board.resolve(self.settlement)]
        return any(i in near and (self.figure is None or t.figure is Figure(self.figure)) for i, t in run.placed())

    def feedback(self, run: Run) -> str:
        vocab = run.ruleset.vocabulary
        s = run.board.resolve(self.settlement)
        where = settlement_name(run.board, s)
        notes = [_needs_figure(vocab, Figure(self.figure), tile_name(t, vocab), " (")
                 if self.figure is not None and t.figure is not Figure(self.figure)
                 else _NOT_TOUCHING(tile_name(t, vocab), hex_name(run.board, i), where, vocab.tile)
                 for i, t in run.placed()]
        return capitalised("; ".join(notes) or T.gettext("No {tile} of yours touches {where}").format(
            tile=vocab.tile, where=where)) + "."


def _needs_figure(vocab, figure: Figure, name: str, how: str) -> str:
    """``this task needs your Ship, not the High Helmet 3`` (+ where ships go, after `` — `` or in brackets)."""
    text = T.gettext("this task needs your {figure}, not the {tile}").format(figure=vocab.figure(figure), tile=name)
    if figure is not Figure.SHIP:
        return text
    note = T.gettext("ships go on the sea, the only {tiles} that may").format(tiles=vocab.tiles)
    return f"{text} — {note}" if how == " — " else f"{text} ({note})"


@dataclass(frozen=True)
class EndGame(_Open):
    """The learner's turn ends the game."""

    def met(self, run: Run) -> bool:
        return run.ended().is_over

    def feedback(self, run: Run) -> str:
        end = run.ended()
        vocab = run.ruleset.vocabulary
        n = sum(end.set_aside)
        on_board = ", ".join(vocab.count(c, k) for c, k in zip(CASTES, end.pieces_on_board()))
        return T.ngettext("The game goes on: still on the board {on_board}; {n} set aside. It ends after a capture "
                          "when some caste has no {piece} left on the board, or when 4 {pieces} have been set aside "
                          "by ties.",
                          "The game goes on: still on the board {on_board}; {n} set aside. It ends after a capture "
                          "when some caste has no {piece} left on the board, or when 4 {pieces} have been set aside "
                          "by ties.", n).format(on_board=on_board, n=n, piece=vocab.piece,
                                                pieces=vocab.pieces)

    def summary(self, run: Run) -> str:
        end = run.ended()
        return T.gettext("The game ends: {reason}.").format(
            reason=end_reason_text(end.end_reason, run.ruleset.vocabulary))


@dataclass(frozen=True)
class Win:
    """The learner's turn ends the game and the learner wins the scoring."""

    def met(self, run: Run) -> bool:
        end = run.ended()
        return end.is_over and LEARNER in score_state(end).winners

    def decided(self, run: Run) -> bool:
        return run.state.is_over

    def feedback(self, run: Run) -> str:
        end = run.ended()
        if not end.is_over:
            return EndGame().feedback(run)
        report = score_state(end)
        winners = _join([run.names[p] for p in report.winners])
        return T.ngettext("The game ends, but {winners} wins.", "The game ends, but {winners} win.",
                          len(report.winners)).format(winners=winners) + " " + report.explanation()

    def summary(self, run: Run) -> str:
        return score_state(run.ended()).explanation()


# --- tasks and chapters ---------------------------------------------------------------

@dataclass(frozen=True)
class Task:
    """A prepared position and what the learner must do there in one turn."""

    id: str
    prompt: str
    setup: Setup
    goal: Goal
    hint: str
    focus: tuple[str, ...]
    moves: int = 1
    success: str = N_("Well done!")
    #: The prepared positions built so far, by ruleset (a state never changes: each is built once).
    built: dict[Ruleset, GameState] = field(default_factory=dict, init=False, repr=False, compare=False)

    def position(self, ruleset: Ruleset) -> GameState:
        """The prepared position under ``ruleset``."""
        if ruleset not in self.built:
            self.built[ruleset] = build_position(self.setup, ruleset, where=f"lesson task {self.id}")
        return self.built[ruleset]

    def text(self, ruleset: Ruleset) -> str:
        """The task in the current language and the edition's words."""
        return fill(self.prompt, ruleset)

    prompt_text = text

    def hint_text(self, ruleset: Ruleset) -> str:
        return fill(self.hint, ruleset)

    def success_text(self, ruleset: Ruleset, seats: Sequence[str] | None = None) -> str:
        return fill(self.success, ruleset, seats)


@dataclass(frozen=True)
class Chapter:
    """A step of the lesson: a short explanation and its tasks."""

    id: str
    title: str
    text: tuple[str, ...]  # paragraphs (templates)
    tasks: tuple[Task, ...]

    def title_text(self) -> str:
        """The chapter's title in the current language."""
        return T.gettext(self.title)

    def paragraphs(self, ruleset: Ruleset) -> list[str]:
        return [fill(p, ruleset) for p in self.text]


# --- the lesson file (lessons.toml) ---------------------------------------------------------

#: The goals a task may name: ``goal = { kind = "capture", settlement = "Kyoto", castes = "HR" }``.
GOALS: dict[str, type] = {"touch": Touch, "influence": Influence, "capture": Capture, "set-aside": SetAside,
                          "end-game": EndGame, "win": Win}
#: Who owns a tile of a prepared position: ``tiles = { HO06 = ["them", "S2"] }``.
OWNERS = {"me": LEARNER, "them": OPPONENT}
_CHAPTER = {"id": str, "title": str, "text": tuple, "task": tuple}
_TASK = {"id": str, "prompt": str, "goal": dict, "hint": str, "focus": tuple, "moves": int, "success": str}
_SETUP = {"hand": str, "pieces": dict, "tiles": dict, "empty": tuple, "captured": tuple, "set_aside": tuple,
          "seed": int}
_TYPE_NAMES = {str: "a string", int: "a whole number", dict: "a table", tuple: "an array"}
LESSON_FILE = Path(__file__).with_name("lessons.toml")


class LessonError(ValueError):
    """A lesson file that cannot be read: the message names the file, the chapter or task and what is wrong."""


def _tuples(value: object) -> object:
    """TOML's arrays as tuples, arrays in arrays too."""
    return tuple(map(_tuples, value)) if isinstance(value, list) else value


def _table(value: object, types: Mapping[str, type], required: Sequence[str], where: str) -> dict:
    """``value``, a table of the fields ``types`` holding every ``required`` one, its arrays as tuples."""
    if not isinstance(value, dict):
        raise LessonError(f"{where}: a table is expected, not {value!r}")
    for key in required:
        if key not in value:
            raise LessonError(f"{where}: the field {key!r} is missing")
    for key, v in value.items():
        if key not in types:
            raise LessonError(f"{where}: unknown field {key!r}; the fields are {', '.join(types)}")
        if not isinstance(v, list if types[key] is tuple else types[key]):
            raise LessonError(f"{where}: {key} must be {_TYPE_NAMES[types[key]]}, not {v!r}")
    return {k: _tuples(v) for k, v in value.items()}


def _goal(value: dict, where: str, board: Board) -> Goal:
    """A task's goal (one of ``GOALS``), its settlements and castes checked on the 2-player map."""
    kind = value.get("kind")
    if kind not in GOALS:
        raise LessonError(f"{where}: unknown kind {kind!r}; the kinds are {', '.join(GOALS)}")
    spec = {"kind": str, **{f.name: tuple if f.name == "targets" else str for f in fields(GOALS[kind])}}
    required = [f.name for f in fields(GOALS[kind]) if f.default is MISSING]
    goal = GOALS[kind](**{k: v for k, v in _table(value, spec, required, where).items() if k != "kind"})
    targets = getattr(goal, "targets", ())
    refs = [ref for ref, _ in targets] + ([goal.settlement] if hasattr(goal, "settlement") else [])
    castes = [c for _, c in targets] + list(getattr(goal, "castes", "") + getattr(goal, "caste", ""))
    for ref in refs:
        if not board.is_settlement[board.resolve(ref)]:
            raise LessonError(f"{where}: {ref} is not a settlement")
    for c in castes:
        if c not in {x.value for x in Caste}:
            raise LessonError(f"{where}: {c!r} is not a caste; write {', '.join(x.value for x in CASTES)}")
    figure = getattr(goal, "figure", None)
    if figure is not None and figure not in {x.value for x in Figure}:
        raise LessonError(f"{where}: {figure!r} is not a figure; write one of {', '.join(x.value for x in Figure)}")
    return goal


def _task(value: object, name: str, place: str, board: Board) -> Task:
    """One ``[[chapter.task]]`` of the file ``name`` (``place``: its chapter and number, named until its id is
    known), its fields, position, goal and hexes checked (the position under the 1998 rules kept by the task)."""
    named = value.get("id") if isinstance(value, dict) else None
    where = f"{name}: task {named}" if isinstance(named, str) else place
    given = _table(value, {**_TASK, **_SETUP}, ("id", "prompt", "hand", "goal", "hint", "focus"), where)
    tiles = given.get("tiles", {})
    for ref, owned in tiles.items():
        if not (isinstance(owned, list) and len(owned) == 2 and owned[0] in OWNERS):
            raise LessonError(f'{where}: tiles: {ref} = {owned!r}; write ["me" or "them", a tile code]')
    given["tiles"] = {ref: (OWNERS[owner], code) for ref, (owner, code) in tiles.items()}
    setup = Setup(**{k: given.pop(k) for k in _SETUP if k in given})
    try:
        if len([tile(c) for c in setup.hand.split()]) != 5:
            raise ValueError(f"hand: a hand is five tiles, not {setup.hand!r}")
        position = build_position(setup, EDITION_1998, where)
        for ref in given["focus"]:
            board.resolve(ref)
        goal = _goal(given.pop("goal"), f"{where}: goal", board)
    except (ValueError, TypeError, IndexError) as e:
        raise LessonError(str(e) if str(e).startswith(where) else f"{where}: {e}") from None
    task = Task(setup=setup, goal=goal, **given)
    task.built[EDITION_1998] = position
    return task


def load_lesson(text: str, name: str = LESSON_FILE.name) -> tuple[Chapter, ...]:
    """The chapters of a lesson file (docs/ARCHITECTURE.md, "The lesson file"); LessonError naming the file
    ``name``, the chapter or task and what is wrong when the file is not one."""
    try:
        data = loads_toml(text)
    except tomllib.TOMLDecodeError as e:
        raise LessonError(f"{name}: {e}") from None
    board = board_for(2)
    chapters: list[Chapter] = []
    for k, value in enumerate(_table(data, {"chapter": tuple}, ("chapter",), name)["chapter"]):
        ch = _table(value, _CHAPTER, tuple(_CHAPTER), f"{name}: chapter {k + 1}")
        where = f"{name}: chapter {ch['id']}"
        if not all(isinstance(p, str) for p in ch["text"]):
            raise LessonError(f"{where}: text must be an array of strings (paragraphs)")
        tasks = tuple(_task(t, name, f"{where}, task {j + 1}", board) for j, t in enumerate(ch["task"]))
        chapters.append(Chapter(ch["id"], ch["title"], ch["text"], tasks))
    for ids in ([c.id for c in chapters], [t.id for c in chapters for t in c.tasks]):
        twice = [i for i in ids if ids.count(i) > 1]
        if twice:
            raise LessonError(f"{name}: the id {twice[0]!r} is given twice")
    return tuple(chapters)


CHAPTERS: tuple[Chapter, ...] = load_lesson(LESSON_FILE.read_text(encoding="utf-8"))
TASKS: tuple[Task, ...] = tuple(t for ch in CHAPTERS for t in ch.tasks)


def task_by_id(task_id: str) -> Task:
    """A task by its id (ValueError listing the ids)."""
    for t in TASKS:
        if t.id == task_id:
            return t
    raise ValueError(f"no lesson task {task_id!r}; tasks are {', '.join(t.id for t in TASKS)}")


def chapter_of(task: Task) -> tuple[int, Chapter]:
    """(index, chapter) holding ``task``."""
    for k, ch in enumerate(CHAPTERS):
        if task in ch.tasks:
            return k, ch
    raise ValueError(f"task {task.id} is in no chapter")


# --- solving -------------------------------------------------------------------------------

def solve(task: Task, ruleset: Ruleset, limit: int = 200_000) -> list[Action] | None:
    """A shortest sequence of legal actions (at most ``task.moves``) that solves the task, or None: iterative
    deepening over ``legal_actions``, actions near the task's hexes first."""
    board = task.position(ruleset).board
    focus = {board.resolve(h) for h in task.focus}
    near = focus.union(*(board.neighbours[s] for s in focus))
    budget = [limit]

    def search(run: Run, depth: int) -> list[Action] | None:
        state = run.state
        actions = [a for a in state.legal_actions() if not isinstance(a, (EndTurn, Pass))]
        actions.sort(key=lambda a: -sum(1 for i in action_hexes(state, a) if i in near))  # near the task first
        for a in actions:
            budget[0] -= 1
            if budget[0] < 0:
                return None
            trial = _copy_run(run)
            verdict = trial.play(a)
            if verdict.status == SOLVED:
                return list(trial.actions)
            if verdict.status == CONTINUE and depth > 1:
                found = search(trial, depth - 1)
                if found is not None:
                    return found
        return None

    for depth in range(1, task.moves + 1):
        found = search(Run(task, ruleset), depth)
        if found is not None:
            return found
    return None


def _copy_run(run: Run) -> Run:
    new = object.__new__(Run)
    new.__dict__.update(run.__dict__)
    new.actions = list(run.actions)
    new.states = list(run.states)
    new.verdict = None
    new._ended = None
    return new


def progress_text(chapter_index: int, solved: int, total: int = len(TASKS)) -> str:
    """``Chapter 3 of 8 · 4 of 14 tasks solved``."""
    return (T.gettext("Chapter {k} of {n}").format(k=chapter_index + 1, n=len(CHAPTERS)) + " · "
            + T.ngettext("{solved} of {total} task solved", "{solved} of {total} tasks solved", total).format(
                solved=solved, total=total))
