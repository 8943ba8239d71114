"""Play with others: games whose seats are people on their own devices (or bots), kept in a store and
refereed by one game service (``service.py``) behind an HTTP API (``api.py``)."""
