import { subscriptionSuite } from './subscription-suite.ts';
import { subscriptionServerOnPostgres } from './subscription-targets.ts';

subscriptionSuite('subscriptions: npm start on PostgreSQL, real SMTP', subscriptionServerOnPostgres);
