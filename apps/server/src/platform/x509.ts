import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

// @peculiar/x509 signs with whatever WebCrypto it is given: Node's.
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

export { x509 };

/** The key algorithm of every certificate Meridian makes (kubeconfig CAs, HTTPS). */
export const ecdsaP256 = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

/** A random positive 128-bit serial number, hex (a leading 8–f would make it negative). */
export function certificateSerial(): string {
  return Buffer.from(webcrypto.getRandomValues(new Uint8Array(16)))
    .toString('hex')
    .replace(/^[89a-f]/, '1');
}

/** PKCS#8 DER as a PEM private key. */
export function privateKeyPem(pkcs8: ArrayBuffer): string {
  const body = Buffer.from(pkcs8)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd();
  return `-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----\n`;
}

const tenYearsMs = 10 * 365 * 86_400_000;

/** A self-signed certificate authority over `keys`, valid ten years from `notBefore`. */
export async function selfSignedAuthority(
  name: string,
  keys: webcrypto.CryptoKeyPair,
  notBefore: Date,
): Promise<x509.X509Certificate> {
  return x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: certificateSerial(),
    name,
    notBefore,
    notAfter: new Date(notBefore.getTime() + tenYearsMs),
    signingAlgorithm: ecdsaP256,
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
}
