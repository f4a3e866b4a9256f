// Makes the one web font the pages load: Fraunces for headings, a static instance at their weight
// (620) of @fontsource-variable's file, its glyphs cut to Basic Latin, the common accented letters
// and the typographic punctuation our copy uses: about 13 KB instead of 83 KB for two variable faces. Body text sets in
// the system sans; a character outside this set falls back to the metric-matched serif that Astro's
// fonts API declares (astro.config.mjs). Re-run after a font update:
//   node --experimental-strip-types scripts/subset-fonts.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const source = require.resolve('@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2');
const FRAUNCES_SUBSET = 'src/assets/fonts/fraunces-620-subset.woff2';
const HEADING_WEIGHT = 620;

const ascii = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
const glyphs = ascii + '\u00a0’‘“”–—‑…·•©®™°£€×÷−→ÀÁÂÄÇÈÉÊËÍÎÏÑÓÔÖÚÛÜàáâäçèéêëíîïñóôöúûüćčšž';

const input = readFileSync(source);
const output = await subsetFont(input, glyphs, { targetFormat: 'woff2', variationAxes: { wght: HEADING_WEIGHT } });
writeFileSync(FRAUNCES_SUBSET, output);
console.log(`${FRAUNCES_SUBSET}: ${(input.length / 1024).toFixed(1)} KB → ${(output.length / 1024).toFixed(1)} KB`);
