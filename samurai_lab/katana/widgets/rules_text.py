"""The rules in words for the Rules tab, and the rulings listed (in the current language)."""

from __future__ import annotations

import html

from ...i18n import Domain, N_
from ..core.ruleset import RULINGS

T = Domain("katana")

SECTIONS = (
    (N_("The board"), (
        N_("69 squares: 16 BLACK, 7 KATANA (swords), 8 SHIRO (start squares, 4 per side), and the movement "
           "squares with a symbol: 11 MEKURA (moon), 9 RYU (dragon), 9 TAIYO (sun), 9 WASH (bird)."),
        N_("Black's samurai start on the SHIRO squares of the top side, Red's on those of the bottom side. "
           "A vacated SHIRO square counts as a BLACK square."),
    )),
    (N_("Moving"), (
        N_("Black begins. Each turn a player moves one of his samurai like the chess queen: any number of "
           "squares in a straight line."),
        N_("Forbidden: jumping over other samurai, crossing or stopping on a KATANA square, stopping on an "
           "occupied square, and stopping on a square of the same type as the square the previous move ended on."),
        N_("Free move: after a move onto a BLACK or SHIRO square, the next player moves as he likes."),
        N_("Constrained move: after a move onto a symbol square, the next player must move a samurai that "
           "stands next to a square of that symbol; it crosses that square first without stopping on it, then "
           "goes on in the same line. Direction and distance are free."),
        N_("Tachiōjō: a player who cannot move within the Sacred Constraints passes; the next move is free."),
    )),
    (N_("The Sfida (challenge)"), (
        N_("Two rival samurai on one line (vertical, horizontal or diagonal) with the same KATANA square "
           "between them make a challenge area, and a Sfida takes place."),
        N_("The player who moves a samurai so as to complete the area is the attacker (attaccante), the other "
           "the defender (difensore). The attacker, with or without his sword (spada), always wins."),
        N_("The defeated defender loses his sword and goes back to a free SHIRO square of his side; if he had "
           "already lost it, he is killed. Then the defeated player moves."),
    )),
    (N_("Victory (Iki zumar)"), (
        N_("The first player to kill three enemy samurai wins."),
    )),
)


def rules_html() -> str:
    """The rules and the rulings as HTML in the current language."""
    heading = T.gettext("The rules")
    parts = [f"<h3>{html.escape(heading)}</h3>"]
    for title, paragraphs in SECTIONS:
        parts.append(f"<h4>{html.escape(T.gettext(title))}</h4><ul>")
        parts += [f"<li>{html.escape(T.gettext(p))}</li>" for p in paragraphs]
        parts.append("</ul>")
    rulings = T.gettext("Rulings")
    intro = T.gettext("Points the rulebook leaves open; the default follows the text most closely. "
                      "Change them in the Play tab.")
    default, because = T.gettext("Default"), T.gettext("because")
    parts.append(f"<h3>{html.escape(rulings)}</h3><p>{html.escape(intro)}</p><ul>")
    for r in RULINGS:
        opts = " / ".join(f"<i>{html.escape(T.gettext(e))}</i>" for _, e in r.options)
        parts.append(f"<li><b>{r.id}</b> {html.escape(T.gettext(r.question))} {opts}. "
                     f"<b>{html.escape(default)}: {html.escape(T.gettext(r.explain(r.default)))}</b>, "
                     f"{html.escape(because)} {html.escape(T.gettext(r.why_default))}.</li>")
    parts.append("</ul>")
    return "".join(parts)
