import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSPKI, jwtVerify } from 'jose';
import { checkDetachedSignature, makeTestPassPki, readZip, type TestPassPki } from '@ticketing/documents/testing';
import { catalogEvent, eventDetails, localDaysFrom, organizer, ticketCategory } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

const now = new Date();

describe('wallet passes of a ticket (reference 60)', () => {
  let app: TestApp;
  let bare: TestApp;
  let headers: Record<string, string>;
  let pki: TestPassPki;
  let googlePublicKey: string;
  let ticket: string;
  let id: string;

  const call = async (target: TestApp, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) => {
    const response = await target.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, headers: response.headers, raw: response.rawPayload, json: () => response.json() };
  };

  beforeAll(async () => {
    pki = makeTestPassPki({ passTypeIdentifier: 'pass.test.storefront', teamIdentifier: 'TEAM42' });
    const google = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    googlePublicKey = google.publicKey;
    app = await startTestApp({
      RATE_LIMITS: 'off',
      RESERVATION_SWEEP_INTERVAL_MS: '0',
      APPLE_WALLET_PASS_TYPE_ID: pki.signing.passTypeIdentifier,
      APPLE_WALLET_TEAM_ID: pki.signing.teamIdentifier,
      APPLE_WALLET_CERTIFICATE: pki.signing.signerCertPem,
      APPLE_WALLET_KEY: pki.signing.signerKeyPem,
      APPLE_WALLET_WWDR_CERTIFICATE: pki.signing.wwdrPem,
      GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
      GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({ type: 'service_account', client_email: 'wallet@acme-tickets.iam.gserviceaccount.com', private_key: google.privateKey }),
    });
    headers = await app.session();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await app.given('event-meetup', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'meetup', start: localDaysFrom(now, 20), end: localDaysFrom(now, 20, '23:00:00'), allowedPaymentProxies: [] }) } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: 'meetup', category: ticketCategory({ id: 1, price: 0 }) } }),
    ]);
    const reserved = await call(app, '/api/v2/public/event/meetup/reserve-tickets?lang=en', 'POST', { reservation: [{ ticketCategoryId: 1, amount: 1 }] });
    id = reserved.json().value;
    ticket = (await call(app, `/api/v2/public/reservation/${id}`)).json().ticketsByCategory[0].tickets[0].uuid;
    const holder = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };
    expect((await call(app, `/api/v2/public/reservation/${id}/validate-to-overview?lang=en`, 'POST', { ...holder, tickets: { [ticket]: { ...holder, additional: {} } } })).status).toBe(200);
    expect((await call(app, `/api/v2/public/reservation/${id}?lang=en`, 'POST', { termAndConditionsAccepted: true, privacyPolicyAccepted: true })).status).toBe(200);
    bare = await startTestApp({ RATE_LIMITS: 'off' }, { database: app.database });
  });

  afterAll(async () => {
    await bare?.close({ keepDatabase: true });
    await app?.close();
  });

  it('says which passes are offered', async () => {
    expect((await call(app, '/api/v2/info')).json().walletConfiguration).toEqual({ gWalletEnabled: true, passEnabled: true });
    expect((await call(bare, '/api/v2/info')).json().walletConfiguration).toEqual({ gWalletEnabled: false, passEnabled: false });
  });

  it('answers a signed .pkpass: the ticket on the pass, its code in the barcode, manifest and signature that verify', async () => {
    const { status, headers: h, raw } = await call(app, `/api/pass/event/meetup/v1/version/passes/${ticket}`);
    expect(status).toBe(200);
    expect(h['content-type']).toBe('application/vnd.apple.pkpass');
    expect(String(h['content-disposition'])).toMatch(/^attachment; filename=Passbook-[0-9a-f]{8}\.pkpass$/);
    const files = readZip(raw);
    const pass = JSON.parse(files.get('pass.json')!.toString('utf8'));
    expect(pass).toMatchObject({ serialNumber: ticket, passTypeIdentifier: 'pass.test.storefront', teamIdentifier: 'TEAM42', organizationName: 'Acme Events' });
    const barcode = pass.barcodes?.[0] ?? pass.barcode;
    expect(barcode.message).toMatch(new RegExp(`^${ticket}/[A-Za-z0-9+/=]+$`));
    expect(JSON.stringify(pass)).toContain('Ada Lovelace');
    const check = checkDetachedSignature(files.get('signature')!, files.get('manifest.json')!, pki.caCertPem);
    expect(check).toMatchObject({ detached: true, digestMatches: true, signatureVerifies: true, signerIssuedByCa: true });
  });

  it('redirects to a Google Wallet save link signed with the service account key', async () => {
    const { status, headers: h } = await call(app, `/api/wallet/event/meetup/v1/version/passes/${ticket}`);
    expect(status).toBe(302);
    const location = String(h.location);
    expect(location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    const { payload } = await jwtVerify(location.split('/').at(-1)!, await importSPKI(googlePublicKey, 'RS256'));
    expect(payload).toMatchObject({ iss: 'wallet@acme-tickets.iam.gserviceaccount.com', aud: 'google', typ: 'savetowallet' });
    expect(JSON.stringify(payload)).toContain(ticket);
  });

  it('404 when not configured, and for an unknown ticket', async () => {
    expect((await call(bare, `/api/pass/event/meetup/v1/version/passes/${ticket}`)).status).toBe(404);
    expect((await call(bare, `/api/wallet/event/meetup/v1/version/passes/${ticket}`)).status).toBe(404);
    expect((await call(app, `/api/pass/event/meetup/v1/version/passes/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await call(app, `/api/wallet/event/other/v1/version/passes/${ticket}`)).status).toBe(404);
  });
});
