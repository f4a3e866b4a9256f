/** Saves a blob as a download named `name`, through a temporary link (no new tab, no navigation). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the URL after click() returns: revoke it only much later.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
