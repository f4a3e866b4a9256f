// `import url from './module.ts?chunk-url'`: the URL of that module bundled as a chunk of its own
// (TypeScript compiled, minified, hashed, with its imports), without loading it.
//
// Why (docs/decisions.md, "No JavaScript until it is needed"): BaseLayout's trigger must stay an inline script
// that imports the page's behaviour only on first interaction. Astro inlines a component script,
// and hashes it for the CSP, only when its bundle imports nothing; a script with an `import()` of
// its own is emitted as a <script src> that loads with the page. Here the bundler sees a string,
// and the module is an extra entry of the client build.
import { basename, extname } from 'node:path';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';

const QUERY = '?chunk-url';
const VIRTUAL = '\0chunk-url:';

function chunkUrlPlugin(): Plugin {
  let serving = false;
  return {
    name: 'chunk-url',
    // Before Vite's resolver, which would otherwise load the module itself.
    enforce: 'pre',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    async resolveId(source, importer) {
      if (!source.endsWith(QUERY)) return null;
      const target = source.slice(0, -QUERY.length);
      const resolved = await this.resolve(target, importer, { skipSelf: true });
      if (!resolved) this.error(`chunk-url: cannot resolve ${target} from ${importer ?? 'the root'}`);
      return VIRTUAL + resolved.id;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      const file = id.slice(VIRTUAL.length);
      // The dev server compiles modules on request: its URL is the file's own.
      if (serving) return `export default ${JSON.stringify(`/@fs${file}`)};`;
      const ref = this.emitFile({ type: 'chunk', id: file, name: basename(file, extname(file)) });
      // Vite turns this into the chunk's final URL under the site's base.
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}

export function chunkUrl(): AstroIntegration {
  return {
    name: 'chunk-url',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [chunkUrlPlugin()] } });
      },
    },
  };
}
