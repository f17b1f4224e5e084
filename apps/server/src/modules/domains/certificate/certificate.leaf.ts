import { x509 } from '../../../platform/x509';

/** The leaf's issuer and dates, read from a chain (leaf first, PEM). */
export function leafFacts(chainPem: string): { issuer: string; notBefore: Date; notAfter: Date } {
  const first = chainPem.split(/(?<=-----END CERTIFICATE-----)/)[0]!.trim();
  const leaf = new x509.X509Certificate(first);
  return { issuer: leaf.issuer, notBefore: leaf.notBefore, notAfter: leaf.notAfter };
}
