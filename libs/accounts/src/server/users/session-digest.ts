import { createHash } from 'node:crypto';

/**
 * What the log and the read model keep of a session id: its SHA-256. The id is a bearer secret (whoever sends it
 * is the visitor), so it stays out of the log; 256 random bits cannot be recovered from their digest.
 */
export const sessionDigest = (sessionId: string): string => createHash('sha256').update(`session:${sessionId}`).digest('base64url');
