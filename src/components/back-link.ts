// <back-link> (BackControl.astro): browser history when the reader came from this site, else the
// link's own /articles.

function cameFromThisSite(): boolean {
  try {
    return document.referrer !== '' && new URL(document.referrer).origin === location.origin;
  } catch {
    return false;
  }
}

class BackLink extends HTMLElement {
  connectedCallback(): void {
    this.querySelector('a')?.addEventListener('click', (event) => {
      if (history.length > 1 && cameFromThisSite()) {
        event.preventDefault();
        history.back();
      }
    });
  }
}

if (!customElements.get('back-link')) customElements.define('back-link', BackLink);
