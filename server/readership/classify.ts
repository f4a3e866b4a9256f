// What a view's request says about where the reader came from and on what, reduced to a few
// labels before anything is stored: the referring host (named when it is a search engine or a
// social network), the UTM tags, a device class and a browser family. The user agent is parsed
// by bowser (MIT, maintained; docs/decisions.md, "Readership") and never kept; bots are known by
// isbot's maintained list.
import Bowser from 'bowser';
import { isbot } from 'isbot';

export type Channel = 'direct' | 'internal' | 'search' | 'social' | 'email' | 'campaign' | 'site';

/** Host suffix → name, for the referrers the owner will want to see by name. */
const SEARCH: Record<string, string> = {
  'google.': 'Google',
  'bing.com': 'Bing',
  'duckduckgo.com': 'DuckDuckGo',
  'ecosia.org': 'Ecosia',
  'search.yahoo.': 'Yahoo',
  'yandex.': 'Yandex',
  'baidu.com': 'Baidu',
  'search.brave.com': 'Brave Search',
  'kagi.com': 'Kagi',
  'startpage.com': 'Startpage',
  'qwant.com': 'Qwant',
};
const SOCIAL: Record<string, string> = {
  'facebook.com': 'Facebook',
  'fb.me': 'Facebook',
  'instagram.com': 'Instagram',
  't.co': 'X (Twitter)',
  'x.com': 'X (Twitter)',
  'twitter.com': 'X (Twitter)',
  'linkedin.com': 'LinkedIn',
  'lnkd.in': 'LinkedIn',
  'pinterest.': 'Pinterest',
  'reddit.com': 'Reddit',
  'youtube.com': 'YouTube',
  'threads.net': 'Threads',
  'bsky.app': 'Bluesky',
  'tiktok.com': 'TikTok',
  'news.ycombinator.com': 'Hacker News',
};
const MAIL_HOSTS = ['mail.google.com', 'outlook.live.com', 'mail.yahoo.com', 'mail.proton.me'];

function named(host: string, table: Record<string, string>): string | undefined {
  const bare = host.replace(/^(www|m|l|lm|old)\./, '');
  for (const [key, name] of Object.entries(table)) {
    if (key.endsWith('.') ? bare.startsWith(key) || bare.includes(`.${key}`) : bare === key || bare.endsWith(`.${key}`))
      return name;
  }
  return undefined;
}

export interface Source {
  channel: Channel;
  source: string;
  referrerHost: string | null;
}

export interface Utm {
  source: string | null;
  medium: string | null;
  campaign: string | null;
}

/** The announcement campaign's tags (server/announcements/compose.ts puts them on its links). */
export const ANNOUNCEMENT_UTM = { source: 'announcement', medium: 'email' } as const;

/** Where a view came from: UTM tags first (they were put there on purpose), then the referrer. */
export function classifySource(referrerHost: string | null, siteHost: string, utm: Utm): Source {
  const host = referrerHost && referrerHost !== siteHost ? referrerHost : null;
  if (utm.source) {
    const medium = utm.medium?.toLowerCase();
    const channel: Channel = medium === 'email' || medium === 'newsletter' ? 'email' : 'campaign';
    return { channel, source: utm.source.toLowerCase(), referrerHost: host };
  }
  if (referrerHost && referrerHost === siteHost) return { channel: 'internal', source: 'Internal', referrerHost: null };
  if (!host) return { channel: 'direct', source: 'Direct', referrerHost: null };
  const search = named(host, SEARCH);
  if (search) return { channel: 'search', source: search, referrerHost: host };
  const social = named(host, SOCIAL);
  if (social) return { channel: 'social', source: social, referrerHost: host };
  if (MAIL_HOSTS.includes(host)) return { channel: 'email', source: host, referrerHost: host };
  return { channel: 'site', source: host.replace(/^www\./, ''), referrerHost: host };
}

export interface Agent {
  device: 'desktop' | 'mobile' | 'tablet' | 'other';
  browser: string;
}

// Readers' browsers repeat: parsing a user agent costs about 35 µs, a look-up well under one, and
// every page view asks. The cache holds user-agent strings and their labels only (never an
// address or a time) and is emptied when full.
const agents = new Map<string, Agent | null>();
const AGENTS_MAX = 1000;

/** A device class and a browser family, or null for a bot (not counted). */
export function classifyAgent(userAgent: string): Agent | null {
  let agent = agents.get(userAgent);
  if (agent === undefined) {
    agent = parseAgent(userAgent);
    if (agents.size >= AGENTS_MAX) agents.clear();
    agents.set(userAgent, agent);
  }
  return agent;
}

function parseAgent(userAgent: string): Agent | null {
  if (!userAgent || isbot(userAgent)) return null;
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type;
  const device = type === 'desktop' || type === 'mobile' || type === 'tablet' ? type : 'other';
  const browser = (parsed.browser.name ?? 'Other').slice(0, 40);
  return { device, browser };
}
