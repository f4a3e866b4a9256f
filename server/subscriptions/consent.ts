// The consent record: one append-only row per event (migration 005, consent_events).
import type { SignupType } from '../../src/shared/messages/index.ts';
import type { Queryable } from '../db/client.ts';

export type ConsentEvent = 'subscribed' | 'confirmed' | 'unsubscribed' | 'resubscribed' | 'erased';
export type ConsentChannel = 'form' | 'confirmation' | 'one-click' | 'preferences' | 'dashboard' | 'purge';

export interface ConsentEntry {
  emailHash: string;
  type: SignupType;
  event: ConsentEvent;
  channel: ConsentChannel;
  sourcePage?: string | null;
  consentVersion?: string | null;
  /** The keyed hash of the client's network address (rate-limit.ts clientHash), when there is a client. */
  clientHash?: string | null;
}

export async function recordConsent(db: Queryable, entry: ConsentEntry): Promise<void> {
  await db.query(
    `INSERT INTO consent_events (email_hash, signup_type, event, channel, source_page, consent_version, client_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      entry.emailHash,
      entry.type,
      entry.event,
      entry.channel,
      entry.sourcePage ?? null,
      entry.consentVersion ?? null,
      entry.clientHash ?? null,
    ],
  );
}
