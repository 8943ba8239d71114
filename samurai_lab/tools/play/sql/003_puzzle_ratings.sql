CREATE TABLE puzzle_players (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    tries INTEGER NOT NULL,
    PRIMARY KEY (player, game)
);

CREATE TABLE puzzle_ratings (
    puzzle TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    tries INTEGER NOT NULL
);

CREATE TABLE puzzle_attempts (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    solved INTEGER NOT NULL,
    tried DOUBLE PRECISION NOT NULL,
    seq INTEGER NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (player, puzzle)
);

CREATE INDEX puzzle_attempts_by_player ON puzzle_attempts (player, game, seq);

CREATE INDEX puzzle_ratings_by_game ON puzzle_ratings (game);
