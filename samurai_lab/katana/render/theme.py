"""Colours of the board and pieces (symbols are also told apart by shape, pieces by letter)."""

BLACK_SQUARE = "#2b2b2b"
LIGHT_SQUARE = "#f3ead6"  # movement squares (symbols)
SHIRO_SQUARE = "#dcc9a0"
KATANA_SQUARE = "#8e99a6"
GRID = "#5a4a32"
BACKGROUND = "#fbf7ee"
COORD_TEXT = "#5a4a32"

SYMBOL_COLOURS = {"mekura": "#2f4f8f", "ryu": "#23734a", "taiyo": "#c9661a", "wash": "#7a3f9a"}
SWORD = "#f0f3f6"
SWORD_EDGE = "#2b3440"

PIECE_FILL = ("#141414", "#c0221b")  # Black, Red
PIECE_RING = ("#f5f5f5", "#ffe9e6")
PIECE_TEXT = "#ffffff"
GOLD = "#e0b100"

SELECTED = "#f2c200"
TARGET = "#1565c0"
LAST_MOVE = "#ff8f00"
CHALLENGE = "#d50000"
CONSTRAINT = "#00b8d4"
