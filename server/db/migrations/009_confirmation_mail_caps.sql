-- The third security audit's caps on confirmation e-mails, beside the site-wide hourly one
-- (confirmation_mail_hours, migration 005), in server/subscriptions/mail-caps.ts:
--   scope 'client':  one client address's share of the hourly cap (key: the rate limit's keyed
--                    client hash; hour windows; purged an hour after they end, like rate_limit_hits)
--   scope 'mailbox': one mailbox's e-mails per day, plus-tags and case folded (key: subscriber_hash
--                    of the folded address; day windows; purged a day after they end)
-- Only counts and keyed hashes: never an address.
CREATE TABLE confirmation_mail_counts (
  scope text NOT NULL CHECK (scope IN ('client', 'mailbox')),
  key_hash text NOT NULL,
  window_start timestamptz NOT NULL,
  queued integer NOT NULL CHECK (queued >= 0),
  PRIMARY KEY (scope, key_hash, window_start)
);
CREATE INDEX confirmation_mail_counts_window_start_idx ON confirmation_mail_counts (window_start);
