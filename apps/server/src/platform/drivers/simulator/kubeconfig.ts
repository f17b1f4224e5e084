import { webcrypto } from 'node:crypto';
import { certificateSerial, ecdsaP256, privateKeyPem, x509 } from '../../x509';
import { stringify } from 'yaml';

const algorithm = ecdsaP256;
const tenYearsMs = 10 * 365 * 24 * 3600 * 1000;

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
    serialNumber: certificateSerial(),
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
    serialNumber: certificateSerial(),
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
  const keyPem = privateKeyPem(await webcrypto.subtle.exportKey('pkcs8', clientKeys.privateKey));
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
