"""An import-only Pillow for the static site: ipycanvas imports ``PIL.Image`` at start, and uses it only
to turn images into arrays and back, which the apps never ask for (they draw shapes and text)."""

__version__ = "0.0.0+samurai-lab-shim"
