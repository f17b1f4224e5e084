import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { stringify } from 'yaml';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const tenYearsMs = 10 * 365 * 24 * 3600 * 1000;

function serial(): string {
  return Buffer.from(webcrypto.getRandomValues(new Uint8Array(16)))
    .toString('hex')
    .replace(/^[89a-f]/, '1');
}

function pemKey(pkcs8: ArrayBuffer): string {
  const body = Buffer.from(pkcs8)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd();
  return `-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----\n`;
}

export interface IssuedKubeconfig {
  yaml: string;
  caPem: string;
  clientCertPem: string;
}

/**
 * A real kubeconfig: a self-signed cluster CA, and a client certificate (CN=admin,
 * O=system:masters) signed by it, for `https://<server>:6443`.
 */
export async function issueKubeconfig(options: {
  clusterName: string;
  server: string;
  now?: Date;
}): Promise<IssuedKubeconfig> {
  const notBefore = options.now ?? new Date();
  const notAfter = new Date(notBefore.getTime() + tenYearsMs);
  const caKeys = (await webcrypto.subtle.generateKey(algorithm, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=${options.clusterName}-ca`,
    notBefore,
    notAfter,
    signingAlgorithm: algorithm,
    keys: caKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign |
          x509.KeyUsageFlags.cRLSign |
          x509.KeyUsageFlags.digitalSignature,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const clientKeys = (await webcrypto.subtle.generateKey(algorithm, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
  const client = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: 'CN=admin, O=system:masters',
    issuer: ca.subject,
    notBefore,
    notAfter,
    signingAlgorithm: algorithm,
    publicKey: clientKeys.publicKey,
    signingKey: caKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
      await x509.AuthorityKeyIdentifierExtension.create(ca),
    ],
  });
  const caPem = ca.toString('pem');
  const clientCertPem = client.toString('pem');
  const keyPem = pemKey(await webcrypto.subtle.exportKey('pkcs8', clientKeys.privateKey));
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const user = `${options.clusterName}-admin`;
  const yaml = stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      {
        name: options.clusterName,
        cluster: { server: options.server, 'certificate-authority-data': b64(caPem) },
      },
    ],
    users: [
      {
        name: user,
        user: {
          'client-certificate-data': b64(clientCertPem),
          'client-key-data': b64(keyPem),
        },
      },
    ],
    contexts: [{ name: options.clusterName, context: { cluster: options.clusterName, user } }],
    'current-context': options.clusterName,
    preferences: {},
  });
  return { yaml, caPem, clientCertPem };
}
