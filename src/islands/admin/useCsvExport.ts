// "Export CSV" for a list: the server builds the file for the current search, the browser saves it.
import { useState } from 'react';
import { ADMIN_NOTICES } from '../../shared/messages/index.ts';
import { CSV_FILE_NAMES, type ListKind } from '../../shared/admin-api.ts';
import { notify } from '../toaster.tsx';
import { fetchCsv, isAuthError } from './api.ts';
import { saveFile } from './saveFile.ts';

export interface CsvExport {
  /** The list being exported; one export at a time. */
  exporting: ListKind | null;
  exportCsv: (kind: ListKind) => Promise<void>;
}

interface Options {
  /** The settled search text: the file holds what the list shows. */
  q: string;
  isEmpty: (kind: ListKind) => boolean;
  onDenied: (kinds: ListKind[]) => void;
}

export function useCsvExport({ q, isEmpty, onDenied }: Options): CsvExport {
  const [exporting, setExporting] = useState<ListKind | null>(null);

  async function exportCsv(kind: ListKind) {
    if (exporting) return;
    if (isEmpty(kind)) {
      notify(ADMIN_NOTICES.noData, 'error');
      return;
    }
    setExporting(kind);
    try {
      saveFile(await fetchCsv(kind, q), CSV_FILE_NAMES[kind]);
    } catch (err) {
      if (isAuthError(err)) onDenied([kind]);
      else notify(ADMIN_NOTICES.exportFailed, 'error');
    } finally {
      setExporting(null);
    }
  }

  return { exporting, exportCsv };
}
