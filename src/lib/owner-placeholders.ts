import { SITE, type SocialLink } from '../site';

/** The owner's details the check reads (SITE's shape, any values). */
export interface OwnerDetails {
  contact: { email: string; phoneHref: string; street: string };
  social: readonly SocialLink[];
}

/** Domains reserved for examples and tests (RFC 2606, RFC 6761): never a real inbox. */
const RESERVED_DOMAIN = /(^|\.)(example|test|invalid|localhost)$|^example\.(com|net|org)$/i;

/** The sample street this repository ships (src/shared/brand.ts): not the owner's address. */
const SAMPLE_STREET = '100 Fiber Mill Lane';

/**
 * The owner's details in `site` that are still placeholders, each as a sentence naming the field:
 * an e-mail address at a reserved domain, a North American number in the 555 exchange (reserved
 * for fiction), the sample street, a social link to a platform's home page instead of a profile.
 * Empty when every detail is the owner's own.
 */
export function ownerPlaceholders(site: OwnerDetails = SITE): string[] {
  const found: string[] = [];
  const { email, phoneHref, street } = site.contact;
  const domain = email.split('@').pop() ?? '';
  if (RESERVED_DOMAIN.test(domain))
    found.push(`SITE.contact.email is ${email}, an address at a reserved domain (${domain}) that no one reads`);
  const digits = phoneHref.replace(/\D/g, '');
  if (/^1?\d{3}555\d{4}$/.test(digits))
    found.push(`SITE.contact.phone is ${phoneHref.replace('tel:', '')}, a 555 number (reserved for fiction)`);
  if (street === SAMPLE_STREET) found.push(`SITE.contact.street is the sample address "${street}"`);
  for (const s of site.social) {
    if (s.href && new URL(s.href).pathname.replace(/\/+$/, '') === '')
      found.push(`SITE.social ${s.name} links to ${s.href}, the platform's home page, not a profile`);
  }
  return found;
}
