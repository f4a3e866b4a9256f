// <share-button> (ShareButton.astro): the Web Share API where the browser has it, otherwise copy
// the page's canonical link and say so.
import { SHARE_TEXT } from '../shared/messages/index.ts';

/** A short message in a live region, for an action outside the React islands and their toasts. */
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
  const shown = region;
  shown.textContent = text;
  shown.classList.add('is-visible');
  window.clearTimeout(Number(shown.dataset.timer));
  shown.dataset.timer = String(window.setTimeout(() => shown.classList.remove('is-visible'), 3500));
}

class ShareButton extends HTMLElement {
  connectedCallback(): void {
    this.querySelector('button')?.addEventListener('click', () => void this.share());
  }

  async share(): Promise<void> {
    const url = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? location.href;
    const title = document.querySelector('h1')?.textContent?.trim() ?? document.title;
    // Not in every browser, whatever lib.dom.d.ts says.
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      announce(SHARE_TEXT.copied);
    } catch {
      announce(SHARE_TEXT.copyByHand(url));
    }
  }
}

if (!customElements.get('share-button')) customElements.define('share-button', ShareButton);
