/**
 * The admin API's contract for the welcome e-mail panel (server/subscriptions/welcome.ts): its path,
 * answer and the body a POST sends, one schema for the island and the server.
 */
import { z } from 'zod/mini';
import { WELCOME_BODY_MAX } from './messages/welcome.ts';

export const WELCOME_MAIL_API = '/api/admin/welcome-mail';

export interface WelcomeSettings {
  enabled: boolean;
  /** The owner's words; null: the default words (`defaultBody`). */
  body: string | null;
  defaultBody: string;
}

/** POST body: on or off, and the words (null or blank: the default). */
export const welcomeSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  body: z.nullable(z.string().check(z.maxLength(WELCOME_BODY_MAX))),
});

export type WelcomeSettingsInput = z.infer<typeof welcomeSettingsSchema>;
