import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '@ticketing/testing/app';
import { freePort, startPaymentShop, type PaymentShop } from './pay-online.fixtures.js';

/**
 * The payment suites' app must know its port before it starts (PUBLIC_BASE_URL): a parallel test file that takes
 * the port in between used to fail the suite's `beforeAll` with EADDRINUSE. The shop starts again on another port.
 */
describe('a payment shop whose port is taken before it listens', () => {
  let taken: Server;
  let takenPort: number;
  let shop: PaymentShop | undefined;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    takenPort = (taken.address() as { port: number }).port;
  });

  afterAll(async () => {
    await shop?.app.close();
    await new Promise<void>((resolve) => taken.close(() => resolve()));
    await catcher?.close();
  });

  it('starts on the next free port, which its public base URL names', async () => {
    const picked: number[] = [];
    const pickPort = async () => {
      const port = picked.length === 0 ? takenPort : await freePort();
      picked.push(port);
      return port;
    };
    shop = await startPaymentShop(catcher.port, { pickPort });
    expect(picked).toHaveLength(2);
    expect(picked[0]).toBe(takenPort);
    expect(shop.port).toBe(picked[1]);
    expect(shop.base).toBe(`http://127.0.0.1:${picked[1]}`);
    const answer = await fetch(`${shop.base}/api/v2/public/i18n/languages`);
    expect(answer.status).toBe(200);
  });

  it('a port the caller chose stays an error when it is taken', async () => {
    await expect(startPaymentShop(catcher.port, { port: takenPort })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
