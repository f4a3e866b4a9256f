// A Netlify production build (CONTEXT=production) stops while the owner's details in src/site.ts
// are still placeholders, so a reserved address or a fictional number never reaches readers, feeds
// and search engines. Local builds, `npm start`, tests and deploy previews accept them.
import type { AstroIntegration } from 'astro';
import { ownerPlaceholders } from '../lib/owner-placeholders.ts';

export function ownerDetailsCheck(env: Record<string, string | undefined> = process.env): AstroIntegration {
  return {
    name: 'owner-details-check',
    hooks: {
      'astro:config:setup': ({ command }) => {
        if (command !== 'build' || env.CONTEXT !== 'production') return;
        const found = ownerPlaceholders();
        if (found.length === 0) return;
        throw new Error(
          'This production build still shows placeholder owner details (src/site.ts):\n' +
            found.map((f) => `  - ${f}\n`).join('') +
            'Set the owner\'s real e-mail, phone, postal address and profiles there (README, "The owner\'s details"); ' +
            'a profile that is not set is simply not shown. Deploy previews and local builds accept the placeholders.',
        );
      },
    },
  };
}
