-- sade-ref serve's database, version 3: the players' ratings and their history.
-- The same SQL for SQLite and PostgreSQL (integers are BIGINT, reals DOUBLE PRECISION, text
-- TEXT).

-- Every account's Glicko-2 rating in each game it has played rated: the account (its
-- `name_lower`), the game rated (`sade`, `marseillais`, `standard`), the rating, its deviation
-- and volatility, the games rated, and when it last changed (milliseconds since the Unix
-- epoch). A game never played has no row: the player is new in it (1500, 350, 0.06).
CREATE TABLE ratings (
    account TEXT NOT NULL REFERENCES accounts (name_lower) ON DELETE CASCADE,
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    updated BIGINT NOT NULL,
    PRIMARY KEY (account, game)
);
CREATE INDEX ratings_leaderboard ON ratings (game, rating DESC, account);

-- Each player's rating after each game rated: the game's id and the side the player had
-- (`white`, `black`) are the key, so that a game is rated once, whoever asks again; the
-- account, the game rated, when, the rating and deviation after it, and the player's games
-- rated in that game with it (its order among the player's, whatever the clock says).
CREATE TABLE rating_history (
    game_id TEXT NOT NULL,
    side TEXT NOT NULL,
    account TEXT NOT NULL REFERENCES accounts (name_lower) ON DELETE CASCADE,
    game TEXT NOT NULL,
    at BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (game_id, side)
);
CREATE INDEX rating_history_by_player ON rating_history (account, game, games);
