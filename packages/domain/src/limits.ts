/** Business limits and defaults of spec "Business constants and limits". */
export const limits = {
  nameMaxLength: 50,
  versionNameMaxLength: 20,
  replicasMin: 1,
  targetPortMin: 1,
  portMin: 0,
  nodeCountMin: 1,
  nodeCountDefault: 1,
  latencyMin: 0,
  dnsDefaultTtl: 3600,
  dnsTtlMin: 0,
  mxPriorityMin: 0,
  // Bounds of what a request may ask for: the product's real limits, said in the messages.
  replicasMax: 100,
  portMax: 65535,
  masterCountMax: 7,
  minionCountMax: 100,
  /** A round-trip target beyond 10 s places nothing anywhere. */
  latencyMax: 10_000,
  /** CAD per month. */
  budgetMax: 10_000_000,
  descriptionMaxLength: 500,
  imageNameMaxLength: 512,
  templateNameMaxLength: 255,
  passwordMaxLength: 256,
  /** Datacenters, smart clusters or clusters named in one request. */
  targetsMax: 50,
  /** Deployments, notifications or other ids named in one request. */
  idsMax: 500,
} as const;

/** Hours in a billing month used by the cost estimate (spec "Business constants and limits"). */
export const hoursPerMonth = 730.001;

export const volumeTypes = ['SSD', 'HDD'] as const;
export type VolumeType = (typeof volumeTypes)[number];
export const defaultVolumeType: VolumeType = 'SSD';

export const dnsRecordTypes = ['NS', 'A', 'CNAME', 'MX', 'TXT', 'AAAA'] as const;
export type DnsRecordType = (typeof dnsRecordTypes)[number];

export const templateTypes = ['KUBERNETES_BASIC', 'KUBERNETES_ADVANCED', 'HEAT'] as const;
export type TemplateType = (typeof templateTypes)[number];
export const defaultKubeType: TemplateType = 'KUBERNETES_BASIC';

export const clusterModes = ['MANUAL', 'AUTOMATIC'] as const;
export type ClusterMode = (typeof clusterModes)[number];
export const defaultClusterMode: ClusterMode = 'MANUAL';

export const generatedServiceType = 'LoadBalancer';
export const registrySecretName = 'private-docker-registry';

/** Where a Basic version's image comes from; here, not beside the YAML writer, so lists load no YAML library. */
export const dockerRegistryTypes = ['public', 'private'] as const;
export type DockerRegistryType = (typeof dockerRegistryTypes)[number];
