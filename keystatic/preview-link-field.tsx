// A visible "Preview" link at the top of an entry's fields. Keystatic's own Preview is one of six
// unlabelled icons beside Save (the square with an arrow); editors did not find it. This field
// stores nothing: it reads the entry's address from the editor's URL and links to its page.
import type { BasicFormField } from '@keystatic/core';

/** The entry being edited, from the editor's URL (…/collection/<collection>/item/<slug>). */
function entryFromLocation(collection: string): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const match = new RegExp(`/collection/${collection}/item/([^/?#]+)`).exec(window.location.pathname);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

export function previewLinkField(collection: 'articles' | 'stories'): BasicFormField<null> & { writesNothing: true } {
  function Input() {
    const slug = entryFromLocation(collection);
    return (
      <p style={{ margin: 0, fontSize: '0.9375rem' }}>
        {slug ? (
          <a href={`/${collection}/${slug}`} target="_blank" rel="noopener noreferrer" style={{ fontWeight: 600 }}>
            Preview: open this page in a new tab ↗
          </a>
        ) : (
          <strong>Preview: after the first save, a link to the page appears here.</strong>
        )}{' '}
        It shows the last saved version (save, then reload that tab); a draft is marked as one.
      </p>
    );
  }
  return {
    kind: 'form',
    label: 'Preview',
    writesNothing: true,
    Input,
    defaultValue: () => null,
    parse: () => null,
    validate: (value) => value,
    serialize: () => ({ value: undefined }),
    reader: { parse: () => null },
  };
}
