"""Pure drawing of SAMOURAI: the board geometry, colours, an SVG of a position, and canvas routines
(called on an ipycanvas-like canvas; no widgets imported here)."""
