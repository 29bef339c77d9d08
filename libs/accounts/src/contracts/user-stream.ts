/** The stream of one person who signs in: registration, their details from the provider, sign-ins and sign-outs. */
export const userStreamId = (userId: string): string => `user-${userId}`;
