import { webcrypto } from 'node:crypto';
import {
  certificateSerial,
  ecdsaP256,
  privateKeyPem,
  selfSignedAuthority,
  x509,
} from '../../../platform/x509';
import type { Database } from '../../../platform/db/database';
import type { SecretBox } from '../../../platform/secret-box';
import { findAuthority, insertAuthorityIfAbsent } from './certificate.queries';

const algorithm = ecdsaP256;
const day = 24 * 3600 * 1000;
/** What a leaf lives: 90 days, as public ACME authorities issue. */
export const leafLifetimeMs = 90 * day;

async function importKey(pem: string): Promise<webcrypto.CryptoKey> {
  const der = Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
  return webcrypto.subtle.importKey('pkcs8', der, algorithm, true, ['sign']);
}

export interface IssuedCertificate {
  /** The leaf then the authority, PEM. */
  chainPem: string;
  privateKeyPem: string;
}

export interface CertificateIssuer {
  issue(domainNames: readonly string[]): Promise<IssuedCertificate>;
}

type Authority = { certificate: x509.X509Certificate; key: webcrypto.CryptoKey };

function generateKeys(): Promise<webcrypto.CryptoKeyPair> {
  return webcrypto.subtle.generateKey(algorithm, true, [
    'sign',
    'verify',
  ]) as Promise<webcrypto.CryptoKeyPair>;
}

/** A new self-signed authority, valid ten years: its certificate and private key, PEM. */
async function createAuthority(
  notBefore: Date,
): Promise<{ certificatePem: string; keyPem: string }> {
  const keys = await generateKeys();
  const certificate = await selfSignedAuthority(
    'CN=Meridian Local Certificate Authority, O=Meridian',
    keys,
    notBefore,
  );
  const keyPem = privateKeyPem(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  return { certificatePem: certificate.toString('pem'), keyPem };
}

/** The stored authority, made and stored first when there is none. */
async function loadAuthority(
  db: Database,
  secrets: SecretBox,
  now: () => Date,
): Promise<Authority> {
  let stored = await findAuthority(db);
  if (!stored) {
    const created = await createAuthority(now());
    // Two processes starting together: the first insert wins and both use what is stored.
    await insertAuthorityIfAbsent(db, {
      certificatePem: created.certificatePem,
      privateKeySealed: secrets.seal(created.keyPem),
    });
    stored = await findAuthority(db);
  }
  return {
    certificate: new x509.X509Certificate(stored!.certificatePem),
    key: await importKey(secrets.open(stored!.privateKeySealed)),
  };
}

/** A 90-day server certificate for these names, signed by the authority. */
async function issueLeaf(
  authority: Authority,
  domainNames: readonly string[],
  notBefore: Date,
): Promise<IssuedCertificate> {
  const keys = await generateKeys();
  const notAfter = new Date(notBefore.getTime() + leafLifetimeMs);
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: certificateSerial(),
    subject: `CN=${domainNames[0]}`,
    issuer: authority.certificate.subject,
    notBefore,
    notAfter,
    signingAlgorithm: algorithm,
    publicKey: keys.publicKey,
    signingKey: authority.key,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(
        domainNames.map((name) => ({ type: 'dns' as const, value: name })),
      ),
      await x509.AuthorityKeyIdentifierExtension.create(authority.certificate),
    ],
  });
  return {
    chainPem: `${leaf.toString('pem')}\n${authority.certificate.toString('pem')}\n`,
    privateKeyPem: privateKeyPem(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)),
  };
}

/**
 * The embedded certificate authority (architecture "Embedded default"): created once, stored in
 * the database with its key sealed, so every process signs with the same one. An ACME issuer can
 * stand behind the same `CertificateIssuer` interface.
 */
export function localCertificateAuthority(
  db: Database,
  secrets: SecretBox,
  now = () => new Date(),
): CertificateIssuer {
  let loaded: Promise<Authority> | undefined;
  return {
    async issue(domainNames) {
      loaded ??= loadAuthority(db, secrets, now).catch((error: unknown) => {
        loaded = undefined;
        throw error;
      });
      return issueLeaf(await loaded, domainNames, now());
    },
  };
}
