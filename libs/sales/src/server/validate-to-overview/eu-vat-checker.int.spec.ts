import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EuVatChecker } from './eu-vat-checker.js';

/**
 * A stand-in for VIES's `check-vat-number` on 127.0.0.1: registered numbers are listed below; a few magic
 * numbers make it fail the ways the real one does.
 */
const REGISTERED = new Set(['DE123456789', 'EL094014201', 'IT00743110157']);
const received: unknown[] = [];

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function viesStandIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let text = '';
  for await (const chunk of req) text += chunk;
  const query = JSON.parse(text) as { countryCode: string; vatNumber: string };
  received.push({ method: req.method, path: req.url, ...query });
  switch (query.vatNumber) {
    case '500500500':
      return answer(res, 500, { actionSucceed: false, errorWrappers: [{ error: 'SERVICE_UNAVAILABLE' }] });
    case '999999999':
      setTimeout(() => answer(res, 200, { valid: true }), 1000);
      return;
    case '111111111':
      return answer(res, 200, { valid: false, userError: 'MS_UNAVAILABLE' });
    case 'BAD':
      return answer(res, 400, { actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT' }] });
    default: {
      const valid = REGISTERED.has(query.countryCode + query.vatNumber);
      return answer(res, 200, { countryCode: query.countryCode, vatNumber: query.vatNumber, valid, name: valid ? 'ACME' : '---', address: '---' });
    }
  }
}

let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => void viesStandIn(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/check-vat-number`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
});

describe('EuVatChecker against a VIES stand-in', () => {
  it('answers VALID for a registered number, posting country and national part as JSON', async () => {
    await expect(new EuVatChecker({ url }).check('DE', '123456789')).resolves.toBe('VALID');
    expect(received).toEqual([{ method: 'POST', path: '/check-vat-number', countryCode: 'DE', vatNumber: '123456789' }]);
  });

  it('answers INVALID for an unknown number', async () => {
    await expect(new EuVatChecker({ url }).check('DE', '987654321')).resolves.toBe('INVALID');
  });

  it('strips blanks, dots and a repeated country prefix before asking', async () => {
    await expect(new EuVatChecker({ url }).check('it', 'IT 007.431.101.57')).resolves.toBe('VALID');
    expect(received).toMatchObject([{ countryCode: 'IT', vatNumber: '00743110157' }]);
  });

  it.each([
    ['GR', '094014201'],
    ['GR', 'EL094014201'],
    ['EL', 'GR 094014201'],
  ])('asks for Greece under EL (%s %s)', async (country, number) => {
    await expect(new EuVatChecker({ url }).check(country, number)).resolves.toBe('VALID');
    expect(received).toMatchObject([{ countryCode: 'EL', vatNumber: '094014201' }]);
  });

  it('answers UNAVAILABLE when VIES fails with a 500', async () => {
    await expect(new EuVatChecker({ url }).check('DE', '500500500')).resolves.toBe('UNAVAILABLE');
  });

  it("answers UNAVAILABLE when the member state's register is down", async () => {
    await expect(new EuVatChecker({ url }).check('DE', '111111111')).resolves.toBe('UNAVAILABLE');
  });

  it('answers INVALID when VIES calls the input malformed', async () => {
    await expect(new EuVatChecker({ url }).check('DE', 'bad')).resolves.toBe('INVALID');
  });

  it('answers UNAVAILABLE when VIES is slower than the timeout', async () => {
    const started = Date.now();
    await expect(new EuVatChecker({ url, timeoutMs: 200 }).check('DE', '999999999')).resolves.toBe('UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('answers UNAVAILABLE when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(new EuVatChecker({ url: `http://127.0.0.1:${port}/check-vat-number` }).check('DE', '123456789')).resolves.toBe('UNAVAILABLE');
  });

  it('answers INVALID without asking when there is no number', async () => {
    await expect(new EuVatChecker({ url }).check('DE', ' . ')).resolves.toBe('INVALID');
    expect(received).toEqual([]);
  });
});
