import { isIP, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * Whom Fastify believes about the client's address (`request.ip` from X-Forwarded-For): `true` (every hop:
 * the left-most address, which a client can forge), `false`, a hop count, or the proxies' addresses/CIDRs.
 * Unset keeps the earlier behaviour: true in prod. CF-Connecting-IP is never used for rate limits.
 */
export type TrustProxy = boolean | number | string[];

/** What proxy-addr (Fastify's trustProxy) takes: an address, a CIDR or netmask, or one of its named ranges. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.includes(entry) || isIP(entry) !== 0) return true;
  const [address = '', range = ''] = entry.split('/');
  if (isIP(address) === 0) return false;
  const bits = isIPv6(address) ? 128 : 32;
  return /^\d{1,3}$/.test(range) ? Number(range) <= bits : isIP(range) === 4;
}

export const trustProxySetting = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy | null => {
    const text = raw?.trim() ?? '';
    if (text === '') return null;
    if (text === 'true' || text === 'false') return text === 'true';
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((s) => s.trim()).filter(Boolean);
    for (const entry of entries.filter((e) => !isProxyAddress(e))) {
      ctx.addIssue({ code: 'custom', message: `"${entry}" is not true, false, a hop count, an address, a CIDR range or loopback/linklocal/uniquelocal` });
    }
    return entries;
  });

/**
 * The key a client is rate limited by: its IPv4 address, or the /64 of an IPv6 address, since one subscriber
 * usually holds a whole /64 and could otherwise take a fresh address for every call.
 */
export function rateLimitKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (!isIPv6(ip)) return ip;
  const address = ip.split('%')[0] as string;
  const [head = '', tail] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  // an IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) stands for two groups
  const tailLength = tailGroups.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0);
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailLength).fill('0');
  const groups = [...headGroups, ...zeros, ...tailGroups].slice(0, 4);
  return `${groups.map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}

/** The visitor's address as a human-verification service wants it: Cloudflare's header when present. */
export function verificationRemoteIp(request: FastifyRequest): string {
  const header = request.headers['cf-connecting-ip'];
  const fromCloudflare = (Array.isArray(header) ? header[0] : header)?.trim();
  return fromCloudflare || request.ip;
}
