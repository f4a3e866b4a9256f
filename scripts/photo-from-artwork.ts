// Makes a photograph-like JPEG hero from one of our SVG artworks, with sharp only: rendered at 2400 px,
// softened like a shallow depth of field, lit from one side, colour-graded warm, vignetted and given a
// fine film grain. It made the repository's one photo hero (src/assets/art/linen-sheets-sustainability/
// hero.jpg, from that article's former hero.svg), so the photo path of the site is exercised by real
// content. Usage: node --experimental-strip-types scripts/photo-from-artwork.ts <in.svg> <out.jpg>
import { statSync } from 'node:fs';
import sharp from 'sharp';

const WIDTH = 2400;
const HEIGHT = 1260;

/** A seeded pseudo-random generator, so the same artwork always gives the same photo. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mid-grey luminance noise, to be blended in soft-light as film grain. */
function grain(amount: number): Buffer {
  const next = random(20250804);
  const px = Buffer.alloc(WIDTH * HEIGHT);
  for (let i = 0; i < px.length; i++) px[i] = Math.round(128 + (next() + next() + next() - 1.5) * amount);
  return px;
}

const light = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>
    <radialGradient id="window" cx="0.18" cy="0.1" r="0.9">
      <stop offset="0" stop-color="#fff4dc" stop-opacity="0.55"/>
      <stop offset="0.6" stop-color="#fff4dc" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
      <stop offset="0.55" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#1c140c" stop-opacity="0.55"/>
    </radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#window)"/>
  <rect width="100%" height="100%" fill="url(#vignette)"/>
</svg>`;

const [input, output] = process.argv.slice(2);
if (!input || !output) throw new Error('usage: photo-from-artwork.ts <in.svg> <out.jpg>');

const base = await sharp(input, { density: 72 * (WIDTH / 1200) })
  .resize(WIDTH, HEIGHT, { fit: 'cover' })
  .blur(2.2)
  .modulate({ saturation: 0.86, brightness: 1.02 })
  .recomb([
    [1.04, 0.03, 0],
    [0.01, 1.0, 0.01],
    [0, 0.04, 0.9],
  ])
  .linear(0.92, 12)
  .toBuffer();

await sharp(base)
  .composite([
    { input: Buffer.from(light), blend: 'over' },
    { input: grain(34), raw: { width: WIDTH, height: HEIGHT, channels: 1 }, blend: 'soft-light' },
  ])
  .jpeg({ quality: 74, mozjpeg: true, chromaSubsampling: '4:2:0' })
  .toFile(output);

const meta = await sharp(output).metadata();
console.log(`${output}: ${meta.width}×${meta.height}, ${Math.round(statSync(output).size / 1024)} KB`);
