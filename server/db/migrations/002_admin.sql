-- The owner's dashboard (server/admin/): server-side sessions, keyset pagination and fast
-- case-insensitive substring search.

-- One row per signed-in dashboard. `token_hash` is an HMAC of the cookie's random token keyed with
-- ADMIN_KEY: the table alone cannot be turned back into a cookie, and rotating the key ends every
-- session. Expiry (30 idle minutes, 12 hours at most) is checked in the query that reads a session.
CREATE TABLE admin_sessions (
  token_hash text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_sessions_last_seen_at_idx ON admin_sessions (last_seen_at);

-- Lists are newest first with keyset pagination on (submitted_at, id): these indexes serve both the
-- order and the cursor, and replace the single-column ones of 001.
CREATE INDEX contact_submissions_submitted_at_id_idx ON contact_submissions (submitted_at DESC, id DESC);
CREATE INDEX email_signups_submitted_at_id_idx ON email_signups (submitted_at DESC, id DESC);
DROP INDEX contact_submissions_submitted_at_idx;
DROP INDEX email_signups_submitted_at_idx;

-- Search: a case-insensitive substring of name, email or subject (contacts) and of email,
-- signup_type or source_page (sign-ups). Each table keeps those fields lowercased in one generated
-- column, one field per line, and a search is `search_text LIKE lower('%text%')`: the same matches
-- as ILIKE on each field (ILIKE compares lower() of both sides; a search text never holds a line
-- break, so it cannot match across two fields), one cheap test per row instead of three ILIKEs.
ALTER TABLE contact_submissions ADD COLUMN search_text text NOT NULL
  GENERATED ALWAYS AS (lower(name) || E'\n' || lower(email) || E'\n' || coalesce(lower(subject), '')) STORED;
ALTER TABLE email_signups ADD COLUMN search_text text NOT NULL
  GENERATED ALWAYS AS (lower(email) || E'\n' || lower(signup_type) || E'\n' || lower(source_page)) STORED;

-- `LIKE '%text%'` cannot use a B-tree; a trigram GIN index can, so a search stays fast at hundreds
-- of thousands of rows. pg_trgm ships with PostgreSQL and Neon (a trusted extension: the database
-- owner may create it). Where it cannot be created (the embedded PGlite loads no extensions), search
-- still works by scanning search_text: fine at the sizes a local database holds.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): admin search will scan the tables', SQLERRM;
END
$$;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX contact_submissions_search_trgm_idx ON contact_submissions USING gin (search_text gin_trgm_ops);
    CREATE INDEX email_signups_search_trgm_idx ON email_signups USING gin (search_text gin_trgm_ops);
  END IF;
END
$$;
