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

-- Search is `column ILIKE '%text%'`, which a B-tree cannot serve. Trigram GIN indexes can, so a
-- search stays fast at hundreds of thousands of rows. pg_trgm ships with PostgreSQL and Neon (and is
-- a trusted extension: the database owner may create it). Where it cannot be created (the embedded
-- PGlite loads no extensions), search still works, by scanning: fine at the sizes a local database holds.
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
    CREATE INDEX contact_submissions_name_trgm_idx ON contact_submissions USING gin (name gin_trgm_ops);
    CREATE INDEX contact_submissions_email_trgm_idx ON contact_submissions USING gin (email gin_trgm_ops);
    CREATE INDEX contact_submissions_subject_trgm_idx ON contact_submissions USING gin (subject gin_trgm_ops);
    CREATE INDEX email_signups_email_trgm_idx ON email_signups USING gin (email gin_trgm_ops);
    CREATE INDEX email_signups_signup_type_trgm_idx ON email_signups USING gin (signup_type gin_trgm_ops);
    CREATE INDEX email_signups_source_page_trgm_idx ON email_signups USING gin (source_page gin_trgm_ops);
  END IF;
END
$$;
