// @ts-check
// Progressive enhancements, loaded on the reader's first interaction (see BaseLayout.astro).
// Plain JavaScript (type-checked through JSDoc) served from a fixed path, so the tiny inline loader
// can import it without a bundler-generated file name.
// Each is a small custom element so it upgrades whatever markup is already on the page.

/** A short message in a live region, for actions outside the React islands (share, copy). */
/** @param {string} text */
function announce(text) {
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
  const shown = region;
  window.clearTimeout(Number(shown.dataset.timer));
  shown.dataset.timer = String(window.setTimeout(() => shown.classList.remove('is-visible'), 3500));
}

/** Mobile menu: keeps aria-expanded in step with the popover and closes it when a link is chosen. */
class SiteMenu extends HTMLElement {
  connectedCallback() {
    const button = /** @type {HTMLButtonElement | null} */ (this.querySelector('[popovertarget]'));
    const nav = /** @type {HTMLElement | null} */ (this.querySelector('[popover]'));
    if (!button || !nav) return;
    const sync = () => button.setAttribute('aria-expanded', String(nav.matches(':popover-open')));
    nav.addEventListener('toggle', sync);
    sync();
    nav.addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest('a') && nav.matches(':popover-open'))
        nav.hidePopover();
    });
  }
}

/**
 * @typedef {{ url: string, excerpt: string, meta: { title?: string } }} PagefindResult
 * @typedef {{ results: { data: () => Promise<PagefindResult> }[] }} PagefindSearch
 * @typedef {{ debouncedSearch: (q: string) => Promise<PagefindSearch | null>, init: () => Promise<void> }} Pagefind
 */

/** Search dialog: loads Pagefind's index on first use and lists matches as the reader types. */
class SiteSearch extends HTMLElement {
  /** @type {Promise<Pagefind> | undefined} */
  #pagefind;

  connectedCallback() {
    const input = /** @type {HTMLInputElement | null} */ (this.querySelector('input[type="search"]'));
    const form = this.querySelector('form');
    const dialog = this.closest('dialog');
    if (!input || !form) return;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      /** @type {HTMLElement | null} */ (this.querySelector('#search-results a'))?.focus();
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
        /** @type {HTMLElement | null} */ (this.querySelector('#search-results a'))?.focus();
      }
    });
    this.querySelector('#search-results')?.addEventListener('keydown', (event) => {
      const e = /** @type {KeyboardEvent} */ (event);
      const links = /** @type {HTMLElement[]} */ ([...this.querySelectorAll('#search-results a')]);
      const i = links.indexOf(/** @type {HTMLElement} */ (document.activeElement));
      if (e.key === 'ArrowDown' && i < links.length - 1) links[i + 1]?.focus();
      else if (e.key === 'ArrowUp') (i > 0 ? links[i - 1] : input)?.focus();
      else return;
      e.preventDefault();
    });
  }

  /** @returns {Promise<Pagefind>} */
  #load() {
    // The path is built at run time so the bundler leaves Pagefind's own module alone.
    const url = ['', 'pagefind', 'pagefind.js'].join('/');
    this.#pagefind ??= /** @type {Promise<Pagefind>} */ (import(url)).then(async (pf) => {
      await pf.init();
      return pf;
    });
    return this.#pagefind;
  }

  /** @param {string} query */
  async search(query) {
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
  connectedCallback() {
    this.querySelector('button')?.addEventListener('click', () => void this.share());
  }

  async share() {
    const canonical = /** @type {HTMLLinkElement | null} */ (document.querySelector('link[rel="canonical"]'));
    const url = canonical?.href ?? location.href;
    const title = document.querySelector('h1')?.textContent?.trim() ?? document.title;
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return;
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
  connectedCallback() {
    this.querySelector('a')?.addEventListener('click', (event) => {
      let sameSite;
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
  const link = event.target instanceof Element ? event.target.closest('[data-newsletter-link]') : null;
  if (!link) return;
  const section = document.getElementById('newsletter');
  if (!section) return;
  event.preventDefault();
  section.scrollIntoView({ behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  const field = /** @type {HTMLElement} */ (section.querySelector('input[type="email"]') ?? section);
  field.focus({ preventScroll: true });
  history.replaceState(null, '', '#newsletter');
});

for (const [name, ctor] of /** @type {[string, CustomElementConstructor][]} */ ([
  ['site-menu', SiteMenu],
  ['site-search', SiteSearch],
  ['share-button', ShareButton],
  ['back-link', BackLink],
])) {
  if (!customElements.get(name)) customElements.define(name, ctor);
}
