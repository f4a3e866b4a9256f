// One production server for the whole browser suite, on its own port and data directory.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from '../support/server.ts';
import { stopSharedDevServer } from '../support/dev-server.ts';

let server: RunningServer | undefined;
// The editor files' one `astro dev`, started by the first that needs it (tests/support/dev-server.ts).
const devServerState = join(tmpdir(), `rt-dev-server-${process.pid}.json`);

export async function setup(project: TestProject): Promise<void> {
  // An empty data directory: the one first start per run (creating and migrating the embedded database).
  server = await startServer({}, { freshData: true });
  project.provide('baseUrl', server.url);
  project.provide('devServerState', devServerState);
}

export async function teardown(): Promise<void> {
  stopSharedDevServer(devServerState);
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
