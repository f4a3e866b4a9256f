-- Sign-ups, contact messages, and the per-client rate limit of the form endpoints.
-- Length limits repeat src/forms/schemas.ts (LIMITS) as a last line of defence.

CREATE TABLE email_signups (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- As typed, trimmed; uniqueness ignores case (below).
  email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  signup_type text NOT NULL CHECK (signup_type IN ('Updates', 'Newsletter', 'Movement')),
  source_page text NOT NULL CHECK (char_length(source_page) BETWEEN 1 AND 200),
  submitted_at timestamptz NOT NULL DEFAULT now()
);
-- One sign-up per address and type, case-insensitively (A@x.com and a@x.com are one).
CREATE UNIQUE INDEX email_signups_email_type_key ON email_signups (lower(email), signup_type);
CREATE INDEX email_signups_submitted_at_idx ON email_signups (submitted_at DESC);

CREATE TABLE contact_submissions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  subject text CHECK (char_length(subject) BETWEEN 1 AND 150),
  message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 5000),
  source_page text NOT NULL CHECK (char_length(source_page) BETWEEN 1 AND 200),
  submitted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_submissions_submitted_at_idx ON contact_submissions (submitted_at DESC);

-- Requests per client and fixed time window. `client_hash` is an HMAC of the network address
-- (never the address itself); rows are purged within hours (server/rate-limit.ts), which is what
-- the privacy page promises.
CREATE TABLE rate_limit_hits (
  bucket text NOT NULL,
  client_hash text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL DEFAULT 1,
  PRIMARY KEY (bucket, client_hash, window_start)
);
CREATE INDEX rate_limit_hits_window_start_idx ON rate_limit_hits (window_start);

-- Secrets the server generates for itself, shared by every function instance.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The key of the address hash: 244 random bits from two gen_random_uuid() (a strong random source),
-- so a hash cannot be reversed by trying every address without it.
INSERT INTO server_secrets (name, value)
VALUES ('ip_hash_key', encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex'));
