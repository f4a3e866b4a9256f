// What the site's components do beyond their HTML, each module next to its component. Loaded on the
// reader's first interaction by BaseLayout's trigger (docs/decisions.md, "No JavaScript until it is needed").
import './site-menu.ts';
import './newsletter-link.ts';
import './site-search.ts';
import './share-button.ts';
import './back-link.ts';
import './theme-toggle.ts';
