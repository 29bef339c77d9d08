import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkDetachedSignature, makeTestPassPki, type TestPassPki } from '../test-support/pass-certificates.fixtures.js';
import { readZip } from '../test-support/zip.fixtures.js';
import { applePass, passColor, type PassInput } from './apple-pass.js';

const input: PassInput = {
  serialNumber: '3f2c1a9e-7d4b-4c1e-9a7f-0b1c2d3e4f50',
  description: 'Ticket for Winter Festival 2027',
  organizerName: 'Kulturverein Zürich',
  eventTitle: 'Winter Festival 2027',
  relevantDate: '2027-01-16T18:30:00.000Z',
  location: 'Hallenstadion, Zürich',
  holderName: 'Jürgen Straßer',
  categoryName: 'Standing, ground floor',
  reference: 'A1B2C3D4',
  qrText: '3f2c1a9e-7d4b-4c1e-9a7f-0b1c2d3e4f50/2f6e0f5c9a0b4d8e',
};

interface PassJson {
  formatVersion: number;
  passTypeIdentifier: string;
  teamIdentifier: string;
  serialNumber: string;
  description: string;
  organizationName: string;
  backgroundColor: string;
  foregroundColor: string;
  relevantDate: string;
  authenticationToken?: string;
  webServiceURL?: string;
  barcodes: { format: string; message: string; messageEncoding: string; altText: string }[];
  eventTicket: Record<'headerFields' | 'primaryFields' | 'secondaryFields' | 'auxiliaryFields' | 'backFields', { key: string; label: string; value: string }[]>;
}

const sha1 = (data: Buffer): string => createHash('sha1').update(data).digest('hex');
const passJson = (files: Map<string, Buffer>): PassJson => JSON.parse(files.get('pass.json')!.toString('utf8')) as PassJson;
const field = (pass: PassJson, group: keyof PassJson['eventTicket'], key: string) => pass.eventTicket[group].find((f) => f.key === key);

let pki: TestPassPki;
let otherPki: TestPassPki;
let files: Map<string, Buffer>;

beforeAll(async () => {
  pki = makeTestPassPki();
  otherPki = makeTestPassPki();
  files = readZip(await applePass(input, pki.signing));
});

