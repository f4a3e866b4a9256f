// The welcome e-mail after a confirmation (docs/subscriptions.md): one per list the reader
// confirms, queued in the confirmation's transaction through the outbox, with that list's
// one-click unsubscribe and preferences link (sealed, as a confirmation's: mail/sealed-links.ts).
// The owner turns it off or rewrites its words in the dashboard (migration 013).
import { SIGNUP_TYPES, type SignupType } from '../../src/shared/messages/index.ts';
import { DEFAULT_WELCOME_BODY } from '../../src/shared/messages/welcome.ts';
import type { WelcomeSettings, WelcomeSettingsInput } from '../../src/shared/welcome-mail-api.ts';
import type { Queryable } from '../db/client.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { SEALED, sealLinks } from '../mail/sealed-links.ts';
import { renderMail, type RenderedMail } from '../mail/templates/render.ts';
import { welcomeMail } from '../mail/templates/welcome.ts';
import { siteUrl } from '../settings.ts';
import { SUBSCRIPTION_PATHS, linkUrl, storePreferencesToken } from './links.ts';
import { unsubscribeHeaders } from './mail.ts';
import { newToken } from './tokens.ts';

export async function readWelcomeSettings(db: Queryable): Promise<WelcomeSettings> {
  const { rows } = await db.query<{ enabled: boolean; body: string | null }>(
    'SELECT enabled, body FROM welcome_mail WHERE id',
  );
  const row = rows[0];
  return { enabled: row?.enabled ?? true, body: row?.body ?? null, defaultBody: DEFAULT_WELCOME_BODY };
}

/** Saves the owner's choice; blank words (or the default's own) are stored as "the default". */
export async function saveWelcomeSettings(db: Queryable, input: WelcomeSettingsInput): Promise<WelcomeSettings> {
  const words = input.body?.trim() ?? '';
  const body = words && words !== DEFAULT_WELCOME_BODY ? words : null;
  await db.query(
    `INSERT INTO welcome_mail (id, enabled, body, updated_at) VALUES (true, $1, $2, now())
     ON CONFLICT (id) DO UPDATE SET enabled = $1, body = $2, updated_at = now()`,
    [input.enabled, body],
  );
  return readWelcomeSettings(db);
}

/** Each list's welcome, rendered before the confirmation's transaction (null: welcomes are off). */
export type PreparedWelcomes = Readonly<Record<SignupType, RenderedMail>> | null;

// Rendering costs tens of milliseconds: each list's mail is rendered once per wording and origin.
const rendered = new Map<string, Promise<RenderedMail>>();

function welcomeTemplate(list: SignupType, body: string): Promise<RenderedMail> {
  const preferencesUrl = linkUrl(SUBSCRIPTION_PATHS.preferences, SEALED.preferences);
  const articlesUrl = `${siteUrl()}/articles`;
  const key = `${list}\n${articlesUrl}\n${body}`;
  let mail = rendered.get(key);
  if (!mail) {
    if (rendered.size > 30) rendered.clear(); // the owner's drafts: keep only recent wordings
    mail = renderMail(welcomeMail({ list, body, articlesUrl, preferencesUrl }));
    mail.catch(() => rendered.delete(key));
    rendered.set(key, mail);
  }
  return mail;
}

export async function prepareWelcomes(db: Queryable): Promise<PreparedWelcomes> {
  const settings = await readWelcomeSettings(db);
  if (!settings.enabled) return null;
  const body = settings.body ?? settings.defaultBody;
  const mails = await Promise.all(SIGNUP_TYPES.map((list) => welcomeTemplate(list, body)));
  return Object.fromEntries(SIGNUP_TYPES.map((list, i) => [list, mails[i]!])) as Record<SignupType, RenderedMail>;
}

/** Queues the welcome of `list` to the reader who just confirmed it (in the confirmation's transaction). */
export async function queueWelcome(
  tx: Queryable,
  welcomes: PreparedWelcomes,
  reader: { email: string; emailHash: string; list: SignupType },
): Promise<void> {
  if (!welcomes) return;
  const token = newToken();
  await storePreferencesToken(tx, reader.emailHash, reader.list, token);
  const id = await enqueueMail(tx, {
    kind: 'welcome',
    to: reader.email,
    ...welcomes[reader.list],
    headers: unsubscribeHeaders(linkUrl(SUBSCRIPTION_PATHS.preferences, SEALED.preferences)),
  });
  if (id) await sealLinks(tx, id, { preferences: token });
}
