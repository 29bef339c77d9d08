// Violates: domain code calls an external service SDK.
import Stripe from 'stripe';
export const x = Stripe;