describe('applePass', () => {
  it('is a zip of the pass, its images, the manifest and the signature', () => {
    expect([...files.keys()].sort()).toEqual(['icon.png', 'icon@2x.png', 'icon@3x.png', 'manifest.json', 'pass.json', 'signature']);
  });

  it('describes an event ticket with the ticket\'s QR code', () => {
    const pass = passJson(files);
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.test.ticketing',
      teamIdentifier: 'TEAM123456',
      serialNumber: input.serialNumber,
      description: input.description,
      organizationName: 'Kulturverein Zürich',
      backgroundColor: 'rgb(31, 35, 40)',
      foregroundColor: 'rgb(255, 255, 255)',
    });
    expect(new Date(pass.relevantDate).toISOString()).toBe(input.relevantDate);
    expect(pass.barcodes).toEqual([{ format: 'PKBarcodeFormatQR', message: input.qrText, messageEncoding: 'iso-8859-1', altText: 'A1B2C3D4' }]);
    expect(field(pass, 'primaryFields', 'event')?.value).toBe('Winter Festival 2027');
    expect(field(pass, 'secondaryFields', 'holder')).toMatchObject({ label: 'Holder', value: 'Jürgen Straßer' });
    expect(field(pass, 'secondaryFields', 'category')?.value).toBe('Standing, ground floor');
    expect(field(pass, 'auxiliaryFields', 'location')?.value).toBe('Hallenstadion, Zürich');
    expect(field(pass, 'auxiliaryFields', 'reference')?.value).toBe('A1B2C3D4');
    expect(field(pass, 'headerFields', 'date')?.value).toBe(input.relevantDate);
    expect(pass.authenticationToken).toBeUndefined();
  });

  it('lists every other file in manifest.json with its SHA-1', () => {
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as Record<string, string>;
    const hashed = [...files.keys()].filter((name) => name !== 'manifest.json' && name !== 'signature').sort();
    expect(Object.keys(manifest).sort()).toEqual(hashed);
    for (const name of hashed) expect(manifest[name], name).toBe(sha1(files.get(name)!));
  });

  it('signs manifest.json with a detached PKCS#7 signature of the pass type certificate', () => {
    const check = checkDetachedSignature(files.get('signature')!, files.get('manifest.json')!, pki.caCertPem);
    expect(check).toMatchObject({ detached: true, digestMatches: true, signatureVerifies: true, signerIssuedByCa: true });
    expect(check.signerSubject).toContain('CN=Pass Type ID: pass.test.ticketing');
    expect(check.certificateSubjects).toContain('CN=Test Worldwide Developer Relations CA, O=Test');
  });

  it('a signature check fails for another manifest, a damaged signature and another authority', () => {
    const manifest = files.get('manifest.json')!;
    const signature = files.get('signature')!;
    // the RSA signature is the last field of the last signer info, so the file's last byte is one of its bytes
    const damaged = Buffer.concat([signature.subarray(0, -1), Buffer.from([signature.at(-1)! ^ 0x01])]);
    expect(checkDetachedSignature(damaged, manifest, pki.caCertPem)).toMatchObject({ digestMatches: true, signatureVerifies: false });
    const tampered = Buffer.from(manifest.toString('utf8').replace(/"pass.json":"[0-9a-f]/, (m) => m.slice(0, -1) + (m.endsWith('0') ? '1' : '0')));
    expect(checkDetachedSignature(files.get('signature')!, tampered, pki.caCertPem).digestMatches).toBe(false);
    expect(checkDetachedSignature(files.get('signature')!, manifest, otherPki.caCertPem).signerIssuedByCa).toBe(false);
  });

  const openssl = spawnSync('openssl', ['version']).status === 0;
  // -attime: the test certificates are valid from 2025 to 2045, whatever this machine's clock says
  it.skipIf(!openssl)('verifies with openssl too, and fails there for another manifest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pkpass-'));
    try {
      for (const name of ['signature', 'manifest.json']) writeFileSync(join(dir, name), files.get(name)!);
      writeFileSync(join(dir, 'tampered.json'), Buffer.concat([files.get('manifest.json')!, Buffer.from(' ')]));
      writeFileSync(join(dir, 'ca.pem'), pki.caCertPem);
      const verify = (content: string) =>
        spawnSync('openssl', ['smime', '-verify', '-binary', '-inform', 'DER', '-in', join(dir, 'signature'), '-content', join(dir, content), '-CAfile', join(dir, 'ca.pem'), '-purpose', 'any', '-attime', '1893456000', '-out', '/dev/null'], { encoding: 'utf8' });
      const good = verify('manifest.json');
      expect(good.status, good.stderr).toBe(0);
      expect(verify('tampered.json').status).not.toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ships icons of 29, 58 and 87 pixels', () => {
    expect(['icon.png', 'icon@2x.png', 'icon@3x.png'].map((name) => PNG.sync.read(files.get(name)!).width)).toEqual([29, 58, 87]);
  });

  it('takes an encrypted signer key with its passphrase, images, colours, labels and the update service', async () => {
    const locked = makeTestPassPki({ passphrase: 'correct horse', passTypeIdentifier: 'pass.example.other', teamIdentifier: 'OTHERTEAM1' });
    const logo = PNG.sync.write(new PNG({ width: 160, height: 50 }));
    const pass = readZip(
      await applePass(
        { ...input, language: 'de', backgroundColor: '#fafafa', images: { 'logo.png': logo }, authenticationToken: 'a'.repeat(32), webServiceURL: 'https://tickets.example.org/passes' },
        locked.signing,
      ),
    );
    const json = passJson(pass);
    expect(json).toMatchObject({ passTypeIdentifier: 'pass.example.other', teamIdentifier: 'OTHERTEAM1', backgroundColor: 'rgb(250, 250, 250)', foregroundColor: 'rgb(0, 0, 0)' });
    expect(json).toMatchObject({ authenticationToken: 'a'.repeat(32), webServiceURL: 'https://tickets.example.org/passes' });
    expect(field(json, 'secondaryFields', 'holder')?.label).toBe('Inhaber/in');
    expect(pass.get('logo.png')?.equals(logo)).toBe(true);
    expect(checkDetachedSignature(pass.get('signature')!, pass.get('manifest.json')!, locked.caCertPem)).toMatchObject({ digestMatches: true, signatureVerifies: true, signerIssuedByCa: true });
  });

  it('refuses half of the update service and a colour Wallet cannot read', async () => {
    await expect(applePass({ ...input, authenticationToken: 'a'.repeat(32) }, pki.signing)).rejects.toThrow(/go together/);
    await expect(applePass({ ...input, backgroundColor: 'teal' }, pki.signing)).rejects.toThrow(/backgroundColor/);
  });
});

describe('passColor', () => {
  it('reads #rgb, #rrggbb and rgb() and tells light from dark', () => {
    expect(passColor('#fff')).toEqual({ rgb: 'rgb(255, 255, 255)', light: true });
    expect(passColor('#1A73E8')).toEqual({ rgb: 'rgb(26, 115, 232)', light: false });
    expect(passColor('rgb( 250,200 , 0 )')).toEqual({ rgb: 'rgb(250, 200, 0)', light: true });
    expect(() => passColor('rgb(256, 0, 0)')).toThrow(/out of range/);
  });
});
