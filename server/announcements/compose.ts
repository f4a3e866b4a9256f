// An announcement's e-mail, made from the article's own data (or the owner's note) with the site's
// one mail layout (server/mail/templates/, React Email). It is rendered ONCE per announcement with a
// placeholder where each reader's preferences token goes, stored once on the announcement (migration
// 008); the queue (store.ts) gives every recipient's outbox row a fresh token and the sender puts it
// in place at send time, so 100,000 recipients need one render and one stored body.
import { ANNOUNCEMENT_MAIL as M } from '../../src/shared/messages/announcements.ts';
import type { SignupType } from '../../src/shared/messages/index.ts';
import type { Announceable } from '../../src/shared/announceable.ts';
import type { MailBlock, MailContent } from '../mail/templates/content.ts';
import { RECIPIENT_TOKEN_PLACEHOLDER } from '../mail/outbox.ts';
import { renderMail, type RenderedMail } from '../mail/templates/render.ts';
import { unsubscribeHeaders } from '../subscriptions/mail.ts';
import { SUBSCRIPTION_PATHS, linkUrl } from '../subscriptions/links.ts';
import { siteUrl } from '../settings.ts';

/** Stands for a recipient's token in the stored body (the outbox's placeholder, filled in at send time). */
export const TOKEN_PLACEHOLDER = RECIPIENT_TOKEN_PLACEHOLDER;

export interface AnnouncementSource {
  subject: string;
  audience: readonly SignupType[];
  item?: Announceable;
  note?: string;
  /**
   * The UTM campaign its links carry (`announcement-<id>`), so the dashboard's Readership view can
   * count the visits and sign-ups it brought. It names the announcement, never the recipient.
   */
  campaign?: string;
}

/** The site URL of `path`, tagged with the announcement's campaign when it has one. */
function tagged(path: string, campaign: string | undefined): string {
  const url = new URL(path, siteUrl());
  if (campaign) {
    url.searchParams.set('utm_source', 'announcement');
    url.searchParams.set('utm_medium', 'email');
    url.searchParams.set('utm_campaign', campaign);
  }
  return url.href;
}

/** The campaign name of announcement `id` in its links' UTM tags (and in the Readership view). */
export function announcementCampaign(id: string | number): string {
  return `announcement-${id}`;
}

export function announcementContent(source: AnnouncementSource, preferencesUrl: string): MailContent {
  const blocks: MailBlock[] = [];
  const { item } = source;
  // The note's paragraphs as the owner typed them (an empty line between two), in both parts.
  const note = (source.note ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((text): MailBlock => ({ type: 'paragraph', text }));
  if (item) {
    blocks.push({ type: 'image', src: item.imageUrl, alt: item.imageAlt, width: 1200, height: 630 });
    blocks.push(...note);
    blocks.push({ type: 'paragraph', text: item.summary });
    blocks.push({
      type: 'action',
      label: item.kind === 'story' ? M.readStory : M.readArticle,
      url: tagged(item.path, source.campaign),
    });
  } else {
    blocks.push(...note);
    blocks.push({ type: 'action', label: M.visitSite, url: tagged('/', source.campaign) });
  }
  return {
    subject: source.subject,
    preview: item?.summary ?? source.note?.slice(0, 140),
    heading: item?.title ?? source.subject,
    blocks,
    footerNote: M.why(source.audience),
    footerLinks: [
      { label: M.unsubscribe, url: preferencesUrl },
      { label: M.preferences, url: preferencesUrl },
    ],
  };
}

export interface AnnouncementMail extends RenderedMail {
  headers: Record<string, string>;
}

/** The e-mail with TOKEN_PLACEHOLDER where the recipient's preferences token goes. */
export async function renderAnnouncement(source: AnnouncementSource): Promise<AnnouncementMail> {
  const preferencesUrl = linkUrl(SUBSCRIPTION_PATHS.preferences, TOKEN_PLACEHOLDER);
  const mail = await renderMail(announcementContent(source, preferencesUrl));
  return { ...mail, headers: unsubscribeHeaders(preferencesUrl) };
}
