"""Play with others (``together.ipynb``): games between people on their own devices, for every game, over
its declaration (``common/game.py``) and the game service's API (``ui/play_client.py``).

* Without options: the lobby (the game, its rulings, who sits where); *Create the game* gives each person's
  seat a link and a QR code, and the watchers one. This device's games are listed, "your turn" marked.
* ``?game=ID&seat=TOKEN``: that seat's page; the service alone judges each move, the others' arrive without
  reloading, and the page holds only what its seat may see. ``?game=ID``: the watchers' view.

The tokens of the seats opened on this device are kept in the browser (``localStorage``).
"""

from __future__ import annotations

import html
import os
from typing import Callable

import ipywidgets as widgets

from ..common.game import Game, all_games, get_game
from ..i18n import Domain
from .common import Feedback
from .game_names import game_label
from .header import header_for
from .language import APP_LANGUAGES, open_page
from .layout import board_beside, button, classed
from .play_client import PlayClient, PlayRefused
from .play_panel import play_panel
from .puzzles import BrowserStore
from .query import query_params

T = Domain("ui")
NOTEBOOK = "together.ipynb"
QUERY_KEYS = ("game", "seat")
STORE_KEY = "samurai-together"
LANGUAGES = (*APP_LANGUAGES, "fr")
PERSON = "person"


PUBLIC_URL_ENV = "SAMURAI_PUBLIC_URL"
LOOPBACK = ("127.0.0.1", "localhost", "::1", "")


def apps_base() -> str:
    """The address of the apps' folder as other devices reach it (``http://192.168.1.20:8866/voila/render/``):
    the page's own host, unless it is this computer's loopback and ``serve`` names the address students
    use (``$SAMURAI_PUBLIC_URL``)."""
    path = os.environ.get("SCRIPT_NAME", "")
    folder = path.rsplit("/", 1)[0] + "/" if "/" in path else "/voila/render/"
    host, port = os.environ.get("SERVER_NAME", ""), os.environ.get("SERVER_PORT", "")
    public = os.environ.get(PUBLIC_URL_ENV, "").rstrip("/")
    if public and host in LOOPBACK:
        return public + folder
    if host:
        return f"http://{host}{':' + port if port else ''}{folder}"
    return ""


def qr_html(url: str) -> str:
    """A QR code of ``url`` as an inline picture (segno), with the address under it."""
    import segno

    picture = segno.make(url, error="m").svg_data_uri(scale=4, border=2)
    alt = html.escape(T.gettext("QR code"))
    return (f'<div class="samurai-together-qr"><img src="{picture}" alt="{alt}" '
            f'style="width:180px;height:180px;image-rendering:pixelated"><br><a href="{html.escape(url)}" '
            f'target="_blank" style="word-break:break-all">{html.escape(url)}</a></div>')


def seat_kinds(game: Game) -> list[tuple[str, str]]:
    """(label, kind) of what may sit at a seat: a person, or each of the game's bots."""
    return [(T.gettext("A person"), PERSON)] + [(T.gettext("Bot: {level}").format(level=b), f"bot:{b}")
                                                   for b in game.bots]


