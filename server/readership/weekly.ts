// The weekly readership e-mail to the owner (OWNER_EMAIL), through the outbox: last week's daily
// unique visitors (summed), views, sign-ups and confirmations beside the week before, and the
// most read pages. Sent on Mondays by netlify/functions/readership-weekly.ts (and by `npm start`
// on the same schedule); READERSHIP_WEEKLY_REPORT=off turns it off. The outbox's dedupe key names
// the week, so a second run the same week queues nothing; a week without views or sign-ups sends none.
import { READERSHIP_MAIL as M } from '../../src/shared/messages/readership.ts';
import type { Db } from '../db/client.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderMail } from '../mail/templates/render.ts';
import type { MailBlock } from '../mail/templates/content.ts';
import { ownerEmail, readershipWeeklyReport, siteTimeZone, siteUrl } from '../settings.ts';
import { rollUpDay } from './rollup.ts';
import { localDay } from './salts.ts';
import { readReadership } from './report.ts';

export type WeeklyOutcome = 'off' | 'no-owner' | 'empty' | 'queued' | 'already';

/** Queues last week's report (the 7 days before `now`'s day); what happened. */
export async function queueWeeklyReport(db: Db, now = new Date()): Promise<WeeklyOutcome> {
  if (!readershipWeeklyReport()) return 'off';
  const owner = ownerEmail();
  if (!owner) return 'no-owner';
  const timeZone = siteTimeZone();
  // The last complete day is yesterday: the week is the 7 days up to it, rolled up for sure.
  const yesterday = new Date(now.getTime() - 86_400_000);
  await rollUpDay(db, localDay(yesterday, timeZone), timeZone);
  const r = await readReadership(db, { days: 7, timeZone, now: yesterday.toISOString() });
  // A week with nothing in it (a new site, a test server) sends nothing.
  if (r.totals.views + r.previous.views + r.totals.signups === 0) return 'empty';
  const blocks: MailBlock[] = [
    { type: 'paragraph', text: M.line(M.visitors, r.totals.visitors, r.previous.visitors) },
    { type: 'paragraph', text: M.line(M.views, r.totals.views, r.previous.views) },
    { type: 'paragraph', text: M.line(M.signups, r.totals.signups, r.previous.signups) },
    { type: 'paragraph', text: M.line(M.confirmed, r.totals.confirmed, r.previous.confirmed) },
  ];
  if (r.pages.length) {
    blocks.push({ type: 'paragraph', text: M.topArticles });
    for (const p of r.pages.slice(0, 5))
      blocks.push({ type: 'paragraph', text: M.article(p.title ?? p.path, p.views, p.visitors) });
  }
  blocks.push({ type: 'action', label: M.dashboard, url: `${siteUrl()}/admin` });
  const subject = M.subject(r.totals.visitors);
  const mail = await renderMail({ subject, heading: M.heading, blocks, footerNote: M.footer });
  const week = r.series[0]?.date ?? localDay(yesterday, timeZone);
  const id = await db.transaction((tx) =>
    enqueueMail(tx, {
      kind: 'readership-weekly',
      to: owner,
      subject,
      text: mail.text,
      html: mail.html,
      dedupeKey: `readership-weekly:${week}`,
    }),
  );
  return id ? 'queued' : 'already';
}
