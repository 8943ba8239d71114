"""Colours and shapes: each symbol has its own shape AND colour; the samurai differ by colour AND letter."""

from __future__ import annotations

from ..core.board import DRAGON, IBIS, TIGER, TORTOISE

BOARD_BG = "#f3ead7"
GRID = "#8a7b62"
MEKURA_FILL = "#efe4cc"
SYMBOL_FILL = "#f7f0e1"
SHIRO_FILL = "#e4d3ae"
SHIRO_CROSS = "#6b4f2a"
ANZEN_FILL = "#f2d36b"
ANZEN_RING = "#9a6b00"
LABEL = "#4a3f2f"

#: symbol -> (shape, colour)
SYMBOL_STYLE = {
    DRAGON: ("triangle", "#2e7d32"),   # green triangle
    IBIS: ("circle", "#c2185b"),       # crimson circle
    TIGER: ("diamond", "#e65100"),     # orange diamond
    TORTOISE: ("hexagon", "#1565c0"),  # blue hexagon
}

RED_PIECE = ("#c62828", "#ffffff")    # fill, letter
BLACK_PIECE = ("#212121", "#ffffff")
PIECE_EDGE = "#fff8e1"

SELECTED = "#ffb300"       # amber ring around the selected samurai
TARGET = "#1565c0"         # blue outline + dot on the legal targets
FIRST_SQUARE = "#8e24aa"   # purple outline: the squares bearing the symbol to cross first
LAST_MOVE = "#00897b"      # teal: the last move
