"""Widget pieces shared by every game's apps: the message bar and guarded handlers (``common``),
and the canvas that keeps the page from scrolling when clicked (``scroll_focus``)."""
