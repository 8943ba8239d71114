"""Widget-free teaching models: the guided lesson as data, a game being played (seats, bots, undo),
and the one-line log of each action."""
