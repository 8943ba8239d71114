"""Game-independent helpers that any game's layers may use (standard library only)."""
