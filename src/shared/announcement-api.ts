// The announcements API's request shape (server/announcements/routes.ts; the dashboard's Send
// view posts the same). docs/announcements.md.
import { z } from 'zod/mini';
import { SIGNUP_TYPES, type SignupType } from './messages/index.ts';

/** An article's or story's canonical path, as the build lists them (migration 007 checks the same). */
export const SOURCE_PATH = /^\/(articles|stories)\/[a-z0-9-]{1,120}$/;

/** An e-mail to compose, preview, test or save as a draft: an article/story or a note, or both. */
export const announcementDraftSchema = z
  .strictObject({
    /** The article's or story's canonical path (from the build's list), or absent for a note. */
    source_path: z.optional(z.string().check(z.regex(SOURCE_PATH))),
    /** A short note: the whole e-mail without an article, or a line above the article's summary. */
    note: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(2000))),
    /** The subject line: one line, at most 200 characters. */
    subject: z.string().check(z.trim(), z.minLength(1), z.maxLength(200), z.regex(/^[^\r\n]*$/)),
    /** The lists whose confirmed subscribers receive it (one or more). */
    audience: z.array(z.enum(SIGNUP_TYPES)).check(z.minLength(1), z.maxLength(3)),
  })
  .check(z.refine((d) => Boolean(d.source_path) || Boolean(d.note), { message: 'an article or a note' }));

export type AnnouncementDraft = z.infer<typeof announcementDraftSchema>;

/** Optional changes given with "Send" (the draft as the owner last saw it). */
export const announcementSendSchema = z.strictObject({
  subject: z.optional(announcementDraftSchema.def.shape.subject),
  audience: z.optional(announcementDraftSchema.def.shape.audience),
  /** The owner confirmed sending an article again to lists that had it (docs/announcements.md). */
  repeat: z.optional(z.boolean()),
});

/** An earlier send of the same article or story to some of the chosen lists. */
export interface PreviousSend {
  audience: SignupType[];
  sent_at: string;
  recipients: number;
}

/** An announcement's state (migration 007). */
export type AnnouncementStatus = 'draft' | 'sending' | 'paused' | 'cancelled' | 'done';

/** One announcement with its progress, as the endpoints answer it (server/announcements/store.ts). */
export interface Announcement {
  id: string;
  source_path: string | null;
  note: string | null;
  subject: string;
  audience: SignupType[];
  status: AnnouncementStatus;
  /** A build proposed it for a newly published article. */
  proposed: boolean;
  /** 'owner' or 'build'. */
  created_by: string;
  created_at: string;
  sent_by: string | null;
  sent_at: string | null;
  finished_at: string | null;
  /** Outbox rows queued when it was sent. */
  recipients: number;
  /** Waiting: queued or being sent. */
  queued: number;
  sent: number;
  failed: number;
  /** Left the lists or bounced before their turn. */
  skipped: number;
  cancelled: number;
}
