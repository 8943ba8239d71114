"""The SAMOURAI app (ipywidgets + ipycanvas): Play, Lesson and Rules, in English and French."""
