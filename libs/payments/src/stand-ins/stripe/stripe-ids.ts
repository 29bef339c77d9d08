import { randomBytes } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An id shaped as Stripe's (`pi_3Kmn...`, `evt_...`): a prefix and 24 letters or digits, unguessable like a client secret must be. */
export const stripeId = (prefix: string): string => `${prefix}_${Array.from(randomBytes(24), (byte) => alphabet[byte % alphabet.length]).join('')}`;
