// The header's Newsletter link (Header.astro): without script it jumps to the footer section; this
// scrolls there and puts the cursor in the footer's e-mail field.

document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('[data-newsletter-link]') : null;
  const section = link && document.getElementById('newsletter');
  if (!section) return;
  event.preventDefault();
  // Instant, not smooth: while a smooth scroll runs the browser cannot hold the target in place as
  // the chapters it passes are laid out at their real height (content-visibility in global.css).
  section.scrollIntoView();
  (section.querySelector<HTMLElement>('input[type="email"]') ?? section).focus({ preventScroll: true });
  history.replaceState(null, '', '#newsletter');
});
