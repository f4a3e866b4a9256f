// Every article and story as an announcement e-mail needs it (src/shared/announceable.ts), newest
// first: title, summary, the hero's social card as a raster image (mail clients show no SVG) and
// its alt text.
import type { Announceable } from '../shared/announceable';
import { getArticles, getStories } from './catalogue';
import { socialImageUrl } from './social-image';

export async function announceable(origin: string): Promise<Announceable[]> {
  const [articles, stories] = await Promise.all([getArticles(), getStories()]);
  const items = await Promise.all(
    // A preview build lists drafts and scheduled articles too: only what is live can be announced.
    [...articles.filter((a) => a.state === 'published'), ...stories].map(async (item): Promise<Announceable> => ({
      kind: item.kind,
      path: item.path,
      title: item.data.title,
      summary: item.data.excerpt,
      imageUrl: await socialImageUrl(item.data.hero, origin),
      imageAlt: item.data.heroAlt,
      publishedDate: item.data.publishedDate.toISOString().slice(0, 10),
    })),
  );
  return items.sort((a, b) => b.publishedDate.localeCompare(a.publishedDate) || a.path.localeCompare(b.path));
}
