-- The mail outbox: every e-mail the site sends is written here first, in the same transaction as
-- the row that caused it, and a sender delivers it (server/mail/sender.ts; docs/mail.md).
--   queued   waiting for its turn (next_attempt_at: not before then; after a 4xx, the back-off)
--   sending  claimed by a sender until next_attempt_at (its lease); a sender that died leaves the
--            row here and it is claimed again once the lease has passed: nothing is ever dropped
--   sent     accepted by the SMTP server (sent_at)
--   failed   refused for good (a 5xx) or retried for too long; the dashboard can queue it again
CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- What the mail is, for the dashboard and for purges: owner-alert, confirmation, announcement, …
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9-]{0,39}$'),
  -- One plain address; never a list, never a display name (server/mail/outbox.ts checks it too).
  recipient text NOT NULL CHECK (char_length(recipient) BETWEEN 3 AND 254 AND recipient !~ '[\s,;<>"]'),
  -- No line breaks: a header never gets a second line from the data it carries.
  subject text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 300 AND subject !~ '[\r\n]'),
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 100000),
  html text CHECK (char_length(html) <= 500000),
  -- Extra headers by name: Reply-To ({"name", "address"}), List-Unsubscribe, List-Unsubscribe-Post, …
  headers jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(headers) = 'object'),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- The claim of the sender holding a 'sending' row; its result is recorded only while it still holds it.
  claim uuid,
  last_error text,
  -- Optional: a second enqueue with the same key is a no-op (e.g. one announcement per address).
  dedupe_key text UNIQUE CHECK (char_length(dedupe_key) BETWEEN 1 AND 300),
  -- The Message-ID's left part, fixed at enqueue, so a resend after a crash is recognisably the same mail.
  message_uuid uuid NOT NULL DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
-- The sender's claim: due rows (queued, or sending with an expired lease), oldest first.
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at, id) WHERE status IN ('queued', 'sending');
-- The dashboard's list, newest first.
CREATE INDEX mail_outbox_created_at_idx ON mail_outbox (created_at DESC, id DESC);
-- The purge of delivered mail.
CREATE INDEX mail_outbox_sent_at_idx ON mail_outbox (sent_at) WHERE status = 'sent';
CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (lower(recipient));
