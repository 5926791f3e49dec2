-- sade-ref serve's database, version 1: the games, the documents of the modes, the imports.
-- The same SQL for SQLite and PostgreSQL (integers are BIGINT, booleans 0 or 1, text TEXT).

-- Every game: its record (canonical SDN, the record of the game), what the server keeps beside
-- it (meta: the seats with their tokens hashed, the die's seed, the clocks, the kind, as JSON),
-- what the list shows of it (summary, as JSON), and the columns the list is filtered and
-- ordered by. `going` is 1 while the game is in progress (neither over nor a counted puzzle
-- attempt); `created` is -1 for a game kept before the server kept its time; `revision` is
-- one more at each save, and a save is written only over the revision it read.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    sdn TEXT NOT NULL,
    meta TEXT NOT NULL,
    summary TEXT NOT NULL,
    kind TEXT NOT NULL,
    variant TEXT NOT NULL,
    status TEXT NOT NULL,
    white_name TEXT NOT NULL,
    black_name TEXT NOT NULL,
    going BIGINT NOT NULL,
    created BIGINT NOT NULL,
    updated BIGINT NOT NULL,
    revision BIGINT NOT NULL
);
CREATE INDEX games_newest ON games (created DESC, id);
CREATE INDEX games_by_kind ON games (kind, created DESC, id);
CREATE INDEX games_by_status ON games (status, created DESC, id);
CREATE INDEX games_by_variant ON games (variant, created DESC, id);
CREATE INDEX games_by_white ON games (white_name, created DESC, id);
CREATE INDEX games_by_black ON games (black_name, created DESC, id);
CREATE INDEX games_going ON games (going, updated);

-- The documents of the modes: `course-progress` (the course's learners) and
-- `puzzles-<player>` (one player of the Puzzles mode), each JSON text.
CREATE TABLE documents (
    name TEXT PRIMARY KEY,
    text TEXT NOT NULL,
    updated BIGINT NOT NULL
);

-- Each data folder imported (its path as given at the start), once.
CREATE TABLE imports (
    folder TEXT PRIMARY KEY,
    games BIGINT NOT NULL,
    documents BIGINT NOT NULL,
    at BIGINT NOT NULL
);
