-- Readership (docs/readership.md): first-party, cookieless page views.
--
-- A visitor is a keyed hash of (the day's random salt, the site, the client address, the user
-- agent), computed in the server; the address and the user agent are never stored. The salts live
-- here and are deleted 48 hours after they were made (server/readership/salts.ts), so after that a
-- visitor hash can be tied to nobody, not even by us.
CREATE TABLE readership_salts (
  -- The site-local calendar day the salt counts visitors in.
  day date PRIMARY KEY,
  salt text NOT NULL CHECK (char_length(salt) = 64),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Raw views, kept a few days (RAW_VIEW_DAYS in server/readership/rollup.ts) and rolled up into
-- readership_days. Every text is bounded here as in the collector's own checks.
CREATE TABLE readership_views (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The page's own random id for this view (in memory only), so its read-to-the-end beacon finds it.
  view_id uuid UNIQUE,
  at timestamptz NOT NULL DEFAULT now(),
  visitor text NOT NULL CHECK (char_length(visitor) <= 44),
  path text NOT NULL CHECK (char_length(path) BETWEEN 1 AND 200),
  -- 'direct' | 'internal' | 'search' | 'social' | 'email' | 'campaign' | 'site'
  channel text NOT NULL CHECK (char_length(channel) <= 16),
  -- A named search engine or network, else the referring host, else the UTM source, else 'Direct'.
  source text NOT NULL CHECK (char_length(source) <= 100),
  referrer_host text CHECK (char_length(referrer_host) <= 100),
  utm_source text CHECK (char_length(utm_source) <= 100),
  utm_medium text CHECK (char_length(utm_medium) <= 100),
  utm_campaign text CHECK (char_length(utm_campaign) <= 100),
  device text NOT NULL CHECK (char_length(device) <= 16),
  browser text NOT NULL CHECK (char_length(browser) <= 40),
  read_to_end boolean NOT NULL DEFAULT false
);
CREATE INDEX readership_views_at_idx ON readership_views (at);
CREATE INDEX readership_views_visitor_idx ON readership_views (visitor, at DESC);

-- Daily aggregates, kept for years; what the dashboard reads. One table for every breakdown:
--   kind 'site'     a = '', b = ''             kind 'page'     a = path, b = ''
--   kind 'source'   a = source, b = channel    kind 'campaign' a = utm_campaign, b = utm_source
--   kind 'device'   a = device, b = ''         kind 'browser'  a = browser, b = ''
--   kind 'page_source' a = path, b = source
-- visitors: distinct visitor hashes that day in that group (so over several days, "daily unique
-- visitors, summed"). capped: views past the per-visitor daily cap, counted nowhere else.
CREATE TABLE readership_days (
  day date NOT NULL,
  kind text NOT NULL,
  a text NOT NULL,
  b text NOT NULL,
  views integer NOT NULL,
  visitors integer NOT NULL,
  read_to_end integer NOT NULL,
  capped integer NOT NULL DEFAULT 0,
  PRIMARY KEY (kind, day, a, b)
);

-- The sign-up side of conversion: which source brought the visitor who signed up (a label such as
-- 'Google' or 'announcement-12', never anything about the person), set once at sign-up.
ALTER TABLE email_signups ADD COLUMN arrived_from text CHECK (char_length(arrived_from) <= 100);
-- The Readership view reads a period's sign-ups by page, source and status: from this index alone
-- (an index-only scan), not from the rows, which hold the addresses and are wider.
CREATE INDEX email_signups_readership_idx ON email_signups (submitted_at) INCLUDE (source_page, arrived_from, status);
