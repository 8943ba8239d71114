"""Reading expectations (``[expect]``, ``[step.expect]``, variant steps) into ``Expectation`` data."""

from __future__ import annotations

import re
from typing import Any, Callable

from ...i18n import Domain
from ..core.board import Board
from ..core.model import Phase
from ..core.tiles import Caste
from .errors import Problems
from .expect import DECIDED_BY, PHASES, Expectation, TallySpec
from .notation import (CaptureSpec, Players, castes_value, parse_capture, parse_caste, parse_counts, parse_tallies,
                       placed_value)
from .reader import MISSING, Reader, is_type, join, kind, short

T = Domain("knizia")

EXPECT_KEYS = ("captures", "pending", "tallies", "pieces", "tiles", "captured", "set_aside", "winner", "winners",
               "decided_by", "leaders", "leaderships", "other_pieces", "totals", "game_over", "end_reason",
               "to_play", "phase", "illegal")


class ExpectationReader:
    """Reads expectation tables for one scenario (its players and board); problems go to ``reader.probs``."""

    def __init__(self, reader: Reader, players: Players, board: Board) -> None:
        self.r = reader
        self.probs: Problems = reader.probs
        self.players = players
        self.board = board

    def capture(self, item: object, path: str):
        if not isinstance(item, (str, dict)):
            self.probs.add(path, T.gettext('a capture is text such as "Blue takes H at HO12" or a table, got {kind}').format(kind=kind(item)))
            return None
        if isinstance(item, dict):
            self.r.keys(item, ("winner", "caste", "hex", "tallies"), path)
        try:
            if isinstance(item, str):
                return parse_capture(item, self.players, self.hex_or_raise)
            w = item.get("winner")
            if not isinstance(w, str):
                raise ValueError(T.gettext('give the winner\'s name (or "nobody" when the piece is set aside)'))
            winner = self.players.winner(w)
            caste = parse_caste(item.get("caste", ""))
            hid = self.hex_or_raise(item.get("hex", ""))
            tallies = self.tally_values(item["tallies"]) if "tallies" in item else None
        except ValueError as e:
            self.probs.add(path, str(e))
            return None
        return CaptureSpec(hid, caste, winner, tallies)

    def hex_or_raise(self, ref: object) -> str:
        if not isinstance(ref, str):
            raise ValueError(T.gettext('a hex is an id such as "HO12", not {kind}').format(kind=kind(ref)))
        return self.board.ids[self.board.resolve(ref)]

    def tally_values(self, value: object) -> tuple[int, ...]:
        if isinstance(value, str):
            return parse_tallies(value, self.players)
        if isinstance(value, dict):
            vals = [0] * len(self.players.names)
            for k, v in value.items():
                p = self.players.index(k)
                if not is_type(v, int) or v < 0:
                    raise ValueError(T.gettext("influence is a whole number of 0 or more, not {value}").format(value=short(v)))
                vals[p] = v
            return tuple(vals)
        raise ValueError(T.gettext('influence per player is text such as "Blue 3, Red 2" or a table, not {kind}').format(kind=kind(value)))

    def expect(self, table: dict, path: str, in_step: bool) -> Expectation | None:
        r = self.r
        start = len(self.probs)
        keys = EXPECT_KEYS if in_step else tuple(k for k in EXPECT_KEYS if k != "illegal")
        r.keys(table, keys, path)
        kw: dict[str, Any] = {}

        for key in ("captures", "pending"):
            v = r.get(table, key, list, path)
            if v is not MISSING:
                specs = [self.capture(item, f"{path}.{key}[{k + 1}]") for k, item in enumerate(v)]
                kw[key] = tuple(s for s in specs if s is not None)
        v = r.get(table, "tallies", (list, dict), path)
        if v is not MISSING:
            kw["tallies"] = tuple(self.tallies(v, f"{path}.tallies"))
        for key, parse in (("pieces", castes_value), ("tiles", lambda v: placed_value(v, self.players, empty=True))):
            v = r.get(table, key, dict, path)
            if v is not MISSING:
                entries, _ = r.hex_table(self.board, v, f"{path}.{key}", parse)
                kw[key] = tuple((self.board.ids[i], value) for i, _, value in entries)
        self._entries(table, "captured", path, lambda name, v: (self.players.index(name), parse_counts(v)), kw)
        if "set_aside" in table:
            try:
                kw["set_aside"] = parse_counts(table["set_aside"])
            except ValueError as e:
                self.probs.add(f"{path}.set_aside", str(e))
        w = r.get(table, "winner", str, path)
        ws = r.get(table, "winners", list, path)
        if w is not MISSING and ws is not MISSING:
            self.probs.add(f"{path}.winners", T.gettext('give either winner or winners, not both'))
        elif w is not MISSING or ws is not MISSING:
            refs = [w] if w is not MISSING else ws
            seats = []
            for k, ref in enumerate(refs):
                try:
                    if not isinstance(ref, str):
                        raise ValueError(T.gettext("expected a player's name, got {kind}").format(kind=kind(ref)))
                    seats.append(self.players.index(ref))
                except ValueError as e:
                    self.probs.add(f"{path}.winner" + (f"s[{k + 1}]" if ws is not MISSING else ""), str(e))
            kw["winners"] = tuple(seats)
        v = r.choice(table, "decided_by", DECIDED_BY, path, T.gettext("decided_by must be one of {items}, not {value}"))
        if v is not MISSING:
            kw["decided_by"] = v
        self._entries(table, "leaders", path, self._leader, kw)
        for key in ("leaderships", "other_pieces", "totals"):
            self._entries(table, key, path, self._count, kw)
        for key, t in (("game_over", bool), ("end_reason", str)):
            v = r.get(table, key, t, path)
            if v is not MISSING:
                kw[key] = v
        v = r.get(table, "to_play", str, path)
        if v is not MISSING:
            try:
                kw["to_play"] = self.players.index(v)
            except ValueError as e:
                self.probs.add(f"{path}.to_play", str(e))
        v = r.choice(table, "phase", PHASES, path, T.gettext("phase must be one of {items}, not {value}"))
        if v is not MISSING:
            kw["phase"] = Phase(v)
        if in_step:
            v = r.get(table, "illegal", (bool, str), path)
            if v is not MISSING:
                kw["illegal"] = v
        return None if len(self.probs) > start else Expectation(**kw)

    def _entries(self, table: dict, key: str, path: str, read: Callable[[str, Any], Any], kw: dict) -> None:
        """``kw[key]``: the entries of the table ``key``, each read by ``read(name, value)``; an entry it
        refuses (ValueError) is reported at its path and left out."""
        v = self.r.get(table, key, dict, path)
        if v is MISSING:
            return
        items = []
        for name, value in v.items():
            try:
                items.append(read(name, value))
            except ValueError as e:
                self.probs.add(join(f"{path}.{key}", name), str(e))
        kw[key] = tuple(items)

    def _leader(self, caste: str, name: object) -> tuple[Caste, int | None]:
        """A ``leaders`` entry: the caste and its leader's seat (None for nobody)."""
        if not isinstance(name, str):
            raise ValueError(T.gettext('expected a player\'s name or "nobody", got {kind}').format(kind=kind(name)))
        return parse_caste(caste), self.players.winner(name)

    def _count(self, name: str, n: Any) -> tuple[int, int]:
        """A per-player count: the player's seat and the count."""
        if not is_type(n, int) or n < 0:
            raise ValueError(T.gettext("expected a whole number of 0 or more, got {value}").format(value=short(n)))
        return self.players.index(name), n

    def tallies(self, value: list | dict, path: str) -> list[TallySpec]:
        out = []
        if isinstance(value, list):
            for k, item in enumerate(value):
                p = f"{path}[{k + 1}]"
                if not isinstance(item, str):
                    self.probs.add(p, T.gettext('a tally is text such as "HO12 H: Blue 3, Red 2", got {kind}').format(kind=kind(item)))
                    continue
                m = re.fullmatch(r"\s*(\S+)\s+([A-Za-z][A-Za-z ]*?)\s*:\s*(.*)", item)
                try:
                    if not m:
                        raise ValueError(T.gettext('cannot read tally {item}: write e.g. "HO12 H: Blue 3, Red 2" or "HO14 R: nobody"').format(item=repr(item)))
                    hid = self.hex_or_raise(m[1])
                    out.append(TallySpec(hid, parse_caste(m[2]), self.tally_values(m[3])))
                except ValueError as e:
                    self.probs.add(p, str(e))
            return out
        for hk, per in value.items():
            p = join(path, hk)
            try:
                hid = self.hex_or_raise(hk)
            except ValueError as e:
                self.probs.add(p, str(e))
                continue
            if not isinstance(per, dict):
                self.probs.add(p, T.gettext('expected a table of castes, e.g. {{ H = "Blue 3, Red 2" }}, got {kind}').format(kind=kind(per)))
                continue
            for ck, vals in per.items():
                try:
                    out.append(TallySpec(hid, parse_caste(ck), self.tally_values(vals)))
                except ValueError as e:
                    self.probs.add(join(p, ck), str(e))
        return out
