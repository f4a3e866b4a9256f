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

-- Sealed links (third audit, item 5; server/mail/sealed-links.ts): a confirmation e-mail's text,
-- HTML and headers are stored with placeholders, and its tokens only here, encrypted (AES-256-GCM)
-- under a key the database generates, until the mail has gone: the Mail view, the owner and a
-- copy of the outbox table never hold a live link. Sending, skipping or cancelling the row drops
-- them (the trigger), so only unsent mail carries any; a failed row keeps them for "Send again".
ALTER TABLE mail_outbox ADD COLUMN sealed_links text;
INSERT INTO server_secrets (name, value)
VALUES ('link_seal_key', encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex'))
ON CONFLICT (name) DO NOTHING;
CREATE FUNCTION mail_outbox_drop_sealed_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sealed_links := NULL;
  RETURN NEW;
END
$$;
CREATE TRIGGER mail_outbox_sealed_links_gone BEFORE UPDATE ON mail_outbox FOR EACH ROW
  WHEN (NEW.sealed_links IS NOT NULL AND NEW.status IN ('sent', 'skipped', 'cancelled'))
  EXECUTE FUNCTION mail_outbox_drop_sealed_links();
