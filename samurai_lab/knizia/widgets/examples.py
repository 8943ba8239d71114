"""The rulebook examples: every example scenario (E1-E10, the rulings R1-R4) stepped through on the board.

``catalogue()`` lists the scenario files of ``scenarios/`` by key (``E2``, ``R3``) and edition;
``ExampleStepper`` is the widget-free logic of one example (the position after each step,
what was placed, the tallies of the settlements concerned, the outcome in the edition's
words, what the rulebook says); ``ExamplesApp`` is the app: the list grouped by edition, the
board zoomed on the settlements concerned, previous / next / play, and "Try it yourself"
(``Sandbox``): another move from the position shown, one click back to the example.

Stable CSS classes: ``samurai-examples`` (the app), ``samurai-example-E2`` (list buttons),
``samurai-example-title``, ``samurai-example-description``, ``samurai-step-label``,
``samurai-step-action``, ``samurai-step-narration``, ``samurai-step-outcome``,
``samurai-step-expected``, ``samurai-step-tallies``, ``samurai-step-{first,prev,next}``,
``samurai-step-play``, ``samurai-try``, ``samurai-try-back``, ``samurai-try-outcome``,
``samurai-example-variant``, ``samurai-example-sources`` (the rulebooks' own sentences: each quotation a
``samurai-source-quote`` element carrying its language, ``lang="it"``).

Every text is in the page's language (domain ``knizia_teach``), the game's words in the edition's
vocabulary; the rulebooks' sentences stay in their own language beside the translation.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Callable, Sequence

import ipywidgets as widgets

from ..core.actions import Action, EndTurn, MoveTile, Pass, PlaceTile, Swap
from ..core.influence import pending_resolutions
from ..render.theme import seat_colours
from ..core.rules import IllegalMoveError
from ..core.ruleset import END_OF_TURN
from ..core.scoring import score_state
from ..core.model import Resolution
from ..core.state import GameState
from ..core.text import end_reason_text
from ..teaching.words import hex_words, plain_text, resolution_words, tile_words as _tile_words
from ..core.tiles import CASTES, Caste
from .board import BoardView
from ...ui.common import Feedback
from .tally_panel import tally_html
from ..scenarios.catalogue import GROUPS, SCENARIO_DIR, ExampleEntry, catalogue, load, short_title
from ...ui.header import AppHeader
from ...ui.layout import NARROW_PX, css_widget
from ...i18n import DEFAULT_LANGUAGE, N_, Domain, get_language, use_language

T = Domain("knizia_teach")
T_knizia = Domain("knizia")  # the scenario files' texts are in the knizia catalogs

FONT = "font-family:'DejaVu Sans',Verdana,sans-serif"
TEXT = f"{FONT};font-size:17px;line-height:1.45;color:#2b2620"



#: The text column scrolls beside the board and its parts keep their size; the list's titles wrap in their
#: column; on a narrow screen the list and the text take the screen's width and the page scrolls.
EXAMPLES_CSS = (".samurai-examples-text > * {flex-shrink:0}"
                ".samurai-examples .samurai-example-button {white-space:normal;height:auto;min-width:0 !important;"
                "text-align:left;line-height:1.3;padding-top:5px;padding-bottom:5px;min-height:28px}"
                f"@media (max-width:{NARROW_PX}px) {{.samurai-examples-list {{width:100% !important}}"
                ".samurai-examples .samurai-example-button {width:calc(100% - 4px) !important}"
                ".samurai-examples-text {max-height:none !important;flex-basis:100% !important}}")


class SwapChooser:
    """Which piece of each settlement the swap exchanges, when a settlement holds several (CSS class
    ``samurai-swap-chooser``). ``on_choose(end, caste)`` is called when the person picks another piece."""

    def __init__(self, on_choose: Callable[[int, Caste], None]) -> None:
        self.rows = [widgets.ToggleButtons(style={"description_width": "initial"}) for _ in range(2)]
        self._muted = False
        for k, row in enumerate(self.rows):
            row.observe(lambda ch, k=k: self._muted or not ch["new"] or on_choose(k, Caste(ch["new"])),
                        names="value")
        self.widget = widgets.VBox(self.rows, layout=widgets.Layout(display="none"))
        self.widget.add_class("samurai-swap-chooser")

    def show(self, state: GameState, ends: Sequence[int], castes: Sequence[Caste]) -> None:
        """Offer the pieces of both chosen settlements (hidden unless two are chosen)."""
        if len(ends) < 2 or len(castes) < 2:
            self.widget.layout.display = "none"
            return
        vocab = state.ruleset.vocabulary
        self._muted = True
        try:
            for row, end, caste in zip(self.rows, ends, castes):
                options = [(vocab.caste(c), c.value) for c in state.pieces[end]]
                if list(row.options) != options:
                    row.options = options
                row.value = caste.value
                row.description = T.gettext("from {place}:").format(place=hex_words(state, end))
        finally:
            self._muted = False
        self.widget.layout.display = ""


# --- words -------------------------------------------------------------------------------------

def _chip(colour: str, size: int = 13) -> str:
    return (f'<span style="display:inline-block;width:{size}px;height:{size}px;border-radius:3px;background:{colour};'
            f'border:1px solid rgba(0,0,0,.4);vertical-align:middle;margin-right:4px"></span>')


def tile_words(state: GameState, t) -> str:
    """``Samurai 2``, ``Ronin 1``, ``figure exchange``: a tile in the edition's words."""
    return _tile_words(t, state.ruleset.vocabulary)


def seat_names(state: GameState) -> list[str]:
    """The players' names in the current language (``Red`` -> ``Rosso``)."""
    return state.ruleset.vocabulary.seat_names(state.seats)


