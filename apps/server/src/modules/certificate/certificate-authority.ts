import { webcrypto } from 'node:crypto';
import { certificateSerial, ecdsaP256, privateKeyPem, x509 } from '../../platform/x509';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { certificateAuthorities } from '../../platform/db/schema';
import type { SecretBox } from '../../platform/secret-box';

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
  notAfter: Date;
}

export interface CertificateIssuer {
  issue(domainNames: readonly string[]): Promise<IssuedCertificate>;
}

/**
 * The embedded certificate authority (architecture "Embedded default"): created once, stored in the database with
 * its key sealed, so every process signs with the same one. An ACME issuer can stand behind the
 * same `CertificateIssuer` interface.
 */
export function localCertificateAuthority(
  db: Database,
  secrets: SecretBox,
  now = () => new Date(),
): CertificateIssuer {
  let loaded: Promise<{ certificate: x509.X509Certificate; key: webcrypto.CryptoKey }> | undefined;

  async function load() {
    const [stored] = await db
      .select()
      .from(certificateAuthorities)
      .where(eq(certificateAuthorities.id, 1));
    if (stored) {
      return {
        certificate: new x509.X509Certificate(stored.certificatePem),
        key: await importKey(secrets.open(stored.privateKeySealed)),
      };
    }
    const keys = (await webcrypto.subtle.generateKey(algorithm, true, [
      'sign',
      'verify',
    ])) as webcrypto.CryptoKeyPair;
    const notBefore = now();
    const certificate = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: certificateSerial(),
      name: 'CN=Meridian Local Certificate Authority, O=Meridian',
      notBefore,
      notAfter: new Date(notBefore.getTime() + 10 * 365 * day),
      signingAlgorithm: algorithm,
      keys,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(
          x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
          true,
        ),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      ],
    });
    const keyPem = privateKeyPem(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
    // Two processes starting together: the first insert wins and both use what is stored.
    await db
      .insert(certificateAuthorities)
      .values({
        id: 1,
        certificatePem: certificate.toString('pem'),
        privateKeySealed: secrets.seal(keyPem),
      })
      .onConflictDoNothing();
    const [winner] = await db
      .select()
      .from(certificateAuthorities)
      .where(eq(certificateAuthorities.id, 1));
    return {
      certificate: new x509.X509Certificate(winner!.certificatePem),
      key: await importKey(secrets.open(winner!.privateKeySealed)),
    };
  }

  return {
    async issue(domainNames) {
      loaded ??= load().catch((error: unknown) => {
        loaded = undefined;
        throw error;
      });
      const authority = await loaded;
      const keys = (await webcrypto.subtle.generateKey(algorithm, true, [
        'sign',
        'verify',
      ])) as webcrypto.CryptoKeyPair;
      const notBefore = now();
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
        notAfter,
      };
    },
  };
}
