-- Announcements (docs/announcements.md): an e-mail about an article, a story or a short note, sent
-- from the dashboard to the confirmed subscribers of chosen types. Each recipient's e-mail is one
-- row of 004's mail_outbox, tied to its announcement and unique per announcement and address (the
-- outbox's dedupe_key `announcement:<id>:<lowercased address>`), queued by one INSERT … SELECT.
--   draft      composed (or proposed by a build), nothing queued
--   sending    its rows are in the outbox; the sender delivers them at MAIL_RATE
--   paused     its queued rows wait (next_attempt_at = '9999-12-31') until resumed
--   cancelled  its queued rows were withdrawn; what was sent stays sent
--   done       nothing of it is left to send
CREATE TABLE announcements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- What it announces: an article or story by path (from dist/announceable.json), or a note.
  source_path text CHECK (source_path ~ '^/(articles|stories)/[a-z0-9-]{1,120}$'),
  note text CHECK (char_length(note) BETWEEN 1 AND 2000),
  subject text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 200 AND subject !~ '[\r\n]'),
  audience text[] NOT NULL CHECK (
    cardinality(audience) BETWEEN 1 AND 3 AND audience <@ ARRAY['Updates', 'Newsletter', 'Movement']
  ),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sending', 'paused', 'cancelled', 'done')),
  -- A build proposed it (a newly published article); the owner still has to send it.
  proposed boolean NOT NULL DEFAULT false,
  created_by text NOT NULL DEFAULT 'owner',
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_by text,
  sent_at timestamptz,
  finished_at timestamptz,
  -- Recipients queued when it was sent (the counts of sent and failed come from the outbox rows).
  recipients integer NOT NULL DEFAULT 0,
  CHECK ((source_path IS NULL) <> (note IS NULL))
);
CREATE INDEX announcements_created_at_idx ON announcements (created_at DESC, id DESC);
-- One proposed draft per article, whatever the builds do.
CREATE UNIQUE INDEX announcements_proposed_path_key ON announcements (source_path) WHERE proposed;

-- The outbox rows of an announcement (NULL for every other mail). Deleting an announcement is not
-- offered: its history stays.
ALTER TABLE mail_outbox ADD COLUMN announcement_id bigint REFERENCES announcements (id);
CREATE INDEX mail_outbox_announcement_idx ON mail_outbox (announcement_id, status) WHERE announcement_id IS NOT NULL;

-- Two more ends for a mail: 'skipped' (its reader left, or bounced, after it was queued: checked at
-- send time) and 'cancelled' (the owner cancelled its announcement before it went).
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_status_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_status_check
  CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'skipped', 'cancelled'));

-- Addresses whose server refused an announcement for good (a 5xx): by keyed hash, as the
-- suppression list keeps them; never mailed an announcement again.
CREATE TABLE bounced_addresses (
  email_hash text PRIMARY KEY,
  bounced_at timestamptz NOT NULL DEFAULT now(),
  reply text CHECK (char_length(reply) <= 1000)
);

-- Every article and story path a build has published, as the server first saw it: an article that
-- appears in a new build's dist/announceable.json and is not here gets a proposed draft.
CREATE TABLE published_paths (
  path text PRIMARY KEY,
  first_seen_at timestamptz NOT NULL DEFAULT now()
);
