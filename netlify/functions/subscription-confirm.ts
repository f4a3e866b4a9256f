// /api/subscriptions/confirm?token=: the page behind a confirmation e-mail's link (server/subscriptions/routes.ts).
import type { Config } from '@netlify/functions';
import { confirmHandler } from '../../server/subscriptions/routes.ts';

export default confirmHandler;

export const config: Config = { path: '/api/subscriptions/confirm' };