def action_text(before: GameState, action: Action, coords: bool = False) -> str:
    """What an action does, in the edition's words: ``Red lays a Samurai 2 on the land north of Kyoto``
    (hex ids in brackets with ``coords``)."""
    vocab = before.ruleset.vocabulary
    who = seat_names(before)[before.current]
    board = before.board

    def where(ref: str) -> str:
        return hex_words(before, ref, coords)

    if isinstance(action, PlaceTile):
        return T.gettext("{player} lays a {tile} on {place}").format(
            player=who, tile=tile_words(before, action.tile), place=where(action.hex))
    if isinstance(action, Swap):
        return T.gettext("{player} plays the {swap}: the {caste_a} of {place_a} changes places with the {caste_b} "
                         "of {place_b}").format(player=who, swap=vocab.swap, caste_a=vocab.caste(action.caste_a),
                                                place_a=where(action.hex_a), caste_b=vocab.caste(action.caste_b),
                                                place_b=where(action.hex_b))
    if isinstance(action, MoveTile):
        a = board.resolve(action.from_hex)
        lifted = before.tiles[a]
        what = tile_words(before, lifted.tile) if lifted is not None else vocab.tile
        return T.gettext("{player} plays the {move}: lifts the {tile} from {place_a}, leaves the {move} (0) there "
                         "and lays the {tile} on {place_b}").format(player=who, move=vocab.move, tile=what,
                                                                    place_a=where(action.from_hex),
                                                                    place_b=where(action.to_hex))
    if isinstance(action, EndTurn):
        if before.ruleset.capture_timing == END_OF_TURN:
            return T.gettext("{player} ends the turn: now every surrounded settlement is decided").format(player=who)
        return T.gettext("{player} ends the turn and refills the hand").format(player=who)
    if isinstance(action, Pass):
        return T.gettext("{player} passes").format(player=who)
    return f"{who}: {action}"


def action_phrase(state: GameState, action: Action, coords: bool = False) -> str:
    """A short name of an action not yet played: ``Samurai 2 on the land north of Kyoto``, ``end the turn``."""
    vocab = state.ruleset.vocabulary

    def where(ref: str) -> str:
        return hex_words(state, ref, coords)

    if isinstance(action, PlaceTile):
        return T.gettext("{tile} on {place}").format(tile=tile_words(state, action.tile), place=where(action.hex))
    if isinstance(action, Swap):
        return T.gettext("{swap}: the {caste_a} of {place_a} ↔ the {caste_b} of {place_b}").format(
            swap=vocab.swap, caste_a=vocab.caste(action.caste_a), place_a=where(action.hex_a),
            caste_b=vocab.caste(action.caste_b), place_b=where(action.hex_b))
    if isinstance(action, MoveTile):
        return T.gettext("{move}: {place_a} → {place_b}").format(move=vocab.move, place_a=where(action.from_hex),
                                                                place_b=where(action.to_hex))
    if isinstance(action, EndTurn):
        return T.gettext("end the turn")
    if isinstance(action, Pass):
        return T.gettext("pass (no {tile} can be laid)").format(tile=vocab.tile)
    return str(action)


def resolution_text(state: GameState, r: Resolution, coords: bool = False) -> str:
    """``Red takes the Buddha of Kyoto (Red 3, Blue 2)``, in the edition's words."""
    return resolution_words(state, r, coords)


def _lower_first(text: str) -> str:
    """A sentence's start in lower case when it begins with an article (``The Buddha`` -> ``the Buddha``)."""
    first = text.split(" ", 1)[0]
    return text[:1].lower() + text[1:] if first in _ARTICLES else text


_ARTICLES = {"The", "Il", "Lo", "La", "Le", "Gli", "I", "L'", "El", "Los", "Las"}


#: The languages of the rulebooks (``[[source]] language``), named in the reader's language.
RULEBOOK_LANGUAGES = {"it": N_("Italian"), "es": N_("Spanish"), "ru": N_("Russian"), "fr": N_("French")}


def source_quote_html(sources) -> str:
    """The rulebook's own sentences of an example (``Scenario.sources``), quoted in their original
    language beside the translation: one block per quotation, marked with its language (``lang``)."""
    blocks = []
    for s in sources:
        paragraphs = "".join(f"<p style='margin:2px 0'>{html.escape(p.strip())}</p>"
                             for p in s.text.split("\n\n") if p.strip())
        # the heading is in the reader's language; the quotation itself carries its own (lang, class)
        language = T.gettext(RULEBOOK_LANGUAGES[s.language]) if s.language in RULEBOOK_LANGUAGES else s.language
        heading = T.gettext("The rulebook {seed} ({language}) says:").format(seed=s.seed, language=language)
        blocks.append(f'<figure style="{TEXT};font-size:15px;margin:6px 0;padding:4px 10px;'
                      f'border-left:4px solid #c9a96e;background:#faf6ec">'
                      f'<figcaption style="font-size:12px;color:#7a6a4f">{html.escape(heading)}</figcaption>'
                      f'<blockquote class="samurai-source-quote samurai-example-source" '
                      f'lang="{html.escape(s.language)}" style="margin:0">{paragraphs}</blockquote></figure>')
    return "".join(blocks)


