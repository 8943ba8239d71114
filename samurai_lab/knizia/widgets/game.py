"""The game app: a full game of Samurai between people (hot seat) and bots (``GameApp().widget``).

Setup follows the rulebooks: each person chooses his starting hand in secret, the screen passed between
them; then the pieces are placed in the open, from the first seat; then play begins with the first seat.
The rules of the table live in ``teaching.game_session.GameSession``; this module turns clicks into its
calls and shows the result: the new-game form, the table, the end and a step-by-step replay.
"""

from __future__ import annotations

import base64
import html
import time
import zlib
from typing import Callable

import ipywidgets as widgets

from ..core.actions import Action, EndTurn, Pass, PickTile, PlacePiece
from ..teaching.game_session import BotFactory, GameSession, Player, Step
from ..teaching.game_text import action_hexes, action_phrase
from ..teaching.game_text import describe_action
from ..teaching.words import hex_words, plain_text
from ...ui.header import AppHeader
from ...ui.layout import SIDE_CLASS, button, classed, set_traits
from ..render.describe import hover_text
from ..render.theme import seat_colours
from ..core.model import Phase
from ..core.state import GameState
from ..core.tiles import Caste
from .board import BoardView
from ...ui.common import Feedback
from .game_replay import RecordExport, ReplayViewer
from .review_panel import ReviewPanel
from .game_scoring import scoring_widget
from .game_setup import NewGameForm
from .hand_panel import HandPanel, hand_items
from .play_input import LEGAL, PREVIEW, Outcome, PlayInput
from .status_panel import phase_text, status_html
from .tally_panel import TallyPanel, preview_html
from ...i18n import Domain

T = Domain("knizia")

LOG_LINES = 80  # log lines shown (newest first)
HINTS = 5


RECORD_OPTION = "record"  # the address option that carries a game being played (the language links)


def pack_record(record: str) -> str:
    """A game record for an address: compressed, URL-safe, and not readable at a glance (its hands are secret
    at a hot seat)."""
    return base64.urlsafe_b64encode(zlib.compress(record.encode("utf-8"), 9)).decode("ascii")


def unpack_record(value: str) -> str:
    """A record from ``pack_record``, or ``value`` itself when it is a record as written."""
    try:
        return zlib.decompress(base64.urlsafe_b64decode(value.strip().encode("ascii"))).decode("utf-8")
    except (ValueError, zlib.error, UnicodeError):
        return value


def table_players(table: str) -> list[Player] | None:
    """The seats of a record's ``Table`` header (``Green person, Yellow greedy``), or None when it has none."""
    seats = [x.strip().rpartition(" ") for x in table.split(",") if x.strip()]
    players = [Player.person(name or None) if kind == "person" else Player.bot(kind, name or None)
               for name, _, kind in seats]
    return players or None


def intro_html() -> str:
    """What the app is for, in the current language (above the new-game form)."""
    return "<p style='max-width:900px;margin:2px 0 6px 0'>{}</p>".format(html.escape(T.gettext(
        "A full game for 2 to 4 players: people at the same screen (hot seat) and bots of three levels. Choose the "
        "seats and the rules, then play; ask for a hint at any time, take back your actions within your turn, and "
        "replay the game at the end.")))


