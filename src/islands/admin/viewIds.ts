// The element ids that tie each view's tab and panel together (aria-controls, aria-labelledby).

export function tabId(base: string, view: string): string {
  return `${base}-tab-${view}`;
}

export function panelId(base: string, view: string): string {
  return `${base}-panel-${view}`;
}
