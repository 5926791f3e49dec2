-- sade-ref serve's database, version 4: the lobby's seeks.
-- The same SQL for SQLite and PostgreSQL (integers are BIGINT, text TEXT).

-- Every seek: its id, the seeker's name lower-cased (the seeker withdraws it), the seek as
-- JSON (spec/SERVE.md, "The lobby"), when it was made and when it lapses (milliseconds since
-- the Unix epoch), and, once accepted, the game it became and who accepted it. A seek is taken
-- once: the acceptance writes `game` only where it is still NULL.
CREATE TABLE seeks (
    id TEXT PRIMARY KEY,
    by_lower TEXT NOT NULL,
    body TEXT NOT NULL,
    created BIGINT NOT NULL,
    expires BIGINT NOT NULL,
    game TEXT,
    taker TEXT
);
CREATE INDEX seeks_open ON seeks (expires) WHERE game IS NULL;

-- Who may see a game: listed to everyone (1, every game kept before), or only to its players;
-- and the players who hold its seats (lower-cased), for a player's own games.
ALTER TABLE games ADD COLUMN listed BIGINT NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN white_owner TEXT;
ALTER TABLE games ADD COLUMN black_owner TEXT;
CREATE INDEX games_white_owner ON games (white_owner, created);
CREATE INDEX games_black_owner ON games (black_owner, created);