class Lobby:
    """Create a game and hand out its links; list this device's games."""

    def __init__(self, client: PlayClient, store: BrowserStore, guard: Callable, show: Callable) -> None:
        self.client, self.store, self.guard, self.show = client, store, guard, show
        self.games = [g for g in all_games() if g.notebook]
        self.game = classed(widgets.ToggleButtons(options=[(game_label(g), g.name) for g in self.games],
                                                  layout=widgets.Layout(width="auto")), "samurai-together-game")
        self.players = widgets.Dropdown(description=T.gettext("Players"), layout=widgets.Layout(width="auto"))
        self.seats_box = widgets.VBox()
        self.rulings_box = widgets.VBox()
        self.rulings = widgets.Accordion(children=[self.rulings_box], titles=(T.gettext("Rulings"),))
        self.create_button = button(T.gettext("Create the game"), "samurai-together-create", "users", "primary",
                                    on_click=guard(lambda _b: self.create()))
        self.links = classed(widgets.HTML(), "samurai-together-links")
        self.mine = MyGames(client, store)
        self.game.observe(guard(lambda _c: self._game_changed()), names="value")
        self.players.observe(guard(lambda _c: self._seats()), names="value")
        words = T.gettext("Each player plays on his own phone, tablet or computer: create the game, then give each "
                          "person his link or let him scan its code.")
        intro = widgets.HTML(f"<p>{html.escape(words)}</p>")
        self.widget = widgets.VBox([intro, self.game, self.players, self.seats_box, self.rulings,
                                    self.create_button, self.links, self.mine.widget])
        self._game_changed()

    @property
    def chosen(self) -> Game:
        return get_game(self.game.value)

    def _game_changed(self) -> None:
        low, high = self.chosen.seats
        self.players.options = list(range(low, high + 1))
        self.players.value = low
        self.players.layout.display = "" if high > low else "none"
        rows = []
        for ruling, question, options in self.chosen.rulings_table():
            dd = widgets.Dropdown(options=[(words, value) for value, words in options],
                                  description=question, style={"description_width": "initial"},
                                  layout=widgets.Layout(width="auto", max_width="100%"))
            dd.ruling = ruling  # type: ignore[attr-defined]
            rows.append(dd)
        self.rulings_box.children = tuple(rows)
        self.rulings.layout.display = "" if rows else "none"
        self._seats()

    def _seats(self) -> None:
        game, rows = self.chosen, []
        for i in range(self.players.value or game.seats[0]):
            kind = classed(widgets.Dropdown(options=seat_kinds(game), value=PERSON if i < 2 else f"bot:{game.bots[-1]}",
                                            layout=widgets.Layout(width="auto")), "samurai-together-seat-kind")
            name = classed(widgets.Text(placeholder=T.gettext("Name (optional)"), layout=widgets.Layout(width="12em")),
                           "samurai-together-seat-name")
            label = widgets.HTML(html.escape(T.gettext("Seat {n}").format(n=i + 1)))
            rows.append(widgets.HBox([label, kind, name], layout=widgets.Layout(flex_flow="row wrap",
                                                                                 align_items="center",
                                                                                 grid_gap="6px")))
        self.seats_box.children = tuple(rows)

    def create(self) -> dict:
        """Create the game the form describes and show its links."""
        seats = [{"kind": kind.value, **({"name": name.value.strip()} if name.value.strip() else {})}
                 for _, kind, name in (row.children for row in self.seats_box.children)]
        if not any(s["kind"] == PERSON for s in seats):
            raise ValueError(T.gettext("At least one seat is a person's."))
        rulings = {dd.ruling: dd.value for dd in self.rulings_box.children if dd.value != dd.options[0][1]}
        try:
            made = self.client.create({"game": self.chosen.name, "seats": seats, "rulings": rulings})
        except PlayRefused as e:
            raise ValueError(e.words) from None
        watch = f"{apps_base()}{NOTEBOOK}?game={made['id']}"
        links = [("samurai-together-seat-link",
                  T.gettext("{name}'s link (seat {n})").format(name=seat["name"], n=seat["seat"] + 1),
                  f"{watch}&seat={seat['token']}") for seat in made["seats"] if "token" in seat]
        links.append(("samurai-together-watch-link", T.gettext("Watch (projector)"), watch))
        parts = (f'<div class="{css}"><b>{html.escape(title)}</b>{qr_html(link)}</div>' for css, title, link in links)
        self.links.value = '<div style="display:flex;flex-wrap:wrap;gap:16px">' + "".join(parts) + "</div>"
        self.show(T.gettext("The game is created: each person opens his own link."), "success")
        return made


class MyGames:
    """This device's games with others (the seats' tokens its browser keeps), each with a mark where it is
    the seat's turn: on the lobby and the landing page."""

    def __init__(self, client: PlayClient | None = None, store: BrowserStore | None = None) -> None:
        self.client = client or PlayClient()
        self.own_store = store is None
        self.store = store or BrowserStore(STORE_KEY)
        self.list = classed(widgets.HTML(), "samurai-together-mine")
        self.widget = widgets.VBox([self.list, *([self.store.widget] if self.own_store else [])])
        self.store.on_load(self.show)

    def show(self, kept: dict) -> None:
        tokens = kept.get("seats", {}) if isinstance(kept, dict) else {}
        if not isinstance(tokens, dict) or not tokens or not self.client.available:
            self.list.value = ""
            return
        try:
            games = self.client.mine([t for t in tokens.values() if isinstance(t, str)])
        except PlayRefused:
            return
        items = []
        for g in games:
            token = tokens.get(g["id"])
            if not isinstance(token, str):
                continue
            mark = (T.gettext("your turn") if g["your_turn"] else T.gettext("finished") if g["over"]
                    else T.gettext("waiting"))
            name, turn = game_label(get_game(g["game"])), g["your_turn"]
            mark_html = f"<b>{html.escape(mark)}</b>" if turn else html.escape(mark)
            items.append(f'<li class="samurai-together-my-game{" samurai-your-turn" if turn else ""}">'
                         f'<a href="{NOTEBOOK}?game={g["id"]}&amp;seat={token}">{html.escape(name)}</a> — {mark_html}</li>')
        title = html.escape(T.gettext("Your games with others on this device"))
        self.list.value = f"<h3>{title}</h3><ul>{''.join(items)}</ul>" if items else ""


