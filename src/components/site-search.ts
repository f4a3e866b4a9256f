// <site-search> (SearchDialog.astro): lists matches as the reader types. The dialog opens and
// closes without script; Pagefind's index, the heavy part, is loaded only on the first search.
import { SEARCH_TEXT, searchResultsStatus } from '../shared/messages/index.ts';
import { pagePath } from '../shared/page-path.ts';

interface PagefindResult {
  url: string;
  excerpt: string;
  meta: { title?: string };
}
interface PagefindSearch {
  results: { data: () => Promise<PagefindResult> }[];
}
interface Pagefind {
  init: () => Promise<void>;
  /** Resolves to null when a newer call superseded this one. */
  debouncedSearch: (query: string) => Promise<PagefindSearch | null>;
}

class SiteSearch extends HTMLElement {
  #pagefind: Promise<Pagefind> | undefined;

  connectedCallback(): void {
    const input = this.querySelector<HTMLInputElement>('input[type="search"]');
    const form = this.querySelector('form');
    const results = this.querySelector<HTMLElement>('#search-results');
    const dialog = this.closest('dialog');
    if (!input || !form || !results) return;
    const links = () => [...results.querySelectorAll('a')];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      links()[0]?.focus();
    });
    input.addEventListener('input', () => void this.search(input.value));
    // Keys typed while this script was loading are already in the field.
    if (input.value) void this.search(input.value);
    dialog?.addEventListener('close', () => {
      input.value = '';
      void this.search('');
    });
    input.addEventListener('keydown', (event) => {
      // One Escape closes the dialog (a search field would otherwise spend it on clearing itself).
      if (event.key === 'Escape' && dialog?.open) {
        event.preventDefault();
        dialog.close();
      } else if (event.key === 'ArrowDown') {
        event.preventDefault();
        links()[0]?.focus();
      }
    });
    results.addEventListener('keydown', (event) => {
      const all = links();
      const i = all.indexOf(document.activeElement as HTMLAnchorElement);
      if (event.key === 'ArrowDown' && i < all.length - 1) all[i + 1]?.focus();
      else if (event.key === 'ArrowUp') (i > 0 ? all[i - 1] : input)?.focus();
      else return;
      event.preventDefault();
    });
  }

  #load(): Promise<Pagefind> {
    // Pagefind's own module, written by the build next to its index: built at run time so the
    // bundler leaves it alone.
    const url = ['', 'pagefind', 'pagefind.js'].join('/');
    this.#pagefind ??= (import(/* @vite-ignore */ url) as Promise<Pagefind>).then(async (pagefind) => {
      await pagefind.init();
      return pagefind;
    });
    return this.#pagefind;
  }

  async search(query: string): Promise<void> {
    const status = this.querySelector('#search-status');
    const list = this.querySelector('#search-results');
    if (!status || !list) return;
    const q = query.trim();
    if (!q) {
      list.replaceChildren();
      status.textContent = SEARCH_TEXT.idle;
      return;
    }
    let found: PagefindSearch | null;
    try {
      found = await (await this.#load()).debouncedSearch(q);
    } catch {
      status.textContent = SEARCH_TEXT.unavailable;
      return;
    }
    if (found === null) return; // superseded by a newer keystroke
    const items = await Promise.all(found.results.slice(0, 8).map((r) => r.data()));
    list.replaceChildren(
      ...items.map((item) => {
        const li = document.createElement('li');
        const a = document.createElement('a');
        a.href = pagePath(item.url);
        const title = document.createElement('strong');
        title.textContent = item.meta.title ?? item.url;
        const excerpt = document.createElement('span');
        // Pagefind's excerpt is escaped text with <mark> highlights only.
        excerpt.innerHTML = item.excerpt;
        a.append(title, excerpt);
        li.append(a);
        return li;
      }),
    );
    status.textContent = searchResultsStatus(found.results.length, q);
  }
}

if (!customElements.get('site-search')) customElements.define('site-search', SiteSearch);
