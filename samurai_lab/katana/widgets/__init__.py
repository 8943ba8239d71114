"""The SAMURAI (katana) app: Play, Lesson and Rules tabs with an English / Italian switch (``app.KatanaApp``)."""
