import forge from 'node-forge';
import type { PassSigning } from '../wallet/apple-pass.js';

const { asn1, pki } = forge;

export interface TestPassPki {
  readonly signing: PassSigning;
  /** the WWDR-like authority that issued the signer certificate */
  readonly caCertPem: string;
}

/** A certificate valid over fixed dates (nothing here checks them against the clock: openssl runs -noverify). */
function certificate(subject: forge.pki.CertificateField[], issuer: forge.pki.CertificateField[], publicKey: forge.pki.PublicKey, serial: string, extensions: object[]) {
  const cert = pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = serial;
  cert.validity.notBefore = new Date('2025-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2045-01-01T00:00:00Z');
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions(extensions);
  return cert;
}

/**
 * A WWDR-like certificate authority and a pass type certificate it signed (RSA 2048, as Apple's), made at test time.
 * With a passphrase the signer's key is PEM-encrypted, as a key exported from a keychain usually is.
 */
export function makeTestPassPki(options: { passTypeIdentifier?: string; teamIdentifier?: string; passphrase?: string } = {}): TestPassPki {
  const passTypeIdentifier = options.passTypeIdentifier ?? 'pass.test.ticketing';
  const teamIdentifier = options.teamIdentifier ?? 'TEAM123456';
  const caKeys = pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const caName = [{ name: 'commonName', value: 'Test Worldwide Developer Relations CA' }, { name: 'organizationName', value: 'Test' }];
  const ca = certificate(caName, caName, caKeys.publicKey, '01', [
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());

  const signerKeys = pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const signer = certificate(
    [
      { type: '0.9.2342.19200300.100.1.1', value: passTypeIdentifier },
      { name: 'commonName', value: `Pass Type ID: ${passTypeIdentifier}` },
      { name: 'organizationalUnitName', value: teamIdentifier },
    ],
    caName,
    signerKeys.publicKey,
    '02',
    [{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, critical: true }],
  );
  signer.sign(caKeys.privateKey, forge.md.sha256.create());

  const signerKeyPem = options.passphrase
    ? pki.encryptRsaPrivateKey(signerKeys.privateKey, options.passphrase, { algorithm: 'aes256' })
    : pki.privateKeyToPem(signerKeys.privateKey);
  return {
    signing: {
      passTypeIdentifier,
      teamIdentifier,
      wwdrPem: pki.certificateToPem(ca),
      signerCertPem: pki.certificateToPem(signer),
      signerKeyPem,
      ...(options.passphrase ? { signerKeyPassphrase: options.passphrase } : {}),
    },
    caCertPem: pki.certificateToPem(ca),
  };
}

export interface SignatureCheck {
  /** the signed content is not inside the signature */
  readonly detached: boolean;
  /** the messageDigest attribute equals the SHA-1 (the signer's digest algorithm) of the content */
  readonly digestMatches: boolean;
  /** the RSA signature over the DER of the authenticated attributes verifies with the signer certificate's key */
  readonly signatureVerifies: boolean;
  /** the signer certificate was issued by the expected authority */
  readonly signerIssuedByCa: boolean;
  readonly signerSubject: string;
  readonly certificateSubjects: readonly string[];
}

const subjectOf = (cert: forge.pki.Certificate): string => cert.subject.attributes.map((a) => `${a.shortName ?? a.type}=${String(a.value)}`).join(', ');

/**
 * Checks a detached PKCS#7 (CMS) signature as a verifier does (RFC 5652 5.4 and 5.6), with node-forge, which can
 * parse signed data but has no verify: the signer info's messageDigest attribute against the content's digest,
 * then the signature over the authenticated attributes re-encoded as a SET, then the signer's certificate chain.
 */
export function checkDetachedSignature(signatureDer: Buffer, content: Buffer, caCertPem: string): SignatureCheck {
  const message = forge.pkcs7.messageFromAsn1(asn1.fromDer(forge.util.createBuffer(signatureDer.toString('binary')))) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { signerInfos: forge.asn1.Asn1[]; content?: unknown };
  };
  const [signerInfo] = message.rawCapture.signerInfos;
  if (!signerInfo || !Array.isArray(signerInfo.value)) throw new Error('signature: no signer info');
  // SignerInfo: version, issuerAndSerialNumber, digestAlgorithm, [0] authenticatedAttributes, digestEncryptionAlgorithm, encryptedDigest
  const [, issuerAndSerial, digestAlgorithm, attributes, , encryptedDigest] = signerInfo.value as forge.asn1.Asn1[];
  if (!issuerAndSerial || !digestAlgorithm || !attributes || !encryptedDigest) throw new Error('signature: incomplete signer info');
  if (attributes.tagClass !== asn1.Class.CONTEXT_SPECIFIC || attributes.type !== 0) throw new Error('signature: no authenticated attributes');

  const digestOid = asn1.derToOid(((digestAlgorithm.value as forge.asn1.Asn1[])[0]?.value as string) ?? '');
  const digest = digestOid === pki.oids['sha1'] ? forge.md.sha1.create() : digestOid === pki.oids['sha256'] ? forge.md.sha256.create() : null;
  if (!digest) throw new Error(`signature: unexpected digest algorithm ${digestOid}`);
  const contentDigest = digest.update(content.toString('binary')).digest().getBytes();

  const attributeList = attributes.value as forge.asn1.Asn1[];
  const messageDigest = attributeList.find((attribute) => {
    const [type] = attribute.value as forge.asn1.Asn1[];
    return asn1.derToOid(type?.value as string) === pki.oids['messageDigest'];
  });
  const [, values] = (messageDigest?.value ?? []) as forge.asn1.Asn1[];
  const attributeDigest = (values?.value as forge.asn1.Asn1[] | undefined)?.[0]?.value as string | undefined;

  // the signer is named by its issuer's DN and serial number; forge hashes a parsed certificate's issuer DN (SHA-1 of its DER)
  const [issuerName, serial] = issuerAndSerial.value as forge.asn1.Asn1[];
  if (!issuerName || !serial) throw new Error('signature: no issuer and serial number');
  const issuerHash = forge.md.sha1.create().update(asn1.toDer(issuerName).getBytes()).digest().toHex();
  const serialHex = forge.util.bytesToHex(serial.value as string);
  const signer = message.certificates.find((cert) => cert.serialNumber === serialHex && cert.issuer.hash === issuerHash);
  if (!signer) throw new Error('signature: the signer certificate is not in the signature');

  // the signature covers the DER of the attributes with the SET OF tag, not the [0] IMPLICIT tag they carry here
  const signedAttributes = asn1.toDer(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, attributeList)).getBytes();
  const attributesDigest = (digestOid === pki.oids['sha1'] ? forge.md.sha1.create() : forge.md.sha256.create()).update(signedAttributes);
  let signatureVerifies = false;
  try {
    signatureVerifies = (signer.publicKey as forge.pki.rsa.PublicKey).verify(attributesDigest.digest().getBytes(), encryptedDigest.value as string);
  } catch {
    signatureVerifies = false;
  }
  let signerIssuedByCa = false;
  try {
    signerIssuedByCa = pki.certificateFromPem(caCertPem).verify(signer);
  } catch {
    signerIssuedByCa = false;
  }
  return {
    detached: message.rawCapture.content === undefined,
    digestMatches: attributeDigest !== undefined && attributeDigest === contentDigest,
    signatureVerifies,
    signerIssuedByCa,
    signerSubject: subjectOf(signer),
    certificateSubjects: message.certificates.map(subjectOf),
  };
}