def outcome_lines(before: GameState, after: GameState, action: Action, resolutions: Sequence[Resolution],
                  error: str | None, coords: bool = False) -> list[str]:
    """What happened, one fact per line, in the edition's words."""
    vocab = before.ruleset.vocabulary
    names = seat_names(after)
    if error is not None:
        return [T.gettext("The rules refuse this: {reason}.").format(reason=error)]
    out = [resolution_text(after, r, coords) + "." for r in resolutions]
    turn_ends = isinstance(action, (EndTurn, Pass))
    pending = ()
    if after.ruleset.capture_timing == END_OF_TURN and not turn_ends and not after.is_over:
        pending = pending_resolutions(after)
    if pending:
        out.append(T.gettext("Surrounded settlements are decided when the turn ends. As things stand: {captures}.")
                   .format(captures="; ".join(_lower_first(resolution_text(after, r, coords)) for r in pending)))
    elif not resolutions and (not turn_ends or after.ruleset.capture_timing == END_OF_TURN):
        out.append(T.gettext("No settlement is decided."))
    if after.is_over and not before.is_over:
        out.append(T.gettext("The game ends: {reason}.").format(reason=end_reason_text(after.end_reason, vocab)))
    elif after.end_reason and not before.end_reason:
        out.append(T.gettext("End of the game reached ({reason}): {player} finishes the turn, then the game ends.")
                   .format(reason=end_reason_text(after.end_reason, vocab), player=names[after.current]))
    if isinstance(action, Swap) and error is None:
        out.append(T.gettext("The {swap} leaves the game.").format(swap=vocab.swap))
    if isinstance(action, Pass):
        out.append(T.gettext("Nobody may pass by choice: {player} cannot lay any {tile} (R1), so the turn passes "
                             "without drawing.").format(player=seat_names(before)[before.current], tile=vocab.tile))
    if isinstance(action, (EndTurn, Pass)) and not after.is_over:
        out.append(T.gettext("{player} is to play.").format(player=names[after.current]))
    return out


def _counts_words(counts: Sequence[int], vocab) -> str:
    parts = [vocab.count(c, n) for c, n in zip(CASTES, counts) if n]
    return ", ".join(parts) if parts else T.gettext("nothing")


def expectation_lines(expect, state: GameState, coords: bool = False) -> list[str]:
    """What a scenario expects, one fact per line, in the edition's words."""
    from dataclasses import replace

    vocab = state.ruleset.vocabulary
    names = seat_names(state)

    def scores(values) -> str:
        return ", ".join(f"{names[p]} {v}" for p, v in enumerate(values) if v)

    def capture(spec) -> str:
        values = dict(caste=vocab.caste(spec.caste), place=hex_words(state, spec.hex, coords))
        if spec.tallies is not None:
            values["tallies"] = scores(spec.tallies) or T.gettext("nobody has influence")
            if spec.winner is None:
                return T.gettext("The {caste} of {place} is set aside ({tallies})").format(**values)
            return T.gettext("{player} takes the {caste} of {place} ({tallies})").format(
                player=names[spec.winner], **values)
        if spec.winner is None:
            return T.gettext("The {caste} of {place} is set aside").format(**values)
        return T.gettext("{player} takes the {caste} of {place}").format(player=names[spec.winner], **values)

    out: list[str] = []
    if expect.illegal:
        # the reason a scenario file expects is an English phrase (data): shown in English pages only
        out.append(T.gettext("The rules refuse this action ({reason})").format(reason=expect.illegal)
                   if isinstance(expect.illegal, str) and get_language() == DEFAULT_LANGUAGE
                   else T.gettext("The rules refuse this action"))
    if expect.captures is not None:
        out += [capture(c) for c in expect.captures] or [T.gettext("No piece is decided")]
    if expect.pending is not None:
        out += [T.gettext("When the turn ends: {capture}").format(capture=_lower_first(capture(c)))
                for c in expect.pending] or [T.gettext("Nothing is decided when the turn ends")]
    for t in expect.tallies:
        out.append(T.gettext("Influence on a {caste} at {place}: {tallies}").format(
            caste=vocab.caste(t.caste), place=hex_words(state, t.hex, coords),
            tallies=scores(t.values) or T.gettext("nobody")))
    out += [T.gettext("{player} has captured {pieces}").format(player=names[p], pieces=_counts_words(c, vocab))
            for p, c in expect.captured]
    if expect.set_aside is not None:
        out.append(T.gettext("Set aside: {pieces}").format(pieces=_counts_words(expect.set_aside, vocab)))
    out += [T.gettext("Leader of the {caste}: {player}").format(
        caste=vocab.caste(c), player=T.gettext("nobody") if p is None else names[p]) for c, p in expect.leaders]
    rest = replace(expect, illegal=None, captures=None, pending=None, tallies=(), captured=(), set_aside=None,
                   leaders=())
    out += [plain_text(state, line, coords) for line in rest.lines(names, vocab, board=state.board)]
    return out


#: The groups of the examples' list (``catalogue.GROUPS``), in words translated where shown.
GROUP_TITLES = {
    "1998": N_("1998 rules (Hans im Glück / Rio Grande; Italian and Russian rulebooks)"),
    "2015": N_("2015 rules (Fantasy Flight; Spanish rulebook)"),
    "rulings": N_("Rulings: what the rulebooks leave open"),
}
#: The rule options a scenario's variants are named after (``[[variant]] name``).
OPTION_WORDS = {
    "instant": N_("instant"), "end_of_turn": N_("end of turn"), "finish_turn": N_("finish the turn"),
    "stop_at_once": N_("stop at once"), "allowed": N_("allowed"), "forbidden": N_("forbidden"), "pass": N_("pass"),
}


def group_title(group: str) -> str:
    """A group of examples in the current language."""
    return T.gettext(GROUP_TITLES[group]) if group in GROUP_TITLES else GROUPS.get(group, group)


def option_words(value: str) -> str:
    """A rule option's value in words (``end_of_turn`` -> ``end of turn``), in the current language."""
    return T.gettext(OPTION_WORDS[value]) if value in OPTION_WORDS else value.replace("_", " ")


_OPTION_ID = re.compile(r"\b(" + "|".join(k for k in OPTION_WORDS if k != "pass") + r")\b")


