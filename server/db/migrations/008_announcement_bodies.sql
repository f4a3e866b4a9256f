-- An announcement's e-mail is stored ONCE, on the announcement, instead of in each recipient's
-- outbox row (docs/announcements.md, "Queueing"): 100,000 copies of a ~5 KB body made queueing
-- take over a minute. The body holds RECIPIENT_TOKEN_PLACEHOLDER (server/mail/outbox.ts) where the
-- reader's preferences token goes; each outbox row keeps only its reader's token, and the sender's
-- claim fills it in (server/mail/sender.ts). Rows queued under 007 keep their own text and are sent
-- as they are.
ALTER TABLE announcements
  ADD COLUMN mail_text text CHECK (char_length(mail_text) BETWEEN 1 AND 100000),
  ADD COLUMN mail_html text CHECK (char_length(mail_html) <= 500000),
  ADD COLUMN mail_headers jsonb CHECK (jsonb_typeof(mail_headers) = 'object');

-- The reader's preferences token (its SHA-256 is in subscriber_links), until the mail has gone:
-- the sender clears it once the row is sent, skipped or cancelled; a failed row keeps it for
-- "Send again". It was in the stored text before; now it is stored once, alone.
ALTER TABLE mail_outbox ADD COLUMN recipient_token text CHECK (recipient_token ~ '^[A-Za-z0-9_-]{43}$');
ALTER TABLE mail_outbox ALTER COLUMN text DROP NOT NULL;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_body_check CHECK (text IS NOT NULL OR announcement_id IS NOT NULL);

-- The Mail view's unfiltered list is the site's own mail (announcements are summed up one line
-- each there): found without stepping over an announcement's copies.
CREATE INDEX mail_outbox_site_mail_idx ON mail_outbox (id) WHERE announcement_id IS NULL;

-- On Netlify a background function (netlify/functions/mail-drain-background.ts, 15 minutes) drains
-- a large backlog in a loop; this lease lets one run at a time, so the outbox leaves at MAIL_RATE
-- and not at a multiple of it, and tells the scheduled drain to stand aside meanwhile
-- (server/mail/background.ts). A run that dies leaves its lease to expire.
CREATE TABLE mail_drain_leases (
  name text PRIMARY KEY CHECK (name ~ '^[a-z-]{1,40}$'),
  holder uuid NOT NULL,
  expires_at timestamptz NOT NULL
);

-- The sender claims the site's own due mail (alerts, confirmations) before announcements' copies
-- (server/mail/sender.ts), so a confirmation never waits behind a large announcement.
CREATE INDEX mail_outbox_site_due_idx ON mail_outbox (next_attempt_at, id)
  WHERE status IN ('queued', 'sending') AND announcement_id IS NULL;

-- The history keeps its counts when the daily purge deletes old copies (sent ones after 30 days:
-- server/retention.ts): the purge adds what it deletes of an announcement here, and its progress
-- reads the rows left plus these.
ALTER TABLE announcements
  ADD COLUMN purged_sent integer NOT NULL DEFAULT 0,
  ADD COLUMN purged_failed integer NOT NULL DEFAULT 0,
  ADD COLUMN purged_skipped integer NOT NULL DEFAULT 0,
  ADD COLUMN purged_cancelled integer NOT NULL DEFAULT 0;
