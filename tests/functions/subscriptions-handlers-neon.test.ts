import { subscriptionSuite } from './subscription-suite.ts';
import { subscriptionHandlersOnNeon } from './subscription-targets.ts';

subscriptionSuite("subscriptions: handlers on Neon's driver", subscriptionHandlersOnNeon);
