// <site-menu> (Header.astro): the small-screen menu. The popover opens and closes without script;
// this keeps aria-expanded in step with it and closes it when a link is chosen.

class SiteMenu extends HTMLElement {
  connectedCallback(): void {
    const button = this.querySelector<HTMLButtonElement>('[popovertarget]');
    const nav = this.querySelector<HTMLElement>('[popover]');
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

if (!customElements.get('site-menu')) customElements.define('site-menu', SiteMenu);
