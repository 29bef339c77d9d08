import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port.js';

const ephemeral = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return undefined;
  }
})();

describe('freePort', () => {
  it('hands out a port a server can listen on at once', async () => {
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
  });

  it.runIf(ephemeral !== undefined && ephemeral > 11_000)('draws below the ephemeral range, where outgoing connections never take the port first', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) expect(port).toBeLessThan(ephemeral!);
    expect(new Set(ports).size).toBeGreaterThan(1);
  });
});
