/** Service prefixes of the control plane (architecture "API contract"; the product key is `meridian`). */
export const apiPaths = {
  auth: '/auth',
  kube: '/meridian/v1/kube',
  cluster: '/cluster',
  domain: '/domain',
  billing: '/billing',
  event: '/event',
  intelligence: '/intelligence',
  certificate: '/certificate',
  monitoring: '/monitoring',
} as const;
