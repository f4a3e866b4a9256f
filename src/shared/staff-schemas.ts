// The staff API's request bodies (src/shared/staff-api.ts), checked by the server. Apart from the
// contract so that the dashboard's staff chunks do not carry zod for it.
import { z } from 'zod';
import { STAFF_ROLES } from './staff-api.ts';

export const staffEmail = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((s) => s.toLowerCase());
export const inviteSchema = z.object({ email: staffEmail, role: z.enum(STAFF_ROLES) });
export const roleSchema = z.object({ role: z.enum(STAFF_ROLES) });
export const codeRequestSchema = z.object({ email: staffEmail });
export const codeSignInSchema = z.object({ email: staffEmail, code: z.string().regex(/^\d{6}$/) });
export const tokenSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
