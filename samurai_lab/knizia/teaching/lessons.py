"""The guided lesson as data: chapters with a short explanation and tasks on prepared positions.

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
from dataclasses import dataclass, field
from functools import cache
from typing import Mapping, Protocol, Sequence

from ..core.actions import Action, EndTurn, MoveTile, Pass, PlaceTile
from ..core.board import CITY, Board, board_for, place_name
from ..core.grammar import Word, WordList
from ..core.rules import IllegalMoveError
from ..core.ruleset import INSTANT, Ruleset
from ..core.scoring import score_state
from ..core.text import end_reason_text, tile_name
from ..core.model import Phase, Resolution, default_seats, placed
from ..core.state import GameState
from ..core.tiles import CASTES, TILE_KINDS, TILE_SET_COUNTS, Caste, Figure, Tile, sort_tiles, supply_per_caste, tile
from ..scenarios.notation import sort_castes
from .game_text import action_hexes
from .words import capitalised
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
    if info.kind == CITY:
        return Word(T.gettext("the city {id}").format(id=info.id))
    return Word(T.gettext("the village {id}").format(id=info.id))


def hex_name(board: Board, i: int) -> Word:
    """``the land HO02``, ``the sea SEA07``, or a settlement's name (``settlement_name``), in the current
    language, to be put into words with ``plain_text``."""
    if board.is_settlement[i]:
        return settlement_name(board, i)
    if board.is_sea[i]:
        return Word(T.gettext("the sea {id}").format(id=board.ids[i]))
    return Word(T.gettext("the land {id}").format(id=board.ids[i]))


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
    order = sorted(targets, key=lambda s: -board.capacity[s])
    for s in order:
        cap = board.capacity[s]
        ranked = sorted(CASTES, key=lambda c: (-left[c.index], (c.index + s) % 3))
        chosen = ranked[:cap]
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
    for ref in setup.empty:
        named.add(board.resolve(ref))
    left = [per] * 3
    for cs in pieces:
        for c in cs:
            left[c.index] -= 1
    for c in CASTES:
        left[c.index] -= sum(cap[c.index] for cap in setup.captured) + setup.set_aside[c.index]
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
        pile = sort_tiles(rest.elements())
        rng = random.Random(f"lesson:{setup.seed}:{p}")
        pile = tuple(sorted(pile, key=lambda _t: rng.random()))
        hands.append(sort_tiles(hand))
        piles.append(pile)
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
        self.actions: list[Action] = []
        self.states: list[GameState] = [self.start]
        self.verdict: Verdict | None = None
        self._ended: GameState | None = None

    @property
    def state(self) -> GameState:
        return self.states[-1]

    @property
    def board(self) -> Board:
        return self.start.board

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
        for k, a in enumerate(self.actions):
            after = self.states[k + 1]
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
        new = self.state.apply(action)
        self.actions.append(action)
        self.states.append(new)
        self._ended = None
        return self._judge(final=False)

    def end_turn(self) -> Verdict:
        """The learner ends the turn: the try is judged for good."""
        if not self.actions:
            vocab = self.ruleset.vocabulary
            raise IllegalMoveError(EndTurn(), T.gettext("a player must play at least one {tile} each turn").format(
                tile=vocab.tile))
        return self._judge(final=True)

    def _judge(self, final: bool) -> Verdict:
        goal = self.task.goal
        if goal.met(self):
            text = self.task.success_text(self.ruleset, self.names) + " " + goal.summary(self)
            self.verdict = Verdict(SOLVED, text.strip())
            return self.verdict
        no_more = (len(self.actions) >= self.task.moves or self.state.is_over
                   or self.state.legal_actions() == [EndTurn()])
        if final or no_more or goal.decided(self):
            self.verdict = Verdict(WRONG, goal.feedback(self))
            return self.verdict
        left = self.task.moves - len(self.actions)
        self.verdict = Verdict(CONTINUE, T.ngettext(
            "Not done yet. You may lay up to {n} more {tile} this turn (only {tiles} with the {fast} once your "
            "one normal {tile} is down), or end the turn.",
            "Not done yet. You may lay up to {n} more {tiles} this turn (only {tiles} with the {fast} once your "
            "one normal {tile} is down), or end the turn.", left).format(n=left, **words(self.ruleset, self.names)))
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


def _resolution_at(run: Run, settlement: int, caste: Caste, include_end: bool = True) -> tuple[int, Resolution] | None:
    return next(((k, r) for k, r in run.resolutions(include_end) if r.hex == settlement and r.caste is caste), None)


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
    if run.ruleset.capture_timing != INSTANT or when >= len(run.actions):
        return ""
    later = [i for i, _ in run.placed()[when:] if i in run.board.neighbours[settlement]]
    if not later:
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

    def _ok(self, run: Run, i: int, t: Tile) -> bool:
        s = run.board.resolve(self.settlement)
        return i in run.board.neighbours[s] and (self.figure is None or t.figure is Figure(self.figure))

    def met(self, run: Run) -> bool:
        return any(self._ok(run, i, t) for i, t in run.placed())

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


def _on_board_text(state: GameState) -> str:
    vocab = state.ruleset.vocabulary
    counts = state.pieces_on_board()
    return ", ".join(vocab.count(c, n) for c, n in zip(CASTES, counts))


@dataclass(frozen=True)
class EndGame(_Open):
    """The learner's turn ends the game."""

    def met(self, run: Run) -> bool:
        return run.ended().is_over

    def feedback(self, run: Run) -> str:
        end = run.ended()
        vocab = run.ruleset.vocabulary
        n = sum(end.set_aside)
        return T.ngettext("The game goes on: still on the board {on_board}; {n} set aside. It ends after a capture "
                          "when some caste has no {piece} left on the board, or when 4 {pieces} have been set aside "
                          "by ties.",
                          "The game goes on: still on the board {on_board}; {n} set aside. It ends after a capture "
                          "when some caste has no {piece} left on the board, or when 4 {pieces} have been set aside "
                          "by ties.", n).format(on_board=_on_board_text(end), n=n, piece=vocab.piece,
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

    def position(self, ruleset: Ruleset) -> GameState:
        """The prepared position (built once per ruleset: a state never changes)."""
        key = (self.id, ruleset)
        if key not in _POSITIONS:
            _POSITIONS[key] = build_position(self.setup, ruleset, where=f"lesson task {self.id}")
        return _POSITIONS[key]

    def text(self, ruleset: Ruleset) -> str:
        """The task in the current language and the edition's words."""
        return fill(self.prompt, ruleset)

    prompt_text = text

    def hint_text(self, ruleset: Ruleset) -> str:
        return fill(self.hint, ruleset)

    def success_text(self, ruleset: Ruleset, seats: Sequence[str] | None = None) -> str:
        return fill(self.success, ruleset, seats)


_POSITIONS: dict[tuple[str, Ruleset], GameState] = {}


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


CHAPTERS: tuple[Chapter, ...] = (
    Chapter("map", N_("The map and its settlements"), (
        N_("The board is Japan cut into hexes: blue sea, green land, and the settlements. A village holds one "
        "{piece}, a city (Akita, Kyoto, ...) two different ones, Edo, the capital, one of each caste. Two players "
        "use Honshu only; with three, Kyushu and Shikoku join; with four, Hokkaido too."),
        N_("The {pieces} come in three castes: {H}, {B} and {R}. You never place anything on a settlement: you lay "
        "{tiles} on the land around it (ships on the sea) and try to win its {pieces}."),
        N_("Before play, every player secretly chooses five of his 20 {tiles} as his hand and shuffles the other 15 "
        "into his draw pile. Only then are the {pieces} placed: Edo one of each caste, then, from the youngest "
        "player in turn, two different ones into each city and one into each village. The youngest player "
        "starts. (Beginners may draw the hand and deal the {pieces} at random.)"),
    ), (
        Task("map-edo", N_("Edo holds three {pieces}. Lay any {tile} on a land hex next to Edo."),
             Setup(hand="H2 B2 R2 S1 W1"), Touch("Edo"),
             N_("Edo is the large settlement in the middle of Honshu. Its six neighbours are all land."),
             ("Edo",), success=N_("Right: that {tile} borders Edo.")),
        Task("map-ship", N_("Kyoto is a city with two {pieces}. Lay your Ship so that it touches Kyoto."),
             Setup(hand="H3 B3 R3 S2 W1"), Touch("Kyoto", "ship"),
             N_("Ships are the only {tiles} that go on the sea. Find the sea hex on Kyoto's coast."),
             ("Kyoto",), success=N_("Right: ships on the coast count for the settlement too.")),
    )),
    Chapter("tiles", N_("Tiles and what they influence"), (
        N_("Every {tile} shows a figure and a value from 1 to 4. A {H}, {B} or {R} {tile} counts only for {pieces} "
        "of its own caste. Samurai, Ronin and Ships are wild: they count for every caste."),
        N_("A {tile} counts for every settlement on its six sides, so one {tile} can help at two settlements at "
        "once. The {move} is worth 0; the {swap} never lies on the board."),
    ), (
        Task("tiles-wild", N_("Akita holds a {B} and a {R}. Lay one {tile} that counts for both of them."),
             Setup(hand="H3 B4 R4 S1 W1", pieces={"Akita": "BR"}),
             Influence((("Akita", "B"), ("Akita", "R"))),
             N_("A {B} {tile} counts only for the {B}. Which figures count for every caste? (Two of your "
             "{tiles} can do it, one of them on the sea.)"), ("Akita",),
             success=N_("Right: a wild figure counts for every caste.")),
        Task("tiles-two", N_("The village HO03 and Akita each hold a {B}. Lay one {tile} that counts for both "
             "{Bs} at once."),
             Setup(hand="B3 H2 R2 S2 W1", pieces={"HO03": "B", "Akita": "HB"}),
             Influence((("HO03", "B"), ("Akita", "B"))),
             N_("Look for a land hex that borders both settlements, and a {tile} that counts for {Bs}."),
             ("HO03", "Akita"), success=N_("Right: one {tile} counts for both settlements it touches.")),
    )),
    Chapter("turn", N_("A turn: one tile plus any fast tiles"), (
        N_("On your turn you lay at least one {tile}. At most one of them may be a {tile} without the {fast}; "
        "{tiles} with the {fast} (the Ronin, the three Ships and the {swap}) you may add as many as you like, "
        "before or after, in any order. Then you refill your hand to five from your own pile."),
    ), (
        Task("turn-two", N_("Take the {R} of the village HO09 in this one turn. {them} already has a Samurai 2 "
             "beside it."),
             Setup(hand="R3 H4 B2 N1 W1", pieces={"HO09": "R"}, tiles={"HO06": (OPPONENT, "S2")}),
             Capture("HO09", "R"),
             N_("Two land hexes are still empty, so you need two {tiles} on land this turn: your one normal {tile} "
             "plus the Ronin, which has the {fast}."), ("HO09",), moves=3,
             success=N_("Right: one normal {tile} plus a fast one surround it.")),
    )),
    Chapter("capture", N_("Surrounding and capturing"), (
        N_("A settlement is surrounded when every land hex next to it holds a {tile}, whoever owns them (sea "
        "hexes never need filling). Then each of its {pieces} is decided on its own: every player adds up his "
        "{tiles} next to it that show its caste or a wild figure, ships on the coast included. The single "
        "highest sum takes the {piece}."),
    ), (
        Task("capture-one", N_("Take the {B} of the village HO14 with one {tile}."),
             Setup(hand="B3 H4 R4 S1 W1", pieces={"HO14": "B"},
                   tiles={"HO13": (OPPONENT, "S2"), "HO17": (OPPONENT, "H2")}),
             Capture("HO14", "B"),
             N_("Only HO18 is still empty. {them} has 2 on the {B} (the Samurai; the {H} {tile} does not count). "
             "Which of your {tiles} gives you more than 2 on a {B}?"), ("HO14",)),
        Task("capture-both", N_("Close Kyoto and take both of its {pieces}, the {H} and the {R}, this turn."),
             Setup(hand="H4 R4 S3 B2 W2", pieces={"Kyoto": "HR"},
                   tiles={"HO31": (OPPONENT, "H3"), "HO32": (OPPONENT, "R3"), "HO34": (LEARNER, "R2"),
                          "HO38": (LEARNER, "S1")}),
             Capture("Kyoto", "HR"),
             N_("Each {piece} is decided separately. {them} has 3 on the {H} and 3 on the {R}; you have 1 and 3. "
             "You need more than 3 on both: a wild figure, or a Ship on the coast first."), ("Kyoto",), moves=2),
    )),
    Chapter("ties", N_("Ties and set-aside pieces"), (
        N_("If two or more players tie for the highest sum on a {piece}, nobody takes it: it is set aside, next to "
        "the board. This includes a {piece} on which nobody has any influence at all (everybody 0)."),
        N_("A tie can be worth making: it stops your opponent taking a {piece} you cannot win."),
    ), (
        Task("tie-stop", N_("You cannot beat {them}'s {t_H3} on the {H} of the village HO19, but you can stop "
             "{them} taking it: make it a tie."),
             Setup(hand="H2 S2 B4 R3 R2", pieces={"HO19": "H"},
                   tiles={"HO15": (OPPONENT, "H3"), "HO20": (OPPONENT, "B2"), "HO24": (LEARNER, "S1")}),
             SetAside("HO19", "H"),
             N_("You already have 1 on the {H} (your Samurai 1). You need exactly 3, like {them}."), ("HO19",),
             success=N_("Right: 3 against 3, the {H} is set aside.")),
        Task("tie-zero", N_("Nobody has influence on the {R} of the village HO42. Close it so that the {R} is set "
             "aside."),
             Setup(hand="B3 H4 R2 S1 W1", pieces={"HO42": "R"}, tiles={"HO38": (OPPONENT, "H2")}),
             SetAside("HO42", "R"),
             N_("If everybody has 0 on the {R}, it is a tie. Close HO39 with a {tile} that does not count for the "
             "{R}."), ("HO42",), success=N_("Right: 0 against 0 is a tie too.")),
    )),
    Chapter("special", N_("The swap and the move tile"), (
        N_("The {swap} (it has the {fast}) exchanges two {pieces} lying in two different settlements anywhere on "
        "the board; afterwards no settlement may hold two {pieces} of the same caste. The {swap} then leaves "
        "the game."),
        N_("The {move} is your one normal {tile} of the turn: lift one of your own {tiles} without the {fast} "
        "from the board, leave the {move} (worth 0) in its place and lay the lifted {tile} on any other empty "
        "land hex."),
    ), (
        Task("swap", N_("Take a {B} in the village HO12 this turn. Your two {B} {tiles} are there, but the village "
             "holds a {H}."),
             Setup(hand="X R2 S2 H2 B4", pieces={"HO12": "H", "Akita": "BR"},
                   tiles={"HO10": (LEARNER, "B3"), "HO11": (LEARNER, "B2"), "HO13": (OPPONENT, "H4"),
                          "HO15": (OPPONENT, "S1")}),
             Capture("HO12", "B"),
             N_("First use the {swap} to bring the {B} of Akita into the village HO12, then close the last hex, "
             "HO16, with any {tile}."), ("HO12",), moves=2,
             success=N_("Right: the {swap} brought the {B} to your {tiles}.")),
        Task("move", N_("Take the {H} of the village HO30 with one {tile}. {them} has a {t_H3} next to it."),
             Setup(hand="M B3 R3 S1 H2", pieces={"HO30": "H"},
                   tiles={"HO26": (OPPONENT, "H3"), "HO27": (OPPONENT, "B2"), "HO29": (LEARNER, "R2"),
                          "HO24": (LEARNER, "H4")}),
             Capture("HO30", "H"),
             N_("Your {t_H4} lies on HO24, far from HO30. The {move} can lift it and lay it on HO32."),
             ("HO30", "HO24"), success=N_("Right: the {move} put your {t_H4} where it matters.")),
    )),
    Chapter("end", N_("The end of the game"), (
        N_("The game ends after a capture when some caste has no {piece} left on the board, or when 4 {pieces} "
        "in all have been set aside by ties. (Depending on the rules, the turn may still be finished: see the "
        "rule variants.) It also ends when no player can lay a {tile}."),
    ), (
        Task("end-last", N_("Only one {R} is left on the board. End the game with this turn."),
             Setup(hand="R2 H3 B3 S1 W1", pieces={"HO28": "R", "HO19": "H"},
                   empty=("Akita", "Kyoto", "Edo", "HO01", "HO03", "HO09", "HO12", "HO14", "HO23"),
                   tiles={"HO24": (OPPONENT, "S2"), "HO25": (OPPONENT, "H2"), "HO29": (OPPONENT, "B3"),
                          "HO15": (OPPONENT, "R2")},
                   captured=((2, 2, 3), (1, 2, 2)), set_aside=(0, 0, 1)),
             EndGame(),
             N_("Two settlements can be closed with one {tile}. Which one holds the last {R}?"), ("HO28", "HO19"),
             success=N_("Right: the last {R} has left the board.")),
        Task("end-ties", N_("Three {pieces} have already been set aside. End the game with a fourth tie."),
             Setup(hand="B2 B3 H4 S1 W2", pieces={"HO41": "B"}, empty=("HO01", "HO03", "HO42"),
                   tiles={"HO36": (OPPONENT, "B2"), "HO37": (OPPONENT, "H3"), "HO40": (OPPONENT, "R3")},
                   set_aside=(1, 1, 1)),
             EndGame(),
             N_("{them} has 2 on the {B} of the village HO41. A tie at 2 is the fourth set-aside {piece}."),
             ("HO41",), success=N_("Right: a fourth set-aside {piece} ends the game.")),
    )),
    Chapter("scoring", N_("Scoring"), (
        N_("At the end, the leader of a caste is the one player with strictly the most {pieces} of it; a tie at the "
        "top gives no leader. Whoever leads the most castes wins; two or three leaderships always win."),
        N_("Players tied with one leadership each compare the {pieces} of the castes they do not lead; if still "
        "tied, all their {pieces}; if still tied, they share the victory. If nobody leads anything, the most "
        "{pieces} in total wins."),
    ), (
        Task("score-choose", N_("Your turn ends the game whichever {piece} you take: the last {H} (HO30) or the "
             "last {B} (HO19). Take the one that makes you the winner."),
             Setup(hand="S3 H2 B2 R2 W1", pieces={"HO30": "H", "HO19": "B"},
                   empty=("Akita", "Kyoto", "Edo", "HO01", "HO03", "HO09", "HO12", "HO14", "HO23", "HO28",
                          "HO33", "HO41", "HO43"),
                   tiles={"HO26": (OPPONENT, "R3"), "HO27": (OPPONENT, "B3"), "HO29": (LEARNER, "R4"),
                          "HO15": (OPPONENT, "R2"), "HO20": (OPPONENT, "H2"), "HO24": (LEARNER, "B4")},
                   captured=((3, 1, 3), (3, 4, 2)), set_aside=(0, 1, 0)),
             Win(),
             N_("Count the leaders after each choice. You hold 3 {Hs}, 1 {B}, 3 {R}; {them} 3 {Hs}, 4 {Bs}, 2 {R}."),
             ("HO30", "HO19")),
    )),
)

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

def _relevance(state: GameState, focus: set[int], action: Action) -> int:
    """Smaller for actions closer to the task's settlements (search order only)."""
    board = state.board
    near = set(focus)
    for s in focus:
        near.update(board.neighbours[s])
    return -sum(1 for i in action_hexes(state, action) if i in near)


def solve(task: Task, ruleset: Ruleset, limit: int = 200_000) -> list[Action] | None:
    """A shortest sequence of legal actions (at most ``task.moves``) that solves the task, or None: iterative
    deepening over ``legal_actions``, actions near the task's hexes first."""
    start = task.position(ruleset)
    focus = {start.board.resolve(h) for h in task.focus}
    budget = [limit]

    def search(run: Run, depth: int) -> list[Action] | None:
        state = run.state
        actions = [a for a in state.legal_actions() if not isinstance(a, (EndTurn, Pass))]
        actions.sort(key=lambda a: _relevance(state, focus, a))
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
