// Progressive enhancements, loaded on the reader's first interaction (see BaseLayout).
// Each is a small custom element so it upgrades whatever markup is already on the page.

/** A short message in a live region, for actions outside the React islands (share, copy). */
function announce(text: string): void {
  let region = document.getElementById('page-notice');
  if (!region) {
    region = document.createElement('div');
    region.id = 'page-notice';
    region.className = 'page-notice';
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    document.body.append(region);
  }
  region.textContent = text;
  region.classList.add('is-visible');
  window.clearTimeout(Number(region.dataset.timer));
  region.dataset.timer = String(window.setTimeout(() => region.classList.remove('is-visible'), 3500));
}

/** Mobile menu: keeps aria-expanded in step with the popover and closes it when a link is chosen. */
class SiteMenu extends HTMLElement {
  connectedCallback(): void {
    const button = this.querySelector<HTMLButtonElement>('[popovertarget]');
    const nav = this.querySelector<HTMLElement>('[popover]');
    if (!button || !nav) return;
    const sync = () => button.setAttribute('aria-expanded', String(nav.matches(':popover-open')));
    nav.addEventListener('toggle', sync);
    sync();
    nav.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a') && nav.matches(':popover-open')) nav.hidePopover();
    });
  }
}

interface PagefindResult {
  url: string;
  excerpt: string;
  meta: { title?: string };
}
interface Pagefind {
  debouncedSearch: (q: string) => Promise<{ results: { data: () => Promise<PagefindResult> }[] } | null>;
  init: () => Promise<void>;
}

/** Search dialog: loads Pagefind's index on first use and lists matches as the reader types. */
class SiteSearch extends HTMLElement {
  #pagefind: Promise<Pagefind> | undefined;

  connectedCallback(): void {
    const input = this.querySelector<HTMLInputElement>('input[type="search"]');
    const form = this.querySelector('form');
    const dialog = this.closest('dialog');
    if (!input || !form) return;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      (this.querySelector('#search-results a') as HTMLElement | null)?.focus();
    });
    input.addEventListener('input', () => void this.search(input.value));
    // Keys typed while this script was loading are already in the field.
    if (input.value) void this.search(input.value);
    dialog?.addEventListener('close', () => {
      input.value = '';
      void this.search('');
    });
    input.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        (this.querySelector('#search-results a') as HTMLElement | null)?.focus();
      }
    });
    this.querySelector('#search-results')?.addEventListener('keydown', (event) => {
      const e = event as KeyboardEvent;
      const links = [...this.querySelectorAll<HTMLAnchorElement>('#search-results a')];
      const i = links.indexOf(document.activeElement as HTMLAnchorElement);
      if (e.key === 'ArrowDown' && i < links.length - 1) links[i + 1]?.focus();
      else if (e.key === 'ArrowUp') (i > 0 ? links[i - 1] : input)?.focus();
      else return;
      e.preventDefault();
    });
  }

  #load(): Promise<Pagefind> {
    // The path is built at run time so the bundler leaves Pagefind's own module alone.
    const url = ['', 'pagefind', 'pagefind.js'].join('/');
    this.#pagefind ??= (import(/* @vite-ignore */ url) as Promise<Pagefind>).then(async (pf) => {
      await pf.init();
      return pf;
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
      status.textContent = 'Type to search every article and story.';
      return;
    }
    let found;
    try {
      found = await (await this.#load()).debouncedSearch(q);
    } catch {
      status.textContent = 'Search is not available right now. Browse all articles instead.';
      return;
    }
    if (found === null) return; // superseded by a newer keystroke
    const items = await Promise.all(found.results.slice(0, 8).map((r) => r.data()));
    list.replaceChildren(
      ...items.map((item) => {
        const li = document.createElement('li');
        const a = document.createElement('a');
        a.href = item.url.replace(/\.html$/, '');
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
    const n = found.results.length;
    status.textContent = n === 0 ? `No results for “${q}”.` : `${n} result${n === 1 ? '' : 's'} for “${q}”.`;
  }
}

/** Share: the Web Share API where the browser has it, otherwise copy the link and say so. */
class ShareButton extends HTMLElement {
  connectedCallback(): void {
    this.querySelector('button')?.addEventListener('click', () => void this.share());
  }

  async share(): Promise<void> {
    const url = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? location.href;
    const title = document.querySelector('h1')?.textContent?.trim() ?? document.title;
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        if ((err as DOMException).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      announce('Link copied to your clipboard.');
    } catch {
      announce(`Copy this link: ${url}`);
    }
  }
}

/** Back: browser history when the reader came from this site, else the fallback link. */
class BackLink extends HTMLElement {
  connectedCallback(): void {
    this.querySelector('a')?.addEventListener('click', (event) => {
      let sameSite = false;
      try {
        sameSite = document.referrer !== '' && new URL(document.referrer).origin === location.origin;
      } catch {
        sameSite = false;
      }
      if (history.length > 1 && sameSite) {
        event.preventDefault();
        history.back();
      }
    });
  }
}

/** The header's newsletter button: scroll to the footer form and put the cursor in it. */
document.addEventListener('click', (event) => {
  const link = (event.target as Element).closest?.('[data-newsletter-link]');
  if (!link) return;
  const section = document.getElementById('newsletter');
  if (!section) return;
  event.preventDefault();
  section.scrollIntoView({ behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  const field = section.querySelector<HTMLElement>('input[type="email"]') ?? section;
  field.focus({ preventScroll: true });
  history.replaceState(null, '', '#newsletter');
});

for (const [name, ctor] of [
  ['site-menu', SiteMenu],
  ['site-search', SiteSearch],
  ['share-button', ShareButton],
  ['back-link', BackLink],
] as const) {
  if (!customElements.get(name)) customElements.define(name, ctor);
}
