// <site-menu> (Header.astro): the small-screen menu. The popover opens and closes without script,
// and the browser exposes its state on the button (a `popovertarget` button is "expanded" while its
// popover is open; an `aria-expanded` beside it is a conformance error). This closes the menu when
// a link in it is chosen.

class SiteMenu extends HTMLElement {
  connectedCallback(): void {
    const nav = this.querySelector<HTMLElement>('[popover]');
    if (!nav) return;
    nav.addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest('a') && nav.matches(':popover-open'))
        nav.hidePopover();
    });
  }
}

if (!customElements.get('site-menu')) customElements.define('site-menu', SiteMenu);
