/**
 * The brand's name and postal address: shown by the site (src/site.ts re-uses them) and in every
 * e-mail's footer (server/mail/templates/brand.ts), which bulk-mail rules (CAN-SPAM) require.
 */
export const BRAND_NAME = 'Rooted Threads';

export const POSTAL_ADDRESS = {
  street: '100 Fiber Mill Lane',
  city: 'Chattanooga',
  region: 'Tennessee',
  regionCode: 'TN',
  postalCode: '37402',
  country: 'USA',
  countryCode: 'US',
} as const;
