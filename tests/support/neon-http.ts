// A local stand-in for Neon's HTTP SQL endpoint, in front of a real PostgreSQL database, so the
// production driver path (`@neondatabase/serverless` neon() → server/db/postgres.ts neonDb) runs
// for real in tests. It speaks the driver's wire format: POST {query, params} with raw-text,
// array-mode rows back, and Postgres errors as 400 {message, code, …}. Batches ({queries}) run in
// one transaction, as Neon's do.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { neonConfig } from '@neondatabase/serverless';

interface NeonQuery {
  query: string;
  params: unknown[];
}

const rawText = { getTypeParser: () => (value: string) => value };
const ERROR_FIELDS = [
  'code',
  'detail',
  'hint',
  'position',
  'schema',
  'table',
  'column',
  'constraint',
  'severity',
] as const;

async function readJson(req: IncomingMessage): Promise<{ query?: string; params?: unknown[]; queries?: NeonQuery[] }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
    query?: string;
    params?: unknown[];
    queries?: NeonQuery[];
  };
}

async function run(client: pg.Pool | pg.PoolClient, q: NeonQuery) {
  const r = await client.query({ text: q.query, values: q.params, rowMode: 'array', types: rawText });
  return {
    command: r.command,
    rowCount: r.rowCount,
    fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    rows: r.rows,
  };
}

/** Serves Neon's HTTP protocol for `databaseUrl` and points the driver's fetchEndpoint at it. */
export async function startNeonHttp(databaseUrl: string): Promise<{ close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readJson(req);
      try {
        let answer: unknown;
        if (body.queries) {
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            const results = [];
            for (const q of body.queries) results.push(await run(client, q));
            await client.query('COMMIT');
            answer = { results };
          } catch (err) {
            await client.query('ROLLBACK');
            throw err;
          } finally {
            client.release();
          }
        } else {
          answer = await run(pool, { query: body.query ?? '', params: body.params ?? [] });
        }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
      } catch (err) {
        const e = err as Record<string, unknown> & Error;
        const fields = Object.fromEntries(ERROR_FIELDS.map((k) => [k, e[k]]));
        res
          .writeHead(400, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ message: e.message, ...fields }));
      }
    })();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  neonConfig.fetchEndpoint = `http://127.0.0.1:${port}/sql`;
  return {
    close: async () => {
      await new Promise((ok) => server.close(ok));
      await pool.end();
    },
  };
}

/** A Neon-looking URL (what selects the Neon driver); the stand-in ignores where it points. */
export const NEON_LIKE_URL =
  'postgresql://reader:secret@ep-quiet-tree-123456-pooler.us-east-2.aws.neon.tech/neondb?sslmode=require';
