// Every page readers can sign up on, by canonical path, with its title: the static pages' titles
// from site.ts, articles' and stories' from the catalogue.
import type { PageTitles } from '../shared/page-titles';
import { STATIC_PAGES } from '../site';
import { getArticles, getStories } from './catalogue';

export async function pageTitles(): Promise<PageTitles> {
  const [articles, stories] = await Promise.all([getArticles(), getStories()]);
  const titles: PageTitles = {};
  for (const page of STATIC_PAGES) titles[page.path] = page.title;
  for (const item of [...articles, ...stories]) titles[item.path] = item.data.title;
  return titles;
}