class GameApp:
    """The whole app (``widget``, CSS class ``samurai-game``). ``bot_pause``: the form's first pause in seconds
    after a bot's action; ``sleep``: how the app waits (tests pass a no-op)."""

    def __init__(self, bot_pause: float = 0.5, hex_size: float = 22, seed: int = 1,
                 bot_factory: BotFactory | None = None, sleep: Callable[[float], None] = time.sleep) -> None:
        self.hex_size = hex_size
        self.bot_factory = bot_factory
        self.sleep = sleep
        self.session: GameSession | None = None
        self.board: BoardView | None = None
        self.input = PlayInput(confirm=False)
        self.last_bot_hexes: tuple[int, ...] = ()
        self._bots_running = False
        self.feedback = Feedback()
        guard = self.feedback.guard

        # --- the new-game screen -----------------------------------------------
        self.form = NewGameForm(bot_pause=bot_pause, seed=seed)
        self.form.start_button.on_click(guard(lambda _b: self.start_from_form()))
        self.record_input = classed(widgets.Textarea(placeholder=T.gettext("Paste a game record here"),
                                                     layout=widgets.Layout(width="560px", height="64px")),
                                    "samurai-record-input")
        self.load_button = button(T.gettext("Replay this record"), "samurai-load-record", icon="folder-open",
                                  on_click=guard(lambda _b: self.load_record(self.record_input.value)))
        self.resume_button = button(T.gettext("Back to the game"), "samurai-resume", icon="arrow-left",
                                    on_click=guard(lambda _b: self.show_screen("table")))
        self.intro = classed(widgets.HTML(intro_html()), "samurai-intro")
        self.setup_screen = classed(widgets.VBox([
            self.intro, self.resume_button, self.form.widget,
            widgets.HTML("<h2 style='margin:10px 0 4px 0;font-size:17px'>{}</h2>".format(
                html.escape(T.gettext("Or replay a recorded game")))),
            self.record_input, widgets.HBox([self.load_button]),
        ]), "samurai-setup-screen")

        # --- the table -------------------------------------------------------------
        self.board_box = classed(widgets.Box(), "samurai-board-box")
        self.hover = classed(widgets.HTML(), "samurai-hover")
        self.status = classed(widgets.HTML(), "samurai-status")
        self.pass_text = widgets.HTML()
        self.reveal_button = button(T.gettext("Show my tiles"), "samurai-reveal-button", icon="eye", style="warning",
                                    on_click=guard(lambda _b: self.reveal()))
        self.pass_screen = classed(widgets.VBox([self.pass_text, self.reveal_button], layout=widgets.Layout(
            border="2px dashed #8a6a36", padding="12px", display="none")), "samurai-pass-screen")
        self.hand = HandPanel()
        self.hand.on_select(guard(self.choose))
        self.prompt = classed(widgets.HTML(), "samurai-prompt")
        self.swap_castes = classed(widgets.HBox(), "samurai-swap-castes")
        self.confirm_button = button(
            T.gettext("Confirm"), "samurai-confirm", icon="check", style="success",
            on_click=guard(lambda _b: self.handle(self.input.commit_pending(self.session.state))))
        self.end_turn_button = button(T.gettext("End the turn"), "samurai-end-turn", icon="step-forward",
                                      style="primary", tooltip=T.gettext("Refill your hand to five and pass on"),
                                      on_click=guard(lambda _b: self.act(EndTurn())))
        self.pass_button = button(T.gettext("Pass"), "samurai-pass", icon="forward",
                                  on_click=guard(lambda _b: self.act(Pass())))
        self.undo_button = button(T.gettext("Undo"), "samurai-undo-turn", icon="undo",
                                  tooltip=T.gettext("Take back your last action of this turn"),
                                  on_click=guard(lambda _b: self.undo()))
        self.hint_button = button(T.gettext("Hint"), "samurai-hint-button", icon="lightbulb-o",
                                  tooltip=T.gettext("The best placements for your hand, ranked, with why"),
                                  on_click=guard(lambda _b: self.show_hints()))
        self.hints_box = classed(widgets.VBox(), "samurai-hints")
        self.preview_confirm = self._checkbox(T.gettext("Preview before playing"), "samurai-preview-toggle",
                                              guard(self._on_confirm_mode))
        self.reveal_all = self._checkbox(T.gettext("Reveal everything (teaching)"), "samurai-reveal-all",
                                         guard(lambda _c: self.refresh()))
        self.bots_button = button(T.gettext("Let the bots play"), "samurai-bots-continue", icon="play",
                                  tooltip=T.gettext("The bots stopped (see the message): try again"),
                                  on_click=guard(lambda _b: self.run_bots()))
        self.controls = widgets.HBox([self.end_turn_button, self.pass_button, self.undo_button, self.hint_button,
                                      self.confirm_button, self.bots_button])
        self.turn_box = classed(widgets.VBox([self.hand.widget, self.swap_castes, self.prompt, self.controls,
                                              self.hints_box]), "samurai-turn")
        self.tally = TallyPanel()
        self.log = classed(widgets.HTML(layout=widgets.Layout(max_height="260px", overflow="auto")), "samurai-log")
        self.scoring_box = widgets.VBox()
        self.record_export = RecordExport()
        self.replay_game_button = button(T.gettext("Replay this game"), "samurai-replay-game", icon="film",
                                         on_click=guard(lambda _b: self.replay_session()))
        self.new_game_button = button(T.gettext("New game"), "samurai-new-game-button", icon="plus",
                                      on_click=guard(lambda _b: self.show_screen("setup")))
        self.review_panel = ReviewPanel(guard, self._make_board, report=self.feedback.report_unexpected)
        self.end_box = classed(widgets.VBox([self.scoring_box, self.review_panel.widget, self.record_export.widget,
                                             widgets.HBox([self.replay_game_button])],
                                            layout=widgets.Layout(display="none")), "samurai-end")
        self.side_feedback = widgets.Box()  # messages beside the board: the board never moves
        side = classed(widgets.VBox([
            self.status, self.pass_screen, self.side_feedback, self.turn_box, self.end_box,
            widgets.HBox([self.reveal_all, self.preview_confirm]),
            widgets.HTML("<b>{}</b>".format(html.escape(T.gettext("Log")))), self.log, self.tally.widget,
        ], layout=widgets.Layout(flex="1 1 420px", max_width="560px", min_width="0", margin="0 0 0 12px")), SIDE_CLASS)
        # the board column takes the room the side panel leaves (the board fits it); the panel goes below when narrow
        board_column = widgets.VBox([self.board_box, self.hover], layout=widgets.Layout(flex="1 1 360px", min_width="0"))
        self.table_screen = classed(widgets.VBox([
            widgets.HBox([board_column, side], layout=widgets.Layout(align_items="flex-start", flex_flow="row wrap")),
        ]), "samurai-table")

        # --- the replay --------------------------------------------------------------
        self.replay = ReplayViewer(self._make_board, guard)
        self.replay.back_button.on_click(guard(lambda _b: self.show_screen("table" if self.session else "setup")))
        self.replay.continue_button.on_click(guard(lambda _b: self.continue_replay()))

        self.screen = widgets.Box()
        self.top_feedback = widgets.Box()
        self.widget = classed(widgets.VBox([widgets.HBox([self.new_game_button]), self.top_feedback, self.screen]),
                              "samurai-game")
        self.coords = False
        self.edition = widgets.ToggleButtons(
            options=[(T.gettext("1998 rules"), "1998"), (T.gettext("2015 rules"), "2015")],
            value=self.form.rules.edition.value, style={"button_width": "auto"},
            tooltips=[T.gettext("Hans im Glück / Rio Grande: words and rules of the next game"),
                      T.gettext("Fantasy Flight: words and rules of the next game")])
        widgets.link((self.edition, "value"), (self.form.rules.edition, "value"))
        self.header = AppHeader("game.ipynb", edition=self.edition, coordinates=guard(self.set_coordinates))
        self.header.attach(self.widget)
        self.show_screen("setup")

    @staticmethod
    def _checkbox(description: str, css: str, on_change: Callable[[dict], None]) -> widgets.Checkbox:
        box = classed(widgets.Checkbox(value=False, description=description, indent=False,
                                       layout=widgets.Layout(width="auto")), css)
        box.observe(on_change, names="value")
        return box

    # --- screens -----------------------------------------------------------------
    def show_screen(self, name: str) -> None:
        """Show ``setup``, ``table`` or ``replay``."""
        screens = {"setup": self.setup_screen, "table": self.table_screen, "replay": self.replay.widget}
        if name not in screens:
            raise ValueError(f"unknown screen {name!r}; screens are {', '.join(screens)}")  # a caller's mistake
        self.screen.children = [screens[name]]
        self.current_screen = name
        on_table = name == "table"
        self.side_feedback.children = [self.feedback.widget] if on_table else []
        self.top_feedback.children = [] if on_table else [self.feedback.widget]
        self.new_game_button.layout.display = "none" if name == "setup" else ""
        self.edition.disabled = name != "setup"  # the edition is chosen for a new game
        self.resume_button.layout.display = "" if (name == "setup" and self.session is not None) else "none"

    def _make_board(self, state: GameState) -> BoardView:
        return BoardView(state, hex_size=self.hex_size)

    # --- starting ---------------------------------------------------------------
    def start_from_form(self) -> None:
        """Start the game the form describes."""
        self.begin(GameSession(self.form.players(), self.form.ruleset(), self.form.seed, bot_factory=self.bot_factory))

    def begin(self, session: GameSession) -> None:
        """Sit down at ``session``'s table; the bots play until a person is to act."""
        self.session = session
        self._fresh()
        shown = session.visible_state(self.reveal_all.value)
        if self.board is None or self.board.state.n_players != shown.n_players:
            self.board = self._make_board(shown)
            self.board.on_click(self.feedback.guard(self.click))
            self.board.on_hover(self.feedback.guard(self.hover_hex))
            self.board_box.children = [self.board.widget]
            self.header.add_board(self.board)
        self.show_screen("table")
        self.refresh()
        self.run_bots()

    def _fresh(self, bot_hexes: bool = True) -> None:
        """Nothing selected, hinted or said (and the bots' last hexes unmarked) after an action."""
        self.input.reset()
        self.hints_box.children = ()
        if bot_hexes:
            self.last_bot_hexes = ()
            self.feedback.clear()

    # --- bots ---------------------------------------------------------------------
    def run_bots(self) -> list[Step]:
        """Let the bots play, one visible action at a time, until a person is to act or the game ends."""
        session = self._need_session()
        if session.is_bot_turn():
            self.last_bot_hexes = ()
        self._bots_running = True
        try:
            return session.run_bots(on_step=self._show_bot_step)
        finally:
            self._bots_running = False
            self.refresh()

    def _show_bot_step(self, step: Step) -> None:
        """Every hex the bots touched since the person's last action stays marked; then a pause: the full one
        after tiles and swaps, a third of it after pieces, none after secret picks and turn ends."""
        self.last_bot_hexes = tuple(dict.fromkeys(self.last_bot_hexes + action_hexes(step.before, step.action)))
        self.refresh()
        if self.form.bot_pause > 0 and not isinstance(step.action, (PickTile, EndTurn, Pass)):
            self.sleep(self.form.bot_pause / (3 if isinstance(step.action, PlacePiece) else 1))

    # --- a person's actions ---------------------------------------------------------
    def _need_session(self) -> GameSession:
        if self.session is None:
            raise ValueError(T.gettext("no game is being played: start a new game first"))
        return self.session

    def _person_to_act(self) -> GameSession:
        """The session, if a person may act now (ValueError saying why not otherwise)."""
        session = self._need_session()
        if session.is_over:
            raise ValueError(T.gettext("the game is over: start a new game, or replay this one"))
        taker = session.handover_to()
        if taker is not None:
            raise ValueError(T.gettext("{player}: press “{button}” first").format(
                player=session.label(taker), button=self.reveal_button.description))
        if session.is_bot_turn():
            raise ValueError(T.gettext("{player} is playing: wait for your turn").format(
                player=session.label(session.state.current)))
        return session

    def act(self, action: Action) -> Step:
        """Play a person's action; then the bots answer."""
        session = self._person_to_act()
        step = session.play(action)
        self._fresh()
        self.refresh()
        if session.is_bot_turn():
            self.run_bots()
        return step

    def handle(self, outcome: Outcome) -> None:
        """Play the action a click leads to, or show its message and preview."""
        if outcome.action is None and not outcome.message:
            self.feedback.clear()
        if outcome.preview is not None and self.session is not None:
            self.tally.show(self.session.state, None, preview_html(self.session.state, outcome.preview))
        outcome.follow(self.act, self.feedback.show, self.refresh)

    def click(self, hex_index: int | None, x: float = 0.0, y: float = 0.0) -> None:
        """A click on the board."""
        session = self._need_session()
        state = session.state
        on_settlement = hex_index is not None and state.board.is_settlement[hex_index]
        if on_settlement:
            self.tally.show(session.visible_state(self.reveal_all.value), hex_index)
        if session.is_over:
            return
        if on_settlement and state.phase is Phase.PLAY and self.input.selected_tile(state) is None:
            return  # looking at a settlement's tallies
        self._person_to_act()
        self.handle(self.input.click(state, hex_index))

    def choose(self, k: int) -> None:
        """The k-th button of the hand panel (a tile, a tile kind while choosing hands, or a caste)."""
        self.handle(self.input.choose(self._person_to_act().state, k))

    def choose_swap_caste(self, end: int, caste_value: str) -> None:
        self.handle(self.input.choose_swap_caste(self._person_to_act().state, end, Caste(caste_value)))

    def undo(self) -> None:
        """Take back the person's last action of this turn."""
        step = self._need_session().undo()
        self._fresh(bot_hexes=False)
        self.feedback.show(T.gettext("Taken back: {action}.").format(
            action=action_phrase(step.before, step.action, self.coords)), "info")
        self.refresh()

    def reveal(self) -> None:
        """The person to act sits in front of the screen."""
        session = self._need_session()
        taker = session.handover_to()
        if taker is None:
            return
        session.reveal(taker)
        self.feedback.clear()
        self.refresh()

    def hover_hex(self, hex_index: int | None) -> None:
        """The line under the board: the hex under the pointer as the table shows it now."""
        self._hovered = hex_index
        if self.session is None:
            return
        state = self.session.visible_state(self.reveal_all.value)
        text = hover_text(state, hex_index, self.coords)  # the place in words, its id only with coordinates on
        value = f"<span style='font-size:90%'>{html.escape(text)}</span>" if text else ""
        set_traits(self.hover, value=value)

    def _on_confirm_mode(self, change: dict) -> None:
        self.input.confirm = bool(change["new"])
        self.input.reset()
        self.refresh()

    # --- hints ------------------------------------------------------------------------
    def show_hints(self) -> list:
        """Rank the best actions for the person to act and list them, each with why."""
        session = self._person_to_act()
        hints = session.hints(HINTS)
        state = session.state
        rows = []
        for k, h in enumerate(hints):
            show = button(f"{k + 1}. {action_phrase(state, h.action, self.coords)}", "samurai-hint-show",
                          tooltip=T.gettext("Show it on the board"))
            play = button(T.gettext("Play"), "samurai-hint-play", icon="play")
            show.on_click(self.feedback.guard(lambda _b, h=h: self.show_hint(h)))
            play.on_click(self.feedback.guard(lambda _b, h=h: self.act(h.action)))
            why = widgets.HTML(f"<div style='font-size:90%;line-height:1.35;color:#444;margin:0 0 4px 6px'>"
                               f"{html.escape(plain_text(state, h.text, self.coords))}</div>")
            rows.append(classed(widgets.VBox([widgets.HBox([show, play]), why]), "samurai-hint"))
        if not rows:
            rows = [widgets.HTML("<i>{}</i>".format(html.escape(T.gettext("No hint for this step."))))]
        self.hints_box.children = [widgets.HTML("<b>{}</b> ({})".format(
            html.escape(T.gettext("Hints")), html.escape(T.gettext("best first")))), *rows]
        return hints

    def show_hint(self, hint) -> None:
        """Highlight a hint's hexes on the board and say why."""
        state = self._need_session().state
        self.board.set_marks((), action_hexes(state, hint.action), None)
        self.feedback.show(f"{action_phrase(state, hint.action, self.coords)}: "
                           f"{plain_text(state, hint.text, self.coords)}", "info")

    # --- records and replay ----------------------------------------------------------------
    def load_record(self, text: str) -> None:
        """Replay a recorded game step by step."""
        if not text.strip():
            raise ValueError(T.gettext("paste a game record into the box first"))
        loaded = GameSession.from_record(text)
        self.replay.load(loaded.states, loaded.actions)
        n = len(loaded.actions)
        self.feedback.show(T.ngettext("Record loaded: {n} action.", "Record loaded: {n} actions.", n).format(n=n),
                           "success")
        self.show_screen("replay")

    def replay_session(self) -> None:
        """Replay the game just played."""
        session = self._need_session()
        self.replay.load(session.states, session.actions, [session.label(p) for p in range(len(session.players))])
        self.show_screen("replay")

    def continue_replay(self) -> None:
        """Play on from the replayed step shown, with the seats of the new-game form."""
        k = self.replay.index
        states, actions = self.replay.states[:k + 1], self.replay.actions[:k]
        if not states:
            raise ValueError(T.gettext("no game is loaded"))
        players = self.form.players()
        n = states[0].n_players
        if len(players) != n:
            raise ValueError(T.gettext("the recorded game has {n} players: set {n} players in the new-game form "
                                       "first").format(n=n))
        if states[-1].is_over:
            raise ValueError(T.gettext("the game is over at this step: go back a few steps to play on"))
        self.begin(GameSession.from_states(states, actions, players, bot_factory=self.bot_factory))

    # --- drawing ------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Show the session as the person in front of the screen may see it."""
        session = self.session
        if session is None or self.board is None:
            return
        self._keep_work(session)
        self.hover_hex(getattr(self, "_hovered", None))  # the pointer may rest on the hex just played
        reveal = bool(self.reveal_all.value)
        state = session.state
        shown = session.visible_state(reveal)
        taker = session.handover_to()
        person_turn = session.is_person_turn() and taker is None
        if self.board.state != shown:
            self.board.set_state(shown)

        # status: secret parts only for the person in front of the screen
        everything = reveal or not session.people
        if not state.is_over and (everything or (session.viewer is not None and taker is None)):
            self.status.value = status_html(state, None if everything else session.viewer)
        else:  # at the end the scoring below shows every count
            self.status.value = f"<b>{html.escape(phase_text(state))}</b>"

        # the pass screen
        self.pass_screen.layout.display = "" if taker is not None else "none"
        if taker is not None:
            vocab = state.ruleset.vocabulary
            name = html.escape(session.label(taker))
            then = (T.gettext("choose your starting hand in secret (the {pieces} are placed once every hand is "
                              "chosen)").format(pieces=vocab.pieces)
                    if state.phase is Phase.CHOOSE_HANDS else T.gettext("show your {tiles}").format(tiles=vocab.tiles))
            self.pass_text.value = ("<div style='font-size:120%'>{}</div><div>{}</div>".format(
                T.gettext("Pass the screen to {player}.").format(player=f"<b>{name}</b>"),
                html.escape(T.gettext("{player}: make sure nobody else is looking, then {then}.").format(
                    player=session.label(taker), then=then))))
            self.reveal_button.description = T.gettext("I am {player}, show my {tiles}").format(
                player=session.label(taker), tiles=vocab.tiles)

        # the hand and the controls
        self.turn_box.layout.display = "none" if (taker is not None or state.is_over) else ""
        legal = state.legal_actions() if person_turn else []
        if person_turn:
            self.hand.show(*self.input.items(state))
            self.prompt.value = ""
        else:
            viewer = session.viewer
            hand = shown.hands[viewer] if viewer is not None else None
            if hand and state.phase is Phase.PLAY:
                self.hand.show(T.gettext("The {tiles} of {player} (waiting for {current})").format(
                    tiles=state.ruleset.vocabulary.tiles, player=session.label(viewer),
                    current=session.label(state.current)), hand_items(shown, hand, None))
            else:
                self.hand.show("", [])
            self.prompt.value = ("<i>{}</i>".format(html.escape(T.gettext("{player} is playing…").format(
                player=session.label(state.current)))) if session.is_bot_turn() else "")
        self.end_turn_button.disabled = EndTurn() not in legal
        self.end_turn_button.button_style = "" if self.end_turn_button.disabled else "primary"  # blue only when it acts
        self.pass_button.disabled = Pass() not in legal
        self.pass_button.layout.display = "" if Pass() in legal else "none"
        self.pass_button.tooltip = T.gettext("Only when no {tile} can be placed (R1)").format(
            tile=state.ruleset.vocabulary.tile)
        self.undo_button.disabled = not (person_turn and session.can_undo())
        self.hint_button.disabled = not (person_turn and state.phase is Phase.PLAY)
        self.confirm_button.layout.display = "" if (person_turn and self.input.sel.pending is not None) else "none"
        # a bot failed: offer to go on
        self.bots_button.layout.display = "" if session.is_bot_turn() and not self._bots_running else "none"
        self._refresh_swap_castes(state if person_turn else None)

        # the board's marks: legal targets, and the hexes chosen or just played by a bot
        marks = self.input.highlights(state) if person_turn else {}
        chosen = marks.get(PREVIEW, ())
        self.board.set_marks(marks.get(LEGAL, ()), chosen or self.last_bot_hexes,
                             chosen[0] if chosen else None)

        self._refresh_log(session)
        self._refresh_end(session)

    def _keep_work(self, session: GameSession) -> None:
        """The header's language links carry the game as its record (a page is translated as it is built)."""
        mark = (id(session), len(session.actions))
        if getattr(self, "_work_mark", None) != mark:
            self._work_mark = mark
            self.header.keep_work([(RECORD_OPTION, pack_record(session.record()))], replaces=("players", "edition"))

    def resume(self, record: str) -> None:
        """Sit down again at the game a record holds (as written or packed), with its seats as recorded."""
        from ..scenarios import parse_record

        record = unpack_record(record)
        players = table_players(parse_record(record).headers.get("Table", ""))
        self.begin(GameSession.from_record(record, players, bot_factory=self.bot_factory))

    def _refresh_swap_castes(self, state: GameState | None) -> None:
        """Which piece of each chosen settlement the swap exchanges (only when one holds several)."""
        rows = []
        castes = self.input.sel.swap_castes
        for e, i in enumerate(self.input.sel.swap_ends if state is not None else ()):
            pieces = state.pieces[i]
            if len(pieces) > 1:
                tb = widgets.ToggleButtons(options=[(state.ruleset.vocabulary.caste(c), c.value) for c in pieces],
                                           value=castes[e].value if e < len(castes) else pieces[0].value,
                                           description=hex_words(state, i), style={"button_width": "auto",
                                                                                    "description_width": "auto"})
                tb.observe(self.feedback.guard(lambda ch, e=e: self.choose_swap_caste(e, ch["new"])), names="value")
                rows.append(tb)
        self.swap_castes.children = rows

    def _refresh_log(self, session: GameSession) -> None:
        colours = seat_colours(session.state)
        lines = [f'<div class="samurai-log-line" style="border-left:4px solid {colours[step.player]};'
                 f'padding:0 6px;margin:1px 0;line-height:1.35">'
                 f'{step.index + 1}. {html.escape(self._step_text(step))}</div>'
                 for step in session.steps[::-1][:LOG_LINES]]
        if len(session.steps) > LOG_LINES:
            more = len(session.steps) - LOG_LINES
            lines.append("<div style='color:#666'>… {}</div>".format(html.escape(
                T.ngettext("{n} earlier action", "{n} earlier actions", more).format(n=more))))
        state = "over" if session.is_over else ("bot" if session.is_bot_turn() else "person")
        value = (f'<div class="samurai-log-body" data-actions="{len(session.steps)}" data-to-act="{state}">'
                 + ("".join(lines) or "<i>{}</i>".format(html.escape(T.gettext("Nothing has happened yet."))))
                 + "</div>")
        set_traits(self.log, value=value)

    def _step_text(self, step: Step) -> str:
        """A log line: the session's words, with hex ids when coordinates are on."""
        if not self.coords or self.session is None:
            return step.text
        return describe_action(step.before, step.action, step.after, self.session.label(step.player), coords=True)

    def set_coordinates(self, on: bool) -> None:
        """Name hexes by their ids too (the header's "Show coordinates")."""
        self.coords = self.input.coords = self.tally.coords = bool(on)
        self.refresh()

    def _refresh_end(self, session: GameSession) -> None:
        self.end_box.layout.display = "" if session.is_over else "none"
        if not session.is_over:
            self._scored_for = None
        elif getattr(self, "_scored_for", None) is not session.state:
            self._scored_for = session.state
            self.scoring_box.children = [scoring_widget(session.state)]
            self.record_export.show(session.record())
            self.review_panel.set_game(session.states, session.actions,
                                       [session.label(p) for p in range(len(session.players))],
                                       (session.people or (0,))[0])


def game_app(**options) -> widgets.Widget:
    """The game app's widget (for a notebook's last line)."""
    return GameApp(**options).widget
