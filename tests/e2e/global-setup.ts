// One production server for the whole browser suite, on its own port and data directory.
import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  server = await startServer();
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
