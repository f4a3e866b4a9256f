// A site e-mail's three parts from its content: subject, plain text (always) and HTML.
import { createElement } from 'react';
import { render } from '@react-email/render';
import type { MailContent } from './content.ts';
import { MailLayout } from './layout.ts';
import { plainText } from './plain-text.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export async function renderMail(content: MailContent): Promise<RenderedMail> {
  const html = await render(createElement(MailLayout, { content }));
  return { subject: content.subject, text: plainText(content), html };
}
