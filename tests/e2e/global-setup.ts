// One production server for the whole browser suite, on its own port and data directory.
import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  // An empty data directory: the one first start per run (creating and migrating the embedded database).
  server = await startServer({}, { freshData: true });
  project.provide('baseUrl', server.url);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
