import type { Notice } from './messages/index.ts';

/**
 * The notice in an error answer of our API, `{"error": {"title": …, "text": …}}` (server/http.ts
 * writes it), or undefined when the body is anything else (an HTML error page, nothing at all).
 */
export function noticeOf(body: unknown): Notice | undefined {
  const error = (body as { error?: { title?: unknown; text?: unknown } } | null | undefined)?.error;
  return typeof error?.title === 'string' && typeof error.text === 'string'
    ? { title: error.title, text: error.text }
    : undefined;
}
