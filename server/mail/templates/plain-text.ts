// The plain-text part of a site e-mail: every mail has one (docs/mail.md says why).
import type { MailContent } from './content.ts';
import { MAIL_BRAND } from './brand.ts';

const RULE = '-'.repeat(40);

export function plainText(content: MailContent): string {
  const lines: string[] = [MAIL_BRAND.name, '', content.heading, ''];
  for (const block of content.blocks) {
    if (block.type === 'paragraph') lines.push(block.text, '');
    else if (block.type === 'action') lines.push(`${block.label}:`, block.url, '');
    else if (block.type === 'image') continue;
    else lines.push(...block.text.split(/\r\n|\r|\n/).map((line) => `> ${line}`), '');
  }
  lines.push(RULE);
  if (content.footerNote) lines.push(content.footerNote);
  for (const link of content.footerLinks ?? []) lines.push(`${link.label}: ${link.url}`);
  lines.push(MAIL_BRAND.postalAddress);
  return `${lines.join('\n')}\n`;
}
