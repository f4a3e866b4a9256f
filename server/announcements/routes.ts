// The announcements' admin endpoints (session-checked: ../admin/endpoint.ts). Mounted by
// netlify/functions/admin-announcements*.ts. docs/announcements.md lists them.
//   GET  /api/admin/announcements                  {items, history, mailRate}; a new build's articles become proposed drafts
//   POST /api/admin/announcements                  a draft {source_path?, note?, subject, audience} → 201 the announcement
//   GET  /api/admin/announcements/audience?types=[&source=]  {count}: confirmed subscribers of those types, each
//                                                  address once; with an article's path also {previous, received}:
//                                                  its earlier sends to those lists and the readers they reached
//                                                  (left out of `count`)
//   POST /api/admin/announcements/preview          the draft → {subject, html, text} (links shown with a sample token)
//   POST /api/admin/announcements/test             the draft → 202, queued to OWNER_EMAIL only
//   GET  /api/admin/announcements/:id              the announcement with its progress counts
//   POST /api/admin/announcements/:id/send         {subject?, audience?, repeat?} → 202 queued (200 when it was sent
//                                                  before); 409 {error, previous} when its article went to one of
//                                                  those lists before and `repeat` is not true
//   POST /api/admin/announcements/:id/pause|resume|cancel → 200 the announcement; 409 when not possible now
import { ADMIN_NOTICES, SIGNUP_TYPES, type SignupType } from '../../src/shared/messages/index.ts';
import { ANNOUNCEMENT_MAIL, ANNOUNCEMENT_NOTICES } from '../../src/shared/messages/announcements.ts';
import { SOURCE_PATH, announcementDraftSchema, announcementSendSchema } from '../../src/shared/announcement-api.ts';
import { json, problem, readBody } from '../http.ts';
import type { ApiHandler } from '../endpoint.ts';
import { adminFunction } from '../admin/endpoint.ts';
import { parseId } from '../admin/lists.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { wakeSender } from '../mail/wake.ts';
import { mailRate, ownerEmail } from '../settings.ts';
import { newToken } from '../subscriptions/tokens.ts';
import { announceableItems } from './catalogue.ts';
import { TOKEN_PLACEHOLDER, renderAnnouncement } from './compose.ts';
import {
  audienceCount,
  checkDraftStorable,
  controlAnnouncement,
  createDraft,
  listAnnouncements,
  previousSends,
  proposeNewArticles,
  readAnnouncement,
  sendAnnouncement,
  sourceOf,
} from './store.ts';

function parseTypes(value: string | null): SignupType[] | undefined {
  const types = (value ?? '').split(',').filter(Boolean);
  if (!types.length || types.some((t) => !(SIGNUP_TYPES as readonly string[]).includes(t))) return undefined;
  return [...new Set(types)] as SignupType[];
}

/** GET the list and history; POST a new draft. */
export const announcementsHandler: ApiHandler = adminFunction({
  name: 'admin-announcements',
  routes: {
    GET: async ({ db }) => {
      await proposeNewArticles(db);
      const items = announceableItems().map(({ kind, path, title, publishedDate }) => ({
        kind,
        path,
        title,
        publishedDate,
      }));
      return json(200, { items, history: await listAnnouncements(db), mailRate: mailRate() });
    },
    POST: async ({ req, db }) => {
      const body = await readBody(req);
      if (!body.ok) return body.response;
      const parsed = announcementDraftSchema.safeParse(body.fields);
      if (!parsed.success) return problem(400, ADMIN_NOTICES.badRequest);
      if (!sourceOf(parsed.data)) return problem(400, ANNOUNCEMENT_NOTICES.unknownSource);
      return json(201, await createDraft(db, parsed.data));
    },
  },
});

/** GET ?types=Updates,Newsletter → {count}. */
export const announcementAudienceHandler: ApiHandler = adminFunction({
  name: 'admin-announcements-audience',
  routes: {
    GET: async ({ url, db }) => {
      const types = parseTypes(url.searchParams.get('types'));
      if (!types) return problem(400, ADMIN_NOTICES.badRequest);
      const source = url.searchParams.get('source');
      if (source === null) return json(200, { count: await audienceCount(db, types) });
      if (!SOURCE_PATH.test(source)) return problem(400, ADMIN_NOTICES.badRequest);
      const [count, all, previous] = await Promise.all([
        audienceCount(db, types, source),
        audienceCount(db, types),
        previousSends(db, source, types),
      ]);
      return json(200, { count, previous, received: all - count });
    },
  },
});

