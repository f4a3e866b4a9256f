// /api/subscriptions/preferences?token=: the preferences page, and the RFC 8058 one-click
// unsubscribe URL of every e-mail to a subscriber (server/subscriptions/routes.ts).
import type { Config } from '@netlify/functions';
import { preferencesHandler } from '../../server/subscriptions/routes.ts';

export default preferencesHandler;

export const config: Config = { path: '/api/subscriptions/preferences' };
