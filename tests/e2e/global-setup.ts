// One production server per worker of the browser tier, each on its own port and data directory.
// The tier may run files side by side (tests/support/tiers.ts); each file talks only to its worker's
// server (tests/support/site-url.ts), so a file never shares a server with the file running beside
// it, and sees only what the files before it in its worker left, as when the tier ran one at a time.
import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from '../support/server.ts';
import { TIERS } from '../support/tiers.ts';

let servers: RunningServer[] = [];

export async function setup(project: TestProject): Promise<void> {
  // The first from an empty data directory: the one first start per run (creating and migrating the
  // embedded database); the others from the migrated template.
  const workers = TIERS.find((tier) => tier.name === project.name)?.workers ?? 1;
  servers = await Promise.all(Array.from({ length: workers }, (_, i) => startServer({}, { freshData: i === 0 })));
  project.provide(
    'baseUrls',
    servers.map((s) => s.url),
  );
}

export async function teardown(): Promise<void> {
  await Promise.all(servers.map((s) => s.stop()));
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
  }
}
