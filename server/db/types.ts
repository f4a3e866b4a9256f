// The one database interface every function and domain module uses, whatever the backend:
// PGlite in-process (local default), `pg` (any Postgres URL) or Neon over HTTP (production).
// Errors are the drivers' own: Postgres errors keep their SQLSTATE in `code` (e.g. 23505).

export interface QueryResult<T> {
  rows: T[];
}

export interface Queryable {
  /** One statement with $1, $2… parameters. */
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
}

export interface Transaction extends Queryable {
  /** Several statements without parameters, e.g. a migration file. */
  exec(script: string): Promise<void>;
}

export type DbKind = 'pglite' | 'pg' | 'neon';

export interface Db extends Queryable {
  readonly kind: DbKind;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** No database is configured or open (answered 503, never 500). */
export class DbUnavailableError extends Error {
  override name = 'DbUnavailableError';
}

/** The SQLSTATE (or Node network code) of a driver error, if it has one. */
export function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Errors that mean "the database cannot be reached right now" rather than "this request is wrong":
 * connection failures (class 08), shutdown (57P0x), too many connections, and network errors.
 */
export function isUnavailable(err: unknown): boolean {
  if (err instanceof DbUnavailableError) return true;
  const code = errorCode(err);
  if (!code) return false;
  return (
    code.startsWith('08') ||
    [
      '57P01',
      '57P02',
      '57P03',
      '53300',
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'ENOTFOUND',
      'EAI_AGAIN',
      'EPIPE',
    ].includes(code)
  );
}
