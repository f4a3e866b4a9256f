// The brand facts every e-mail shows, from the one place they are kept (src/shared/brand.ts).
import { BRAND_NAME, POSTAL_ADDRESS as A } from '../../../src/shared/brand.ts';

export const MAIL_BRAND = {
  name: BRAND_NAME,
  /** The postal address bulk-mail rules ask for (CAN-SPAM), on one line. */
  postalAddress: `${BRAND_NAME}, ${A.street}, ${A.city}, ${A.regionCode} ${A.postalCode}, ${A.country}`,
} as const;
