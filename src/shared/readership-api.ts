/** The dashboard's Readership view: GET /api/admin/readership?days=7|30|90|365 (server/readership/report.ts). */

export const READERSHIP_PERIODS = [7, 30, 90, 365] as const;
export type ReadershipPeriod = (typeof READERSHIP_PERIODS)[number];
export const DEFAULT_READERSHIP_PERIOD: ReadershipPeriod = 30;
export const READERSHIP_API = '/api/admin/readership';

export interface ReadershipDay {
  date: string;
  /** Daily unique visitors. */
  visitors: number;
  views: number;
}

export interface Conversion {
  signups: number;
  /** Of those sign-ups, the ones confirmed now. */
  confirmed: number;
}

export interface PageRow extends Conversion {
  path: string;
  title: string | null;
  views: number;
  /** Daily unique visitors, summed over the period. */
  visitors: number;
  readToEnd: number;
}

export interface SourceRow extends Conversion {
  source: string;
  channel: string;
  views: number;
  visitors: number;
}

export interface ConversionRow extends Conversion {
  path: string;
  title: string | null;
  source: string;
  visitors: number;
}

export interface CountRow {
  name: string;
  detail: string;
  views: number;
  visitors: number;
}

export interface AnnouncementRow extends Conversion {
  id: string;
  subject: string;
  sentAt: string | null;
  visits: number;
  visitors: number;
}

export interface RealtimePage {
  path: string;
  views: number;
  visitors: number;
  readToEnd: number;
}

export interface Readership {
  timeZone: string;
  days: ReadershipPeriod;
  series: ReadershipDay[];
  /** The period before, day by day, oldest first (the same length as `series`). */
  previousSeries: ReadershipDay[];
  totals: { visitors: number; views: number; readToEnd: number; capped: number } & Conversion;
  previous: { visitors: number; views: number } & Conversion;
  pages: PageRow[];
  conversion: ConversionRow[];
  sources: SourceRow[];
  campaigns: CountRow[];
  devices: CountRow[];
  browsers: CountRow[];
  announcements: AnnouncementRow[];
  realtime: { views: number; visitors: number; pages: RealtimePage[]; refused: number };
}

/** The conversion of `visitors` into confirmed sign-ups, as a share (0 when nobody came). */
export function conversionRate(confirmed: number, visitors: number): number {
  return visitors > 0 ? confirmed / visitors : 0;
}
