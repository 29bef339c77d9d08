import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const LOWEST = 10_000;
const TRIES = 50;

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now, for a server started next (an API process, a database).
 * It is drawn below the kernel's ephemeral range: a port the kernel handed out (`listen(0)`) may be taken by any
 * outgoing connection before the server binds it (EADDRINUSE), and tests make thousands of those.
 */
export async function freePort(): Promise<number> {
  const below = ephemeralLow();
  for (let i = 0; below - LOWEST > 1_000 && i < TRIES; i++) {
    const port = LOWEST + Math.floor(Math.random() * (below - LOWEST));
    if (await bindable(port)) return port;
  }
  return kernelPort();
}

function ephemeralLow(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 0;
  } catch {
    return 0; // not Linux: the kernel's own choice
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function kernelPort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}
