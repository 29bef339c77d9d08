import { decodeProtectedHeader, exportPKCS8, generateKeyPair, jwtVerify, type CryptoKey } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { googleWalletSaveUrl, type GoogleWalletAccount, type GoogleWalletTicket } from './google-wallet.js';

const ticket: GoogleWalletTicket = {
  objectSuffix: 'ticket-3f2c1a9e-7d4b-4c1e-9a7f-0b1c2d3e4f50',
  classSuffix: 'event-winter-festival-2027',
  eventTitle: 'Winter Festival 2027',
  organizerName: 'Kulturverein Zürich',
  start: '2027-01-16T19:30:00+01:00',
  end: '2027-01-17T01:00:00+01:00',
  location: 'Hallenstadion, Wallisellenstrasse 45, 8050 Zürich',
  holderName: 'Jürgen Straßer',
  categoryName: 'Standing, ground floor',
  reference: 'A1B2C3D4',
  qrText: '3f2c1a9e-7d4b-4c1e-9a7f-0b1c2d3e4f50/2f6e0f5c9a0b4d8e',
  language: 'de',
  issuedAt: new Date('2027-01-10T12:00:00Z'),
};

const SAVE = 'https://pay.google.com/gp/v/save/';
let account: GoogleWalletAccount;
let publicKey: CryptoKey;
let otherPublicKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  publicKey = pair.publicKey;
  otherPublicKey = (await generateKeyPair('RS256')).publicKey;
  account = {
    issuerId: '3388000000012345678',
    serviceAccountEmail: 'wallet@ticketing-test.iam.gserviceaccount.com',
    privateKeyPem: await exportPKCS8(pair.privateKey),
    origins: ['https://tickets.example.org'],
  };
});

const tokenOf = (url: string): string => {
  expect(url.startsWith(SAVE)).toBe(true);
  return url.slice(SAVE.length);
};

describe('googleWalletSaveUrl', () => {
  it('is a save link whose JWT the service account signed (RS256) for Google', async () => {
    const token = tokenOf(await googleWalletSaveUrl(ticket, account));
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', typ: 'JWT' });
    const { payload } = await jwtVerify(token, publicKey, { algorithms: ['RS256'], issuer: account.serviceAccountEmail, audience: 'google' });
    expect(payload).toMatchObject({ typ: 'savetowallet', iat: Date.parse('2027-01-10T12:00:00Z') / 1000, origins: ['https://tickets.example.org'] });
  });

  it('does not verify with another key', async () => {
    const token = tokenOf(await googleWalletSaveUrl(ticket, account));
    await expect(jwtVerify(token, otherPublicKey, { algorithms: ['RS256'] })).rejects.toThrow(/signature/);
  });

  it('carries the event\'s class and the ticket\'s object, with its QR code', async () => {
    const { payload } = await jwtVerify(tokenOf(await googleWalletSaveUrl(ticket, account)), publicKey);
    const classId = '3388000000012345678.event-winter-festival-2027';
    expect(payload['payload']).toEqual({
      eventTicketClasses: [
        {
          id: classId,
          issuerName: 'Kulturverein Zürich',
          reviewStatus: 'UNDER_REVIEW',
          eventName: { defaultValue: { language: 'de', value: 'Winter Festival 2027' } },
          venue: {
            name: { defaultValue: { language: 'de', value: 'Hallenstadion' } },
            address: { defaultValue: { language: 'de', value: 'Wallisellenstrasse 45, 8050 Zürich' } },
          },
          dateTime: { start: '2027-01-16T19:30:00+01:00', end: '2027-01-17T01:00:00+01:00' },
        },
      ],
      eventTicketObjects: [
        {
          id: '3388000000012345678.ticket-3f2c1a9e-7d4b-4c1e-9a7f-0b1c2d3e4f50',
          classId,
          state: 'ACTIVE',
          ticketHolderName: 'Jürgen Straßer',
          ticketNumber: 'A1B2C3D4',
          ticketType: { defaultValue: { language: 'de', value: 'Standing, ground floor' } },
          reservationInfo: { confirmationCode: 'A1B2C3D4' },
          barcode: { type: 'QR_CODE', value: ticket.qrText, alternateText: 'A1B2C3D4' },
        },
      ],
    });
  });

  it('leaves the venue out for an event without a place', async () => {
    const { payload } = await jwtVerify(tokenOf(await googleWalletSaveUrl({ ...ticket, location: null }, account)), publicKey);
    const [eventClass] = (payload['payload'] as { eventTicketClasses: Record<string, unknown>[] }).eventTicketClasses;
    expect(eventClass).not.toHaveProperty('venue');
  });

  it('refuses ids Google would refuse', async () => {
    await expect(googleWalletSaveUrl({ ...ticket, objectSuffix: 'ticket/1' }, account)).rejects.toThrow(/letters, digits/);
    await expect(googleWalletSaveUrl({ ...ticket, classSuffix: 'event 1' }, account)).rejects.toThrow(/letters, digits/);
  });
});