class SeatPage:
    """One seat's game (or, without a token, the watchers'): the board, whose turn, the moves so far."""

    def __init__(self, client: PlayClient, game_id: str, token: str | None, feedback: Feedback) -> None:
        self.client, self.game_id, self.token, self.feedback = client, game_id, token, feedback
        snap = self._snapshot()
        self.game = get_game(snap["game"])
        self.panel = play_panel(self.game, self.game.from_position(snap["position"]), feedback.report_unexpected,
                                feedback.show)
        self.panel.on_action(feedback.guard(self.send))
        self.status = classed(widgets.HTML(), "samurai-together-status")
        self.players = classed(widgets.HTML(), "samurai-together-players")
        self.moves = classed(widgets.HTML(), "samurai-together-moves")
        self.widget = classed(board_beside(self.panel.widget, [self.status, *self.panel.controls, self.players,
                                                               self.moves], "22em"), "samurai-together-game-page")
        self.show(snap)
        self.stop = client.follow(game_id, token, feedback.guard(self._event), feedback.guard(self._connection),
                                  since=snap["ply"])

    def _snapshot(self) -> dict:
        try:
            return self.client.snapshot(self.game_id, self.token)
        except PlayRefused as e:
            raise ValueError(e.words) from None

    def send(self, move: str) -> None:
        """Send the seat's move; the service's answer (or refusal, in words) is shown."""
        try:
            snap = self.client.move(self.game_id, self.token or "", move, self.snap["ply"])
        except PlayRefused as e:
            if e.status == 409:  # the game moved on meanwhile: show where it stands
                self.show(self._snapshot())
            raise ValueError(e.words) from None
        self.feedback.clear()
        self.show(snap)

    def _event(self, event: dict) -> None:
        if event["ply"] >= self.snap["ply"]:
            self.show(self._snapshot())

    def _connection(self, up: bool) -> None:
        if up:
            self.feedback.clear()
            self.show(self._snapshot())
        else:
            self.feedback.show(T.gettext("The connection to the game is lost; it comes back by itself when the "
                                         "server is back. No move is lost."), "warning")

    def show(self, snap: dict) -> None:
        self.snap = snap
        state = self.game.from_position(snap["position"])
        seat, to_move, end = snap["seat"], snap["to_move"], snap["outcome"]
        names = {s["seat"]: s["name"] for s in snap["seats"]}
        mine = seat is not None and to_move == seat
        self.panel.show(state, mine)
        if end is not None:
            text, kind = end["words"] or T.gettext("The game is over."), "over"
        elif mine:
            text, kind = T.gettext("Your turn."), "mine"
        else:
            text, kind = T.gettext("{name} is to move.").format(name=names.get(to_move, "?")), "theirs"
        self.status.value = f'<div class="samurai-together-turn samurai-together-{kind}"><b>{html.escape(text)}</b></div>'
        you = " (" + html.escape(T.gettext("you")) + ")"
        rows = "".join(f'<li{" class=samurai-together-me" if s["seat"] == seat else ""}>'
                       f'{"▶ " if s["seat"] == to_move else ""}{html.escape(s["name"])}{you if s["seat"] == seat else ""}</li>'
                       for s in snap["seats"])
        self.players.value = f"<ul>{rows}</ul>"
        moves = " ".join(html.escape(m) for m in snap["moves"][-40:])
        moves_words = html.escape(T.gettext("Moves"))
        self.moves.value = (f"<p><b>{moves_words}</b> ({snap['ply']})<br>{moves}</p>"
                            if snap["moves"] else "")


class TogetherApp:
    """The lobby, a seat's page or the watchers' page, by the address."""

    def __init__(self, query: str | None = None) -> None:
        open_page(query, LANGUAGES)
        q = query_params(QUERY_KEYS, query)
        self.feedback = Feedback()
        self.client = PlayClient()
        self.store = BrowserStore(STORE_KEY)
        self.body = widgets.VBox()
        self.widget = classed(widgets.VBox([self.feedback.widget, self.body, self.store.widget]), "samurai-together-app")
        self.page: SeatPage | None = None
        self.lobby: Lobby | None = None
        game_id, token = q.text("game"), q.text("seat")
        self.header = header_for(NOTEBOOK, self.widget, boards=[], languages=LANGUAGES)
        if not self.client.available:
            self.feedback.show(T.gettext("Play with others needs a server: start the apps with samurai-lab serve "
                                         "(or on the school's JupyterHub)."), "warning")
            return
        if game_id:
            self.feedback.guard(self.open_game)(game_id, token)
        else:
            self.lobby = Lobby(self.client, self.store, self.feedback.guard, self.feedback.show)
            self.body.children = (self.lobby.widget,)

    def open_game(self, game_id: str, token: str | None) -> None:
        self.page = SeatPage(self.client, game_id, token, self.feedback)
        self.body.children = (self.page.widget,)
        board = getattr(self.page.panel, "board", None)
        if board is not None and hasattr(board, "set_projector"):
            self.header.add_board(board)
        if token:
            self.store.on_load(lambda kept: self._keep(kept, game_id, token))

    def _keep(self, kept: dict, game_id: str, token: str) -> None:
        seats = dict(kept.get("seats", {})) if isinstance(kept.get("seats"), dict) else {}
        if seats.get(game_id) != token:
            seats[game_id] = token
            self.store.save({**kept, "seats": dict(list(seats.items())[-50:])})


def together_app(query: str | None = None) -> TogetherApp:
    return TogetherApp(query)