/** POST preview or test: the same draft body; what differs is who sees it. */
export const announcementComposeHandler: ApiHandler = adminFunction({
  name: 'admin-announcements-compose',
  routes: {
    POST: async ({ req, url, context, db }) => {
      const action = url.pathname.split('/').pop();
      if (action !== 'preview' && action !== 'test') return problem(404, ADMIN_NOTICES.notFound);
      const body = await readBody(req);
      if (!body.ok) return body.response;
      const parsed = announcementDraftSchema.safeParse(body.fields);
      if (!parsed.success) return problem(400, ADMIN_NOTICES.badRequest);
      const source = sourceOf(parsed.data);
      if (!source) return problem(400, ANNOUNCEMENT_NOTICES.unknownSource);
      const mail = await renderAnnouncement(source);
      // A sample token: the links look and work like a reader's (a preferences page that says the
      // link is not valid), and no real reader's link is ever shown or sent to the owner.
      const sample = newToken();
      const fill = (s: string) => s.split(TOKEN_PLACEHOLDER).join(sample);
      if (action === 'preview')
        return json(200, { subject: mail.subject, html: fill(mail.html), text: fill(mail.text) });
      const owner = ownerEmail();
      if (!owner) return problem(409, ANNOUNCEMENT_NOTICES.noOwner);
      await checkDraftStorable(db, parsed.data);
      await db.transaction((tx) =>
        enqueueMail(tx, {
          kind: 'announcement-test',
          to: owner,
          subject: `${ANNOUNCEMENT_MAIL.testPrefix}${mail.subject}`,
          text: fill(mail.text),
          html: fill(mail.html),
          headers: JSON.parse(fill(JSON.stringify(mail.headers))) as Record<string, string>,
        }),
      );
      const { waitUntil } = context;
      wakeSender(waitUntil ? (work) => waitUntil(work) : undefined);
      return json(202, { queued: true, to: owner });
    },
  },
});

/** GET one announcement's progress; POST send/pause/resume/cancel. */
export const announcementHandler: ApiHandler = adminFunction({
  name: 'admin-announcement',
  routes: {
    GET: async ({ context, db }) => {
      const id = parseId(context.params?.id);
      const found = id && (await readAnnouncement(db, id));
      return found ? json(200, found) : problem(404, ADMIN_NOTICES.notFound);
    },
    POST: async ({ req, context, db, audit }) => {
      const id = parseId(context.params?.id);
      if (!id) return problem(404, ADMIN_NOTICES.notFound);
      const action = context.params?.action;
      if (action === 'send') {
        const body = await readBody(req);
        if (!body.ok) return body.response;
        const parsed = announcementSendSchema.safeParse(body.fields);
        if (!parsed.success) return problem(400, ADMIN_NOTICES.badRequest);
        const result = await sendAnnouncement(db, id, 'owner', parsed.data);
        if (result.kind === 'missing') return problem(404, ADMIN_NOTICES.notFound);
        if (result.kind === 'unknown-source') return problem(400, ANNOUNCEMENT_NOTICES.unknownSource);
        if (result.kind === 'no-recipients') return problem(409, ANNOUNCEMENT_NOTICES.noRecipients);
        if (result.kind === 'repeat') {
          const notice = ANNOUNCEMENT_NOTICES.sentBefore;
          return json(409, { error: { title: notice.title, text: notice.text }, previous: result.previous });
        }
        // The rows were written by SQL (store.ts), not enqueueMail, which is what arms a wake: wake
        // `npm start`'s in-process sender by force. On Netlify the scheduled drain delivers them
        // (docs/announcements.md, "On Netlify"); no delivery is started after this response.
        if (result.kind === 'queued') {
          await audit('send', `announcement #${id}`);
          wakeSender(undefined, { force: true });
        }
        return json(result.kind === 'queued' ? 202 : 200, result.announcement);
      }
      if (action !== 'pause' && action !== 'resume' && action !== 'cancel') return problem(404, ADMIN_NOTICES.notFound);
      if (!(await controlAnnouncement(db, id, action))) {
        return (await readAnnouncement(db, id))
          ? problem(409, ANNOUNCEMENT_NOTICES.badState)
          : problem(404, ADMIN_NOTICES.notFound);
      }
      await audit(action, `announcement #${id}`);
      if (action === 'resume') wakeSender(undefined, { force: true });
      return json(200, await readAnnouncement(db, id));
    },
  },
});
