"""The rules of SAMOURAI in words, as the app's Rules tab shows them (translated where shown)."""

from __future__ import annotations

import html

from samurai_lab.i18n import N_, Domain

from ..core.ruleset import RULINGS, Ruleset

T = Domain("ikizumari")

RULE_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (N_("Aim"), (
        N_("Put your opponent in IKI-ZUMARI (asphyxie): his four samurai cannot move at all."),
    )),
    (N_("The board"), (
        N_("121 squares: 8 SHIRO (forteresse), marked with a cross, the starting squares, 4 per camp; 64 squares "
           "bearing one of four symbols, 16 each: dragon, ibis, tiger and tortoise; the central ANZEN (sécurité); "
           "48 blank MEKURA (aveugle)."),
    )),
    (N_("Moving"), (
        N_("Each player places his four samurai on the SHIRO of his camp. Red begins; his first move is at most "
           "7 squares."),
        N_("A move: one samurai, along one straight line (horizontal, vertical or diagonal, forwards or "
           "backwards), at least one square, with no upper limit but the edge of the board. A samurai never "
           "lands on an occupied square; it may land on a free SHIRO."),
        N_("The mover announces the distance and the symbol of the square he landed on, for example '2 dragon'. "
           "The next player must move one of his samurai that distance, or one square more, or one less, and "
           "the first square he crosses must bear that symbol."),
    )),
    (N_("HO BO, SHIRO and ANZEN"), (
        N_("Landing on a MEKURA, the mover only announces the distance ('QUATRE HO BO'): the opponent chooses the "
           "direction, but the distance stays imposed. Coming back to a SHIRO of his own camp, he announces "
           "'SHIRO', with the same effect."),
        N_("Landing on ANZEN, the player plays again, free to choose the direction and the distance. Each player "
           "may enjoy this only once per game."),
    )),
    (N_("The end"), (
        N_("A player whose samurai cannot move under the announcement (the distance, the direction, or both) is "
           "in IKI-ZUMARI and loses."),
        N_("But a player who still has three samurai on his SHIRO cannot be put in IKI-ZUMARI."),
        N_("Partie nulle: if a player's only possible moves would put in IKI-ZUMARI an opponent who has not freed "
           "two SHIRO squares, the game is a draw."),
    )),
)


def rules_html(ruleset: Ruleset) -> str:
    """The rules and the rulings (with the options in force) as HTML, in the current language."""
    parts = []
    for title, paragraphs in RULE_SECTIONS:
        parts.append(f"<h3>{html.escape(T.gettext(title))}</h3>")
        parts += [f"<p>{html.escape(T.gettext(p))}</p>" for p in paragraphs]
    heading = T.gettext("Rulings: the points the text leaves open")
    default_word = T.gettext("Default")
    parts.append(f"<h3>{html.escape(heading)}</h3>")
    rows = []
    for r in RULINGS:
        chosen = getattr(ruleset, r.field)
        options = "<br>".join(
            ("<b>" if v == chosen else "") + html.escape(f"{T.gettext(lbl)}: {T.gettext(expl)}")
            + ("</b>" if v == chosen else "") for v, lbl, expl in r.options)
        rows.append(f"<tr><td style='vertical-align:top;padding:4px'><b>{r.id}</b></td>"
                    f"<td style='vertical-align:top;padding:4px'>{html.escape(T.gettext(r.question))}<br>"
                    f"<small>{options}</small><br><i>{html.escape(default_word)}: "
                    f"{html.escape(r.label(r.default))}. {html.escape(T.gettext(r.why_default))}</i></td></tr>")
    parts.append(f"<table>{''.join(rows)}</table>")
    return "".join(parts)
