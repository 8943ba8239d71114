CREATE INDEX games_by_creation ON games (created);
