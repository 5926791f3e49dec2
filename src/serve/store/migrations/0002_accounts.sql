-- sade-ref serve's database, version 2: the players' accounts and the browsers' sessions.
-- The same SQL for SQLite and PostgreSQL (integers are BIGINT, text TEXT).

-- Every account: its name as typed at sign-up, the same lower-cased (the key: a name is
-- unique whatever its case), its password's Argon2id hash (a PHC string, never the password),
-- and when it was made (milliseconds since the Unix epoch).
CREATE TABLE accounts (
    name_lower TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created BIGINT NOT NULL
);

-- Every session: the SHA-256 of its token (`sha256:<hex>`: a copy of the database opens no
-- session), the player's name (the account's as typed, or a guest's `Guest-XXXXXX`), its
-- account (NULL: a guest), when it was made and when it expires.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    account TEXT REFERENCES accounts (name_lower) ON DELETE CASCADE,
    created BIGINT NOT NULL,
    expires BIGINT NOT NULL
);
CREATE INDEX sessions_expires ON sessions (expires);
