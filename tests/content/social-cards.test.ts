// Every hero makes a 1200×630 social card, cover-cropped from its centre whatever its size and
// shape: a JPEG photo a JPEG card, a PNG photo and our SVG artwork PNG cards. Builds a small copy of
// the site with one article per kind of hero and reads the card each page names in og:image; then
// weighs the real photo hero's card in the built site.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { articleSource, buildFixture, makeFixtureSite, readText, removeFixture } from '../support/fixture-site';

const made: string[] = [];
afterAll(() => made.forEach(removeFixture));

/** A photo-like image of the given size: a gradient with a bright disc off-centre. */
const photo = (width: number, height: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#a3b18a"/><stop offset="1" stop-color="#8c4a5a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.6}" cy="${height * 0.4}" r="${height / 5}" fill="#fbf8f1"/></svg>`,
    ),
  );

describe('social cards', () => {
  it('are 1200×630 JPEG for a JPEG photo, PNG for a PNG photo and SVG artwork', async () => {
    const heroes = {
      'jpeg-hero': '../../assets/art/jpeg-hero/hero.jpg',
      'png-hero': '../../assets/art/png-hero/hero.png',
      'svg-hero': '../../assets/art/home-hero.svg',
    };
    const site = makeFixtureSite(
      Object.fromEntries(
        Object.entries(heroes).map(([slug, hero]) => [
          slug,
          articleSource(
            slug,
            Object.keys(heroes).filter((s) => s !== slug),
            { hero },
          ),
        ]),
      ),
    );
    made.push(site);
    const art = join(site, 'src', 'assets', 'art');
    mkdirSync(join(art, 'jpeg-hero'));
    mkdirSync(join(art, 'png-hero'));
    // A tall phone-style photo and a wide one: both are cropped to the card, neither distorted.
    await photo(3000, 4000)
      .jpeg({ quality: 80 })
      .toFile(join(art, 'jpeg-hero', 'hero.jpg'));
    await photo(1600, 700)
      .png()
      .toFile(join(art, 'png-hero', 'hero.png'));

    const build = buildFixture(site);
    expect(build.status, build.output).toBe(0);

    const expected = { 'jpeg-hero': 'jpeg', 'png-hero': 'png', 'svg-hero': 'png' } as const;
    for (const slug of Object.keys(heroes) as (keyof typeof expected)[]) {
      const html = readText(join(site, 'dist', 'articles', `${slug}.html`));
      const card = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
      const type = html.match(/<meta property="og:image:type" content="([^"]+)"/)?.[1];
      const meta = await sharp(join(site, 'dist', new URL(card!).pathname)).metadata();
      expect({ slug, format: meta.format, type, width: meta.width, height: meta.height }).toEqual({
        slug,
        format: expected[slug],
        type: `image/${expected[slug]}`,
        width: 1200,
        height: 630,
      });
    }
  }, 180_000);

  it("keeps the real photo hero's card near 100 KB (a JPEG; the PNG was about 750 KB)", async () => {
    const page = join('dist', 'articles', 'linen-sheets-sustainability.html');
    expect(existsSync(page), 'build the site first (npm run build)').toBe(true);
    const card = readText(page).match(/<meta property="og:image" content="([^"]+)"/)?.[1];
    const file = join('dist', new URL(card!).pathname);
    const meta = await sharp(file).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
    expect(statSync(file).size).toBeLessThan(160_000);
  });
});