def option_ids_in_words(text: str, english_too: bool = False) -> str:
    """A translated scenario text with the rule options it names by id (``end_of_turn``) in words of the
    current language (English texts keep the ids, the options' names in files and addresses, unless
    ``english_too``)."""
    if get_language() == DEFAULT_LANGUAGE and not english_too:
        return text
    return _OPTION_ID.sub(lambda m: option_words(m.group(1)), text)


def variant_label(variant) -> str:
    """A scenario variant's name in words: ``as written`` or the option it switches to."""
    return option_words(variant.name) if variant.name else T.gettext("as written")


def settlements_concerned(state: GameState, hexes: Sequence[str], resolutions: Sequence[Resolution] = ()) -> list[int]:
    """Settlement indices among ``hexes`` and next to them, plus those decided, in board order."""
    board = state.board
    out: set[int] = {r.hex for r in resolutions}
    for h in hexes:
        try:
            i = board.resolve(h)
        except ValueError:
            continue
        if board.is_settlement[i]:
            out.add(i)
        else:
            out.update(board.adjacent_settlements[i])
    return sorted(out)


# --- one example, step by step --------------------------------------------------------------

class ExampleStepper:
    """The positions and texts of one example, under the rules as written or a variant."""

    def __init__(self, scenario, variant: str = "") -> None:
        self.scenario = scenario
        self.variant = scenario.variant(variant)
        self.played = scenario.walk(self.variant)
        self._played_english: list | None = None  # the steps played in English (``mismatches``)
        self.index = 0
        self.coords = False  # hex ids in the texts too ("Show coordinates")

    @property
    def count(self) -> int:
        """Number of steps (positions are 0..count)."""
        return len(self.played)

    def go(self, k: int) -> None:
        if not 0 <= k <= self.count:
            raise ValueError(f"step {k} does not exist: this example has steps 1 to {self.count}")
        self.index = k

    @property
    def state(self) -> GameState:
        return self.variant.state if self.index == 0 else self.played[self.index - 1].after

    @property
    def before(self) -> GameState:
        """The position the step shown was played from (the start at step 0)."""
        return self.variant.state if self.index == 0 else self.played[self.index - 1].before

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.variant.state.seats]

    def label(self) -> str:
        if self.count == 0:
            return T.gettext("The position")
        if self.index == 0:
            return T.ngettext("Start · {n} step follows", "Start · {n} steps follow", self.count).format(n=self.count)
        return T.gettext("Step {k} of {n}").format(k=self.index, n=self.count)

    def action_line(self) -> str:
        if self.index == 0:
            return ""
        p = self.played[self.index - 1]
        text = action_text(p.before, p.step.action, self.coords)
        return T.gettext("{action} — the rules refuse it").format(action=text) if p.error is not None else text

    def narration(self) -> str:
        if self.index == 0:
            text = self.scenario.description_text()
        else:
            text = self.played[self.index - 1].step.narration_text()
        return plain_text(self.state, option_ids_in_words(text), self.coords)

    def outcome(self) -> list[str]:
        if self.index == 0:
            return []
        p = self.played[self.index - 1]
        return outcome_lines(p.before, p.after, p.step.action, p.resolutions, p.error, self.coords)

    def resolutions(self) -> tuple[Resolution, ...]:
        return () if self.index == 0 else self.played[self.index - 1].resolutions

    def focus(self) -> list[str]:
        """Hex ids of the example's focus (for zooming the board)."""
        hexes = list(self.scenario.focus)
        for p in self.played:
            hexes.extend(h for h in p.step.focus if h not in hexes)
        return hexes

    def step_hexes(self) -> list[int]:
        """The hexes the step shown touches (highlighted on the board)."""
        if self.index == 0:
            return []
        board = self.state.board
        out = []
        for h in self.played[self.index - 1].step.focus:
            try:
                out.append(board.resolve(h))
            except ValueError:
                pass
        return out

    def settlements(self) -> list[int]:
        hexes = list(self.scenario.focus)
        if self.index:
            hexes += list(self.played[self.index - 1].step.focus)
        return settlements_concerned(self.state, hexes, self.resolutions())

    def expectation(self):
        if self.index == 0:
            return None if self.count else self.variant.expect
        p = self.played[self.index - 1]
        if self.index == self.count and p.expect is None:
            return self.variant.expect
        return p.expect

    def expected_lines(self) -> list[str]:
        """What the rulebook (the scenario's expectations) says about the position shown."""
        e = self.expectation()
        return expectation_lines(e, self.state, self.coords) if e is not None else []

    def mismatches(self) -> list[str]:
        """Differences between what the scenario expects and what the engine did (empty: they agree).

        A scenario file expects refusals in English words, so the comparison is made on the steps played
        in English; differences, if any, are then said in the current language."""
        if get_language() == DEFAULT_LANGUAGE:
            return self._check(self.played)
        if self._played_english is None:
            with use_language(DEFAULT_LANGUAGE):
                self._played_english = self.scenario.walk(self.variant)
        with use_language(DEFAULT_LANGUAGE):
            bad = self._check(self._played_english)
        return (self._check(self.played) or bad) if bad else []

    def _check(self, played) -> list[str]:
        from ..scenarios import Outcome

        e = self.expectation()
        if e is None:
            return []
        if self.index == 0:
            return e.check(Outcome(self.state))
        return e.check(played[self.index - 1].outcome())

    def needs_score(self) -> bool:
        e = self.expectation()
        return bool(e is not None and e.needs_score) or (self.index == self.count and self.state.is_over)


# --- try it yourself ----------------------------------------------------------------------------

