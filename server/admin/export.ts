// CSV export of a list (honouring the search), streamed: rows are read in keyset batches as the
// client takes them, so memory stays flat whatever the table's size. The first batch is read before
// answering, so a database failure is a proper 5xx rather than a cut-off file.
import type { Queryable } from '../db/client.ts';
import { CSV_BOM, CSV_CONTENT_TYPE, csvRow } from '../csv.ts';
import { SECURITY_HEADERS } from '../http.ts';
import { CSV_FILE_NAMES, type ListKind } from '../../src/shared/admin-api.ts';
import { LISTS, readBatch, type ListQuery } from './lists.ts';

export const EXPORT_BATCH = 2000;

/** The header row: the table's own column names, as the spec's export used. */
export function exportColumns(kind: ListKind): string[] {
  return ['id', ...LISTS[kind].columns, 'submitted_at'];
}

export async function exportCsv(
  db: Queryable,
  kind: ListKind,
  q: string | undefined,
  status?: ListQuery['status'],
): Promise<Response> {
  const columns = exportColumns(kind);
  const encoder = new TextEncoder();
  const encode = (rows: readonly object[]) =>
    encoder.encode(rows.map((row) => csvRow(columns.map((c) => (row as Record<string, string | null>)[c]))).join(''));

  let batch = await readBatch(db, kind, { q, status, limit: EXPORT_BATCH });
  let first = true;
  let cancelled = false;

  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (first) {
            first = false;
            controller.enqueue(encoder.encode(CSV_BOM + csvRow(columns)));
            if (batch.rows.length) controller.enqueue(encode(batch.rows));
          } else {
            batch = await readBatch(db, kind, { q, status, limit: EXPORT_BATCH, cursor: batch.next });
            if (cancelled) return;
            if (batch.rows.length) controller.enqueue(encode(batch.rows));
          }
          if (!batch.next) controller.close();
        } catch (err) {
          console.error(`admin: ${kind} export failed mid-stream:`, err instanceof Error ? err.message : err);
          controller.error(err);
        }
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );

  return new Response(body, {
    status: 200,
    headers: {
      ...SECURITY_HEADERS,
      'Content-Type': CSV_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="${CSV_FILE_NAMES[kind]}"`,
    },
  });
}
