// <theme-toggle> (ThemeToggle.astro): switches between the light and dark themes and remembers the
// choice; the head script (src/lib/theme-script.ts) applies it before the next page's first paint.
import { THEME_STORAGE_KEY } from '../site.ts';

type Theme = 'light' | 'dark';

const systemTheme = (): Theme => (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');

function currentTheme(): Theme {
  const set = document.documentElement.dataset.theme;
  return set === 'light' || set === 'dark' ? set : systemTheme();
}

class ThemeToggle extends HTMLElement {
  connectedCallback(): void {
    const button = this.querySelector('button');
    if (!button) return;
    const show = () => button.setAttribute('aria-pressed', String(currentTheme() === 'dark'));
    show();
    button.addEventListener('click', () => {
      const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
      document.documentElement.dataset.theme = next;
      try {
        localStorage.setItem(THEME_STORAGE_KEY, next);
      } catch {
        // Storage refused (private mode, full): the choice holds for this page only.
      }
      show();
    });
    // Following the system (no stored choice): keep the pressed state true to what is shown.
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', show);
  }
}

if (!customElements.get('theme-toggle')) customElements.define('theme-toggle', ThemeToggle);
