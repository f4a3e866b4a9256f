// The build writes what an announcement e-mail is made from (src/pages/announceable.json.ts):
// every article and story, with its hero's 1200×630 raster card (PNG or JPEG) at an absolute URL whose file is in
// the build. Reads the real build (npm test builds first).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Announceable } from '../../src/shared/announceable.ts';
import { loadAll } from './content-files.ts';

const dist = join(process.cwd(), 'dist');
/** The pieces a production build publishes: drafts are left out. */
const mdxCount = (dir: string) => loadAll(join(process.cwd(), 'src/content', dir), { drafts: false }).length;

describe('dist/announceable.json', () => {
  it('lists every article and story with a title, summary, alt text and a raster card that exists', async () => {
    const items = JSON.parse(readFileSync(join(dist, 'announceable.json'), 'utf8')) as Announceable[];
    expect(items.filter((i) => i.kind === 'article')).toHaveLength(mdxCount('articles'));
    expect(items.filter((i) => i.kind === 'story')).toHaveLength(mdxCount('stories'));
    for (const item of items) {
      expect(item.path).toMatch(/^\/(articles|stories)\/[a-z0-9-]+$/);
      expect(existsSync(join(dist, item.path, 'index.html')) || existsSync(join(dist, `${item.path}.html`))).toBe(true);
      expect(item.title.length).toBeGreaterThan(0);
      expect(item.summary.length).toBeGreaterThan(0);
      expect(item.imageAlt.length).toBeGreaterThan(0);
      const url = new URL(item.imageUrl);
      expect(url.pathname).toMatch(/\.(png|jpe?g)$/);
      const meta = await sharp(join(dist, url.pathname)).metadata();
      expect(['png', 'jpeg']).toContain(meta.format);
      expect([meta.width, meta.height]).toEqual([1200, 630]);
    }
  });
});
