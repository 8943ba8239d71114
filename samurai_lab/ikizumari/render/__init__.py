"""Pure drawing of SAMOURAI: the board geometry, colours, the picture as shapes, its SVG and its canvas routines
(called on an ipycanvas-like canvas; no widgets imported here)."""
