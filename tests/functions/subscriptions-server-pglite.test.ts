import { subscriptionSuite } from './subscription-suite.ts';
import { subscriptionServerOnPglite } from './subscription-targets.ts';

subscriptionSuite('subscriptions: npm start on PGlite, real SMTP', subscriptionServerOnPglite);
