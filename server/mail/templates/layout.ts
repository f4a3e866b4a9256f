// The shared layout of every HTML e-mail, in React Email components. Written with createElement,
// not JSX: `npm start` runs TypeScript by type stripping, which does not transform JSX
// (docs/mail.md, "Templates"). React escapes every text it is given, so reader text cannot become markup.
import { createElement as h, type ReactElement } from 'react';
import { Html } from '@react-email/html';
import { Head } from '@react-email/head';
import { Preview } from '@react-email/preview';
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Section } from '@react-email/section';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Hr } from '@react-email/hr';
import type { MailBlock, MailContent } from './content.ts';
import { MAIL_BRAND } from './brand.ts';

// Inline styles (mail clients ignore style sheets): the site's palette, system fonts only.
const INK = '#1f2a1f';
const MUTED = '#5b6356';
const ACCENT = '#2f5d3a';
const style = {
  body: { backgroundColor: '#f6f3ec', margin: 0, padding: '24px 0', fontFamily: 'Georgia, "Times New Roman", serif' },
  container: { backgroundColor: '#ffffff', maxWidth: '560px', padding: '32px 28px', borderRadius: '6px' },
  brand: { color: ACCENT, fontSize: '14px', letterSpacing: '0.08em', textTransform: 'uppercase', margin: '0 0 16px' },
  heading: { color: INK, fontSize: '24px', lineHeight: '1.3', margin: '0 0 16px', fontWeight: 'normal' },
  text: {
    color: INK,
    fontSize: '16px',
    lineHeight: '1.6',
    margin: '0 0 16px',
    fontFamily: 'Arial, Helvetica, sans-serif',
  },
  quote: {
    color: INK,
    fontSize: '15px',
    lineHeight: '1.6',
    margin: '0 0 16px',
    padding: '0 0 0 12px',
    borderLeft: `3px solid ${ACCENT}`,
    whiteSpace: 'pre-wrap',
    fontFamily: 'Arial, Helvetica, sans-serif',
  },
  button: {
    backgroundColor: ACCENT,
    color: '#ffffff',
    padding: '12px 20px',
    borderRadius: '4px',
    fontSize: '16px',
    fontFamily: 'Arial, Helvetica, sans-serif',
  },
  hr: { borderColor: '#e4e0d6', margin: '24px 0 16px' },
  footer: {
    color: MUTED,
    fontSize: '14px',
    lineHeight: '1.5',
    margin: '0 0 8px',
    fontFamily: 'Arial, Helvetica, sans-serif',
  },
  footerLink: { color: MUTED, textDecoration: 'underline' },
} as const;

function block(item: MailBlock, key: number): ReactElement {
  if (item.type === 'paragraph') return h(Text, { key, style: style.text }, item.text);
  if (item.type === 'quote') return h(Text, { key, style: style.quote }, item.text);
  if (item.type === 'image') {
    // Full width of the column at any screen size; with images off the alt text stands in its place.
    return h('img', {
      key,
      src: item.src,
      alt: item.alt,
      width: 504,
      height: Math.round((504 * item.height) / item.width),
      style: {
        display: 'block',
        width: '100%',
        maxWidth: '504px',
        height: 'auto',
        border: 0,
        borderRadius: '4px',
        margin: '0 0 20px',
        color: INK,
        fontSize: '14px',
        fontFamily: 'Arial, Helvetica, sans-serif',
      },
    });
  }
  return h(
    Section,
    { key, style: { margin: '8px 0 24px' } },
    h(Button, { href: item.url, style: style.button }, item.label),
  );
}

export function MailLayout({ content }: { content: MailContent }): ReactElement {
  const links = content.footerLinks ?? [];
  return h(
    Html,
    { lang: 'en', dir: 'ltr' },
    h(Head, null, h('meta', { name: 'color-scheme', content: 'light' })),
    content.preview ? h(Preview, null, content.preview) : null,
    h(
      Body,
      { style: style.body },
      h(
        Container,
        { style: style.container },
        h(Text, { style: style.brand }, MAIL_BRAND.name),
        h(Heading, { as: 'h1', style: style.heading }, content.heading),
        ...content.blocks.map(block),
        h(Hr, { style: style.hr }),
        content.footerNote ? h(Text, { style: style.footer }, content.footerNote) : null,
        links.length
          ? h(
              Text,
              { style: style.footer },
              ...links.flatMap((link, i) => [
                i > 0 ? ' · ' : null,
                h(Link, { key: link.url, href: link.url, style: style.footerLink }, link.label),
              ]),
            )
          : null,
        h(Text, { style: style.footer }, MAIL_BRAND.postalAddress),
      ),
    ),
  );
}