class Sandbox:
    """Moves of one's own from a position of an example; the example itself is untouched."""

    def __init__(self, start: GameState) -> None:
        self.start = start
        self.states: list[GameState] = [start]
        self.lines: list[str] = []
        self.coords = False

    @property
    def state(self) -> GameState:
        return self.states[-1]

    def play(self, action: Action) -> list[str]:
        """Play an action (IllegalMoveError if the rules forbid it); the lines say what it did."""
        before = self.state
        after = before.apply(action)
        lines = [action_text(before, action, self.coords) + "."] + outcome_lines(before, after, action, after.events,
                                                                              None, self.coords)
        self.states.append(after)
        self.lines = lines
        return lines

    def undo(self) -> None:
        if len(self.states) > 1:
            self.states.pop()
            self.lines = [T.gettext("Undone.")]


# --- the app --------------------------------------------------------------------------------------

class ExamplesApp:
    """The rulebook examples app (see the module doc). ``ExamplesApp().widget`` is the app."""

    def __init__(self, folder: Path | str = SCENARIO_DIR, hex_size: float = 16, start: str | None = None) -> None:
        self.feedback = Feedback()
        self.entries = catalogue(folder)
        if not self.entries:
            raise ValueError(f"no example scenario (E1..., R1...) in {folder}")
        self.stepper: ExampleStepper | None = None
        self.entry: ExampleEntry | None = None
        self.sandbox: Sandbox | None = None
        self._first = True

        first = load(self.entries[0].path)
        self.hex_size = hex_size
        self.boards: dict[int, BoardView] = {}
        self.board = self._board_for(first.state)
        # the board takes the room the text leaves, beside it down to about 1000 px of width
        self.board_box = widgets.Box([self.board.widget], layout=widgets.Layout(flex="1 1 360px", min_width="0"))

        # the list, grouped
        self.buttons: dict[str, widgets.Button] = {}
        items: list[widgets.Widget] = []
        for group in ("1998", "2015", "rulings"):
            entries = [e for e in self.entries if e.group == group]
            if not entries:
                continue
            items.append(widgets.HTML(f'<div style="{FONT};font-weight:bold;font-size:13px;line-height:1.3;'
                                      f'color:#6b4b1f;'
                                      f'margin:10px 0 2px">{html.escape(group_title(group))}</div>'))
            for e in entries:
                title = T_knizia.gettext(e.title)
                b = widgets.Button(description=f"{e.key} · {short_title(e.key, title)}", tooltip=title,
                                   layout=widgets.Layout(width="214px"))
                b.add_class(f"samurai-example-{e.key}")
                b.add_class("samurai-example-button")
                b.on_click(self.feedback.guard(lambda _b, key=e.key: self.open(key)))
                self.buttons[e.key] = b
                items.append(b)
        sidebar = widgets.VBox(items, layout=widgets.Layout(width="220px", margin="0 12px 0 0"))
        sidebar.add_class("samurai-examples-list")

        self.title = widgets.HTML()
        self.title.add_class("samurai-example-title")
        self.description = widgets.HTML()
        self.description.add_class("samurai-example-description")
        self.variant = widgets.ToggleButtons(options=[(T.gettext("as written"), "")], value="",
                                             description=T.gettext("Rules:"))
        self.variant.add_class("samurai-example-variant")
        self.variant.observe(self.feedback.guard(lambda ch: self._variant_chosen(ch["new"])), names="value")
        self.variant_note = widgets.HTML()

        def button(label: str, cls: str, handler, style: str = "") -> widgets.Button:
            b = widgets.Button(description=label, button_style=style, layout=widgets.Layout(width="auto"))
            b.add_class(cls)
            b.on_click(self.feedback.guard(lambda _b: handler()))
            return b

        self.first_button = button(T.gettext("◀◀ Start"), "samurai-step-first", lambda: self.go(0))
        self.prev_button = button(T.gettext("◀ Previous"), "samurai-step-prev", lambda: self.step_by(-1))
        self.next_button = button(T.gettext("Next ▶"), "samurai-step-next", lambda: self.step_by(1), "primary")
        self.slider = widgets.IntSlider(min=0, max=0, value=0, readout=False, layout=widgets.Layout(width="160px"))
        self.slider.add_class("samurai-step-slider")
        self.player = widgets.Play(min=0, max=0, value=0, interval=2200,
                                   description=T.gettext("Play through the steps"),
                                   show_repeat=False)
        self.player.add_class("samurai-step-play")
        widgets.jslink((self.player, "value"), (self.slider, "value"))
        self.slider.observe(self.feedback.guard(lambda ch: self.go(ch["new"])), names="value")
        self.step_label = widgets.HTML()
        self.step_label.add_class("samurai-step-label")
        nav = widgets.HBox([self.first_button, self.prev_button, self.next_button, self.player, self.slider,
                            self.step_label], layout=widgets.Layout(align_items="center", flex_flow="row wrap"))

        self.action = widgets.HTML()
        self.action.add_class("samurai-step-action")
        self.narration = widgets.HTML()
        self.narration.add_class("samurai-step-narration")
        self.outcome = widgets.HTML()
        self.outcome.add_class("samurai-step-outcome")
        self.expected = widgets.HTML()
        self.expected.add_class("samurai-step-expected")
        self.tallies = widgets.HTML()
        self.tallies.add_class("samurai-step-tallies")
        self.scoring = widgets.VBox()

        # try it yourself
        from .hand_panel import HandPanel
        from .play_input import PlayInput

        self.input = PlayInput(confirm=False)
        self.hand = HandPanel()
        self.hand.on_select(self.feedback.guard(self._on_tile))
        self.try_button = button(T.gettext("Try it yourself"), "samurai-try", self.start_sandbox, "info")
        self.try_button.icon = "hand-paper-o"  # FontAwesome, served with the page (no font may lack it)
        self.back_button = button(T.gettext("↩ Back to the example"), "samurai-try-back", self.leave_sandbox,
                                  "warning")
        self.end_turn_button = button(T.gettext("End turn"), "samurai-try-end-turn",
                                      lambda: self._sandbox_play(EndTurn()))
        self.confirm_button = button(T.gettext("Confirm exchange"), "samurai-try-confirm", self._confirm)
        self.undo_button = button(T.gettext("Undo"), "samurai-try-undo", self._undo)
        self.try_outcome = widgets.HTML()
        self.try_outcome.add_class("samurai-try-outcome")
        self.swap_chooser = SwapChooser(self.feedback.guard(self._swap_caste))
        self.try_box = widgets.VBox([
            widgets.HTML(f'<div style="{TEXT};font-weight:bold;color:#0d47a1">'
                         + html.escape(T.gettext("Try it yourself: choose a {tile}, then click a hex. The example is "
                                                 "kept; come back to it with one click.").format(
                             tile=first.ruleset.vocabulary.tile)) + '</div>'),
            self.hand.widget, self.swap_chooser.widget,
            widgets.HBox([self.end_turn_button, self.confirm_button, self.undo_button,
                                            self.back_button]), self.try_outcome],
            layout=widgets.Layout(border="2px dashed #0d47a1", padding="6px", margin="6px 0", display="none"))
        self.try_box.add_class("samurai-try-box")

        self.sources = widgets.HTML()
        self.sources.add_class("samurai-example-sources")
        self.example_box = widgets.VBox([nav, self.action, self.narration, self.outcome, self.expected,
                                         self.try_button])
        text_col = widgets.VBox([self.title, self.description, self.sources, self.variant, self.variant_note,
                                 self.example_box,
                                 self.try_box, self.feedback.widget, self.tallies, self.scoring],
                                layout=widgets.Layout(flex="1 1 360px", max_width="480px", min_width="0",
                                                      margin="0 12px 0 0", max_height="calc(100vh - 130px)",
                                                      overflow="hidden auto"))
        # the text scrolls in its column: reading the outcome never scrolls the board out of view
        text_col.add_class("samurai-examples-text")
        body = widgets.HBox([sidebar, text_col, self.board_box],
                            layout=widgets.Layout(align_items="flex-start", flex_flow="row wrap"))
        self.board_box.add_class("samurai-examples-board")
        self.coords = False
        self.edition = widgets.ToggleButtons(options=[(T.gettext("Both editions"), ""), ("1998", "1998"),
                                                      ("2015", "2015")],
                                             value="", tooltips=[T.gettext("Every example"),
                                                                 T.gettext("The 1998 rulebook's examples"),
                                                                 T.gettext("The 2015 rulebook's examples")],
                                             style={"button_width": "auto"})
        self.edition.observe(self.feedback.guard(lambda ch: self.show_edition(ch["new"])), names="value")
        keep = css_widget(EXAMPLES_CSS)  # the column scrolls, its parts keep their size; the list's titles wrap
        self.widget = widgets.VBox([keep, body])
        self.widget.add_class("samurai-examples")
        self.header = AppHeader("examples.ipynb", boards=list(self.boards.values()), edition=self.edition,
                                coordinates=self.feedback.guard(self.set_coordinates))
        self.header.attach(self.widget)
        self._groups = {e.key: e.group for e in self.entries}
        self.open(start or self.entries[0].key)

    # --- choosing an example --------------------------------------------------------------------
    def open(self, key: str, variant: str = "") -> None:
        """Show an example by key (``E2``) from its start."""
        entry = next((e for e in self.entries if e.key == key.upper()), None)
        if entry is None:
            raise ValueError(T.gettext("no example {key}; examples are {keys}").format(
                key=repr(key), keys=", ".join(e.key for e in self.entries)))
        self.entry = entry
        scenario = load(entry.path)
        self._leave_sandbox_quietly()
        self.stepper = ExampleStepper(scenario, variant)
        self.stepper.coords = self.coords
        for k, b in self.buttons.items():
            b.button_style = "primary" if k == entry.key else ""
        options = [(variant_label(v), v.name) for v in scenario.runs]
        if list(self.variant.options) != options:
            self.variant.options = options
        self.variant.value = variant
        self.variant.layout.display = "" if len(options) > 1 else "none"
        self.variant_note.value = ""
        self.feedback.clear()
        sc = scenario
        colours = seat_colours(sc.state)
        players = " ".join(f'<span style="white-space:nowrap">{_chip(colours[p])}{html.escape(name)}</span>'
                           for p, name in enumerate(seat_names(sc.state)))
        vocab = sc.ruleset.vocabulary
        about = html.escape(T.gettext("{group} · players: {players} · the {pieces} are {castes}")).format(
            group=html.escape(group_title(entry.group)), players=players, pieces=html.escape(vocab.pieces),
            castes=html.escape(", ".join(vocab.castes.values())))
        self.title.value = (f'<h2 style="{FONT};margin:4px 0;font-size:24px;color:#6b4b1f">{html.escape(entry.key)}: '
                            f'{html.escape(short_title(entry.key, sc.title_text()))}</h2>'
                            f'<div style="{FONT};font-size:14px;color:#6b6257">{about}</div>')
        self.description.value = ""
        self.sources.value = source_quote_html(sc.sources)
        n = self.stepper.count
        self.player.playing = False
        self.slider.max = self.player.max = max(n, 0)
        self.board = self._board_for(self.stepper.state)
        self.board_box.children = [self.board.widget]
        self.board.set_state(self.stepper.state)
        focus = self.stepper.focus()
        self.board.set_focus(focus or None)
        self.go(0)

    def _keep_work(self) -> None:
        """The header's language links reopen this example at this step (a page is translated as it is built)."""
        if getattr(self, "header", None) is None or self.entry is None or self.stepper is None:
            return
        variant = self.stepper.variant.name
        self.header.keep_work([("example", self.entry.key), ("step", str(self.stepper.index)),
                               *([("variant", variant)] if variant else [])])

    def _board_for(self, state: GameState) -> BoardView:
        """The board view for this player count: bigger hexes for smaller maps, about the same size on screen."""
        n = state.n_players
        if n not in self.boards:
            size = self.hex_size * {2: 1.375, 3: 1.125}.get(n, 1.0)
            view = BoardView(state, hex_size=size)
            view.on_click(self.feedback.guard(self._on_board_click))
            self.boards[n] = view
            if getattr(self, "header", None) is not None:
                self.header.add_board(view)
        return self.boards[n]

    def _variant_chosen(self, name: str) -> None:
        if self.stepper is None or name == self.stepper.variant.name:
            return
        k = self.stepper.index
        self.stepper = ExampleStepper(self.stepper.scenario, name)
        self.stepper.coords = self.coords
        self._leave_sandbox_quietly()
        v = self.stepper.variant
        self.variant_note.value = (f'<div style="{FONT};font-size:15px;color:#0d47a1;margin:2px 0 6px">'
                                   f'{html.escape(option_ids_in_words(v.description_text()))}</div>'
                                   if v.description else "")
        self.go(min(k, self.stepper.count))

    # --- settings of the header ---------------------------------------------------------------
    def set_coordinates(self, on: bool) -> None:
        """Name hexes with their ids too (``Show coordinates``)."""
        self.coords = bool(on)
        if self.sandbox is not None:
            self.sandbox.coords = self.coords
        if self.stepper is not None:
            self.stepper.coords = self.coords
            if self.sandbox is None:
                self.go(self.stepper.index)

    def show_edition(self, edition: str) -> None:
        """List the examples of one edition (and the rulings), or of both (``""``)."""
        for key, b in self.buttons.items():
            group = self._groups.get(key, "")
            b.layout.display = "" if not edition or group in (edition, "rulings") else "none"
        if edition and self.entry is not None and self.entry.group not in (edition, "rulings"):
            first = next((e for e in self.entries if e.group == edition), None)
            if first is not None:
                self.open(first.key)

    # --- stepping -----------------------------------------------------------------------------
    def step_by(self, delta: int) -> None:
        assert self.stepper is not None
        self.go(max(0, min(self.stepper.count, self.stepper.index + delta)))

    def go(self, k: int) -> None:
        """Show the position after step ``k`` (0: the start)."""
        st = self.stepper
        assert st is not None
        st.go(k)
        self._keep_work()
        if self.slider.value != k:
            self.slider.value = k
        if self.sandbox is not None:
            self._leave_sandbox_quietly()
        colours = seat_colours(st.state)
        self.step_label.value = (f'<span style="{FONT};font-size:16px;font-weight:bold;margin-left:8px">'
                                 f'{html.escape(st.label())}</span>')
        if k:
            who = st.before.current
            self.action.value = (f'<div class="samurai-step-action-text" style="{TEXT};font-weight:bold;margin:6px 0">'
                                 f'{_chip(colours[who])}{html.escape(st.action_line())}.</div>')
        else:
            self.action.value = ""
        self.narration.value = (f'<div class="samurai-step-narration-text" style="{TEXT};background:#fffdf6;'
                                f'border-left:5px solid #b5651d;padding:8px 12px;margin:4px 0">'
                                f'{html.escape(st.narration())}</div>' if st.narration() else "")
        lines = st.outcome()
        heading = html.escape(T.gettext("Outcome:"))
        self.outcome.value = (f'<div class="samurai-step-outcome-text" style="{TEXT};margin:4px 0">'
                              f'<b>{heading}</b><ul style="margin:2px 0">'
                              + "".join(f"<li>{html.escape(x)}</li>" for x in lines) + "</ul></div>" if lines else "")
        expected = st.expected_lines()
        if expected:
            bad = st.mismatches()
            verdict = (T.gettext("✔ the rules engine agrees") if not bad else
                       T.gettext("✘ the rules engine differs: {differences}").format(differences="; ".join(bad)))
            heading = html.escape(T.gettext("As the example states:"))
            self.expected.value = (
                f'<div class="samurai-step-expected-text" style="{FONT};font-size:15px;color:#33503a;'
                f'background:#eef5e6;padding:6px 10px;border-radius:4px;margin:4px 0"><b>{heading}</b>'
                f'<ul style="margin:2px 0">{"".join(f"<li>{html.escape(x.rstrip(chr(46)))}</li>" for x in expected)}'
                f'</ul><i>{html.escape(verdict)}</i></div>')
        else:
            self.expected.value = ""
        self.board.set_state(st.state)
        self.board.clear_highlights()
        hexes = st.step_hexes()
        if hexes:
            self.board.set_highlights(hexes, "preview")
        decided = sorted({r.hex for r in st.resolutions()})
        if decided:
            self.board.set_highlights(decided, "warning")
        self._show_tallies(st.state, st.settlements())
        self._show_scoring(st)
        self.prev_button.disabled = self.first_button.disabled = k == 0
        self.next_button.disabled = k >= st.count
        self.try_button.description = (T.gettext("Try it yourself: another move instead of step {k}").format(k=k)
                                       if k else T.gettext("Try it yourself from this position"))

    def _show_tallies(self, state: GameState, settlements: Sequence[int]) -> None:
        if not settlements:
            self.tallies.value = ""
            return
        body = "".join(f'<div style="margin:6px 0">{tally_html(state, s)}</div>' for s in settlements)
        heading = html.escape(T.gettext("Influence on the settlements concerned"))
        self.tallies.value = f'<div style="{FONT};font-size:15px"><b>{heading}</b>{body}</div>'

    def _show_scoring(self, st: ExampleStepper) -> None:
        if not st.needs_score() or any(c is None for c in st.state.captured):
            self.scoring.children = []
            return
        from .scoring_explainer import ScoringExplainer

        state = st.state
        view = ScoringExplainer(score_state(state), seat_names(state), state.ruleset.vocabulary,
                                colours=seat_colours(state), editable=False)
        self.scoring.children = [view.widget]

    # --- try it yourself ------------------------------------------------------------------------
    def start_sandbox(self) -> None:
        """Play your own moves from the position before the step shown (the start at step 0)."""
        st = self.stepper
        assert st is not None
        start = st.before
        if start.is_over:
            raise ValueError(T.gettext("the game is over in this position: there is no move to try"))
        self.sandbox = Sandbox(start)
        self.sandbox.coords = self.coords
        self.input.reset()
        self.example_box.layout.display = "none"
        self.try_box.layout.display = ""
        self.board.set_state(start)
        self.board.clear_highlights()
        who = seat_names(start)[start.current]
        self._show_tallies(start, settlements_concerned(start, list(st.scenario.focus)))
        text = T.gettext("{player} to play.").format(player=who)
        if st.index:
            text += " " + T.gettext("This is the position before step {k}, which was: {action}.").format(
                k=st.index, action=st.action_line())
        self.try_outcome.value = f'<div style="{TEXT}">{html.escape(text)}</div>'
        self._refresh_sandbox()

    def leave_sandbox(self) -> None:
        """Back to the example, at the step shown before."""
        self._leave_sandbox_quietly()
        assert self.stepper is not None
        self.go(self.stepper.index)

    def _leave_sandbox_quietly(self) -> None:
        self.sandbox = None
        self.input.reset()
        self.try_box.layout.display = "none"
        self.example_box.layout.display = ""

    def _refresh_sandbox(self) -> None:
        sb = self.sandbox
        if sb is None:
            return
        state = sb.state
        title, items, allowance = self.input.items(state)
        self.hand.show(title, items, allowance)
        for style, hexes in self.input.highlights(state).items():
            self.board.set_highlights(hexes, style)
        self.confirm_button.layout.display = "" if self.input.sel.pending is not None else "none"
        self.swap_chooser.show(state, self.input.sel.swap_ends, self.input.sel.swap_castes)
        self.end_turn_button.disabled = state.played_this_turn == 0 or state.is_over
        self.undo_button.disabled = len(sb.states) <= 1

    def _on_tile(self, k: int) -> None:
        if self.sandbox is None:
            return
        out = self.input.choose(self.sandbox.state, k)
        if out.message:
            self.feedback.show(out.message, out.kind)
        self._refresh_sandbox()

    def _on_board_click(self, hex_index: int | None, x: float = 0, y: float = 0) -> None:
        self.click(hex_index)

    def click(self, hex_index: int | None) -> None:
        """A click on the board: in "try it yourself", the move; otherwise show a settlement's tallies."""
        if self.sandbox is None:
            st = self.stepper
            if st is not None and hex_index is not None and st.state.board.is_settlement[hex_index]:
                self._show_tallies(st.state, [hex_index])
            return
        state = self.sandbox.state
        out = self.input.click(state, hex_index)
        if out.action is not None:
            self._sandbox_play(out.action)
            return
        if out.message:
            self.feedback.show(out.message, out.kind)
        self._refresh_sandbox()

    def _swap_caste(self, end: int, caste: Caste) -> None:
        if self.sandbox is None:
            return
        out = self.input.choose_swap_caste(self.sandbox.state, end, caste)
        if out.message:
            self.feedback.show(out.message, out.kind)
        self._refresh_sandbox()

    def _confirm(self) -> None:
        out = self.input.commit_pending(self.sandbox.state)
        if out.action is None:
            self.feedback.show(out.message, out.kind)
            return
        self._sandbox_play(out.action)

    def _sandbox_play(self, action: Action) -> None:
        sb = self.sandbox
        if sb is None:
            raise ValueError(T.gettext("press “Try it yourself” first"))
        try:
            lines = sb.play(action)
        except IllegalMoveError as e:
            self.input.reset()
            self.feedback.show(T.gettext("Not allowed: {reason}.").format(reason=e.reason), "error")
            self._refresh_sandbox()
            return
        self.input.reset()
        self.feedback.clear()
        self._show_try(lines)

    def _undo(self) -> None:
        if self.sandbox is not None:
            self.sandbox.undo()
            self.input.reset()
            self._show_try(self.sandbox.lines)

    def _show_try(self, lines: Sequence[str]) -> None:
        sb = self.sandbox
        assert sb is not None
        heading = html.escape(T.gettext("What happens:"))
        self.try_outcome.value = (f'<div class="samurai-try-outcome-text" style="{TEXT}">'
                                  f'<b>{heading}</b><ul style="margin:2px 0">'
                                  + "".join(f"<li>{html.escape(x)}</li>" for x in lines)
                                  + "</ul></div>")
        self.board.set_state(sb.state)
        self.board.clear_highlights()
        hexes = sorted({r.hex for r in sb.state.events})
        if hexes:
            self.board.set_highlights(hexes, "warning")
        st = self.stepper
        concerned = settlements_concerned(sb.state, list(st.scenario.focus) if st else [], sb.state.events)
        self._show_tallies(sb.state, concerned)
        self._refresh_sandbox()
