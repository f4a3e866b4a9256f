-- Staff accounts (server/staff/): each person of the brand team signs in as themselves, in a role,
-- with a passkey or an e-mailed code; ADMIN_KEY stays the bootstrap ("owner (key)").

-- One row per person. `email` is kept lower-cased; an account is `active` once its invitation was
-- accepted. Removing an account deletes its row, and with it (ON DELETE CASCADE) its passkeys,
-- codes, invitations and sessions: its next request is refused.
CREATE TABLE staff_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  role text NOT NULL CHECK (role IN ('owner', 'editor', 'support')),
  -- The WebAuthn user handle: random, so a passkey names no address.
  user_handle text NOT NULL UNIQUE,
  active boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz
);

-- An invitation: only the HMAC of its link's token is stored; single-use and expiring.
CREATE TABLE staff_invitations (
  token_hash text PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Passkeys (WebAuthn credentials), verified by @simplewebauthn/server; bound to the RP ID they
-- were made for (the host the dashboard was opened on).
CREATE TABLE staff_passkeys (
  credential_id text PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text NOT NULL DEFAULT '',
  rp_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);

-- E-mailed one-time codes, keyed by a keyed hash of the address asked for (whether or not an
-- account has it: the answers are the same either way). The code itself is kept only as an HMAC.
CREATE TABLE staff_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email_hash text NOT NULL,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  used_at timestamptz
);
CREATE INDEX staff_codes_email_hash_idx ON staff_codes (email_hash, created_at DESC);

-- A passkey ceremony's challenge, single-use, for a few minutes; `ticket_hash` names it to the
-- browser that asked.
CREATE TABLE staff_challenges (
  ticket_hash text PRIMARY KEY,
  challenge text NOT NULL,
  staff_id bigint REFERENCES staff_accounts (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

-- Sessions become per person: `staff_id` NULL is the key's session ("owner (key)"). `id` names a
-- session in the owner's list without its hash; `reauth_at` is when its holder last proved who
-- they are (a sign-in), for the acts that ask for a recent one.
ALTER TABLE admin_sessions
  ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  ADD COLUMN staff_id bigint REFERENCES staff_accounts (id) ON DELETE CASCADE,
  ADD COLUMN reauth_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN method text NOT NULL DEFAULT 'key';
CREATE INDEX admin_sessions_staff_id_idx ON admin_sessions (staff_id);

-- The audit log: who (an account id and its address at the time, or "owner (key)"), when, what,
-- and a keyed hash of the client. Never the readers' data it is about: an erasure names the list
-- and the row number, not the address. Kept AUDIT_DAYS (server/staff/audit.ts).
CREATE TABLE admin_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  staff_id bigint,
  actor text NOT NULL,
  action text NOT NULL,
  detail text NOT NULL DEFAULT '',
  client_hash text
);
CREATE INDEX admin_audit_at_idx ON admin_audit (at DESC, id DESC);

-- One switch: whether ADMIN_KEY still signs in (the owner turns it off once an owner account exists).
CREATE TABLE admin_switches (
  name text PRIMARY KEY,
  enabled boolean NOT NULL
);
INSERT INTO admin_switches (name, enabled) VALUES ('key_sign_in', true);

INSERT INTO server_secrets (name, value)
VALUES ('staff_secret', encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex'));
