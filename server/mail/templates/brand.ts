// The brand facts every e-mail shows, from the one site configuration (src/site.ts).
import { SITE } from '../../../src/site.ts';

export const MAIL_BRAND = {
  name: SITE.name,
  tagline: SITE.tagline,
  /** The postal address bulk-mail rules ask for (CAN-SPAM), on one line. */
  postalAddress: `${SITE.name}, ${SITE.contact.street}, ${SITE.contact.city}, ${SITE.contact.regionCode} ${SITE.contact.postalCode}, ${SITE.contact.country}`,
} as const;
