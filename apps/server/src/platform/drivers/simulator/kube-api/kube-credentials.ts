import {
  createECDH,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
  webcrypto,
} from 'node:crypto';
import { stringify } from 'yaml';
import {
  certificateSerial,
  ecdsaP256,
  privateKeyPem,
  selfSignedAuthority,
  x509,
} from '../../../x509';

const day = 24 * 3600 * 1000;
const caSubject = 'CN=Meridian Simulated Kubernetes CA, O=Meridian';

/** What the simulated clusters' API serves HTTPS with, and the CA a kubeconfig trusts. */
export interface KubeApiTls {
  caPem: string;
  certificatePem: string;
  keyPem: string;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/**
 * The CA key pair, derived from the simulator's secret: the same across restarts, so a
 * kubeconfig downloaded before one still trusts the certificate served after it.
 */
async function caKeys(secret: Buffer): Promise<webcrypto.CryptoKeyPair> {
  const d = Buffer.from(hkdfSync('sha256', secret, 'ca', 'meridian simulated kubernetes', 32));
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const point = ecdh.getPublicKey();
  const publicJwk = {
    kty: 'EC',
    crv: 'P-256',
    x: base64url(point.subarray(1, 33)),
    y: base64url(point.subarray(33, 65)),
  };
  const subtle = webcrypto.subtle;
  return {
    privateKey: await subtle.importKey('jwk', { ...publicJwk, d: base64url(d) }, ecdsaP256, true, [
      'sign',
    ]),
    publicKey: await subtle.importKey('jwk', publicJwk, ecdsaP256, true, ['verify']),
  };
}

/** A CA (stable key and name) and a fresh serving certificate for the loopback addresses. */
export async function issueKubeApiTls(secret: Buffer, now = new Date()): Promise<KubeApiTls> {
  const keys = await caKeys(secret);
  const notBefore = new Date(now.getTime() - day);
  const ca = await selfSignedAuthority(caSubject, keys, notBefore);
  const serverKeys = (await webcrypto.subtle.generateKey(ecdsaP256, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
  const server = await x509.X509CertificateGenerator.create({
    serialNumber: certificateSerial(),
    subject: 'CN=kube-apiserver',
    issuer: ca.subject,
    notBefore,
    notAfter: new Date(notBefore.getTime() + 365 * day),
    signingAlgorithm: ecdsaP256,
    publicKey: serverKeys.publicKey,
    signingKey: keys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        { type: 'ip', value: '127.0.0.1' },
        { type: 'ip', value: '::1' },
        { type: 'dns', value: 'localhost' },
      ]),
      await x509.AuthorityKeyIdentifierExtension.create(ca),
    ],
  });
  return {
    caPem: ca.toString('pem'),
    certificatePem: server.toString('pem'),
    keyPem: privateKeyPem(await webcrypto.subtle.exportKey('pkcs8', serverKeys.privateKey)),
  };
}

/**
 * The bearer token of one member cluster: only that cluster's API accepts it, and only while
 * `serial` is its credentials' serial. Serial '' is the token of clusters made before
 * credentials could be rotated, so the kubeconfigs downloaded for them keep working until then.
 */
export function clusterToken(secret: Buffer, clusterId: string, serial: string): string {
  const subject = serial ? `cluster token\n${clusterId}\n${serial}` : `cluster token\n${clusterId}`;
  return createHmac('sha256', secret).update(subject).digest('base64url');
}

export function isClusterToken(
  secret: Buffer,
  clusterId: string,
  serial: string,
  token: string,
): boolean {
  const expected = Buffer.from(clusterToken(secret, clusterId, serial));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A fresh serial for a cluster's credentials: issuing or rotating them. */
export function newCredentialSerial(): string {
  return randomBytes(16).toString('base64url');
}

/** A kubeconfig for one member cluster: its API on loopback, the CA, its own token. */
export function clusterKubeconfig(options: {
  clusterName: string;
  server: string;
  caPem: string;
  token: string;
}): string {
  const { clusterName, server, caPem, token } = options;
  const user = `${clusterName}-admin`;
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      {
        name: clusterName,
        cluster: { server, 'certificate-authority-data': Buffer.from(caPem).toString('base64') },
      },
    ],
    users: [{ name: user, user: { token } }],
    contexts: [{ name: clusterName, context: { cluster: clusterName, user } }],
    'current-context': clusterName,
    preferences: {},
  });
}
