// A plain numbers table of the Readership view, scrolling sideways on a narrow screen. Every cell
// is React text: a forged path, referrer or campaign is shown as the text it is, never as HTML.
import admin from '../admin.module.css';
import { toCsv } from './csv.ts';
import { saveFile } from '../saveFile.ts';
import { READERSHIP_LABELS as L } from '../../../shared/messages/readership.ts';
import styles from './readership.module.css';

export type Cell = string | number;

interface Props {
  title: string;
  head: readonly string[];
  rows: readonly (readonly Cell[])[];
  /** Offers the table as a CSV file of this name. */
  csvName?: string;
  name: string;
}

export function Table({ title, head, rows, csvName, name }: Props) {
  return (
    <section className={styles.section} data-table={name}>
      <div className={styles.toolbar}>
        <h3>{title}</h3>
        {csvName && rows.length > 0 && (
          <button
            type="button"
            className={`button button--ghost ${admin.small}`}
            onClick={() => saveFile(new Blob([toCsv([head, ...rows])], { type: 'text/csv' }), csvName)}
          >
            {L.exportCsv}
          </button>
        )}
      </div>
      {rows.length === 0 ? (
        <p className={styles.note}>{L.none}</p>
      ) : (
        <div className={`${admin.focusRing} ${styles.scroll}`} role="region" aria-label={title} tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) =>
                    j === 0 ? (
                      <th key={j} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={j}>{typeof cell === 'number' ? cell.toLocaleString('en-US') : cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
