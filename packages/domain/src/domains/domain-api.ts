import { z } from 'zod';
import { dnsRecordTypes, limits, type DnsRecordType } from '../limits';
import { statuses } from '../status';
import { validationMessages } from '../validation-messages';

/**
 * Domains, DNS records and deployment domain names (spec §3, §5, §7 "Domains and DNS"): the
 * request and response shapes of `/domain`, shared by server and console.
 */

/** A dotted name of letters, digits and hyphens with an alphabetic ending (spec §5). */
const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
export const domainNamePattern = new RegExp(`^(?:${label}\\.)+[a-z]{2,63}$`, 'i');
/** A host inside a zone: '@' for the apex, '*' allowed as the first label. */
export const hostPattern = new RegExp(`^(?:@|(?:\\*\\.)?(?:${label}\\.)*${label}|\\*)$`, 'i');

/** Messages of the DNS rules whose wording the spec leaves to us. */
export const dnsMessages = {
  host: 'Please provide a host (@ for the domain itself)',
  hostPattern: 'A host is letters, digits and hyphens, separated by dots',
  ttl: `The TTL must be a whole number of at least ${limits.dnsTtlMin}`,
  ipv4: 'Please provide a valid IPv4 address',
  ipv6: 'Please provide a valid IPv6 address',
  mxPriority: `The MX priority must be a whole number of at least ${limits.mxPriorityMin}`,
  mxFormat: 'An MX value is a priority and a host separated by a space, e.g. "10 mail.example.ca"',
  txtLength: 'A TXT value must be at most 4000 characters',
  typeFixed: 'The type of a record cannot change; delete it and create another',
  cnameConflict: 'A CNAME cannot share its name with other records',
  apexCname: 'The domain itself cannot be a CNAME',
  domainTaken: 'This domain is already added',
  deploymentPending: 'Domain names cannot change while the deployment is pending',
  notSuccess: 'Domain names can be set once the deployment has succeeded',
  noEndpoint: 'The deployment has no load-balancer address to point domain names at',
  certificateNeedsNames: 'Give the deployment a domain name before enabling HTTPS',
} as const;

export const domainNameSchema = z
  .string({ error: validationMessages.domain })
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\.$/, ''))
  .pipe(
    z
      .string()
      .max(253, validationMessages.domain)
      .regex(domainNamePattern, validationMessages.domain),
  );

/** `POST /domain/name`: body {domain_name, email}. */
export const domainCreateSchema = z.object({
  domain_name: domainNameSchema,
  email: z
    .email(validationMessages.email)
    .trim()
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type DomainCreateInput = z.infer<typeof domainCreateSchema>;

/** A deployment domain name under one of the user's domains (spec §3 Subdomain). */
export const subdomainSchema = z.object({
  subdomain: z.string(),
  domain_uuid: z.string(),
  deployment_uuid: z.string(),
  app_uuid: z.string(),
  app_name: z.string(),
  smart_cluster_uuid: z.string(),
});

export type Subdomain = z.infer<typeof subdomainSchema>;

export const domainSchema = z.object({
  uuid: z.string(),
  domain_name: z.string(),
  /** The same as domain_name (spec §3 names both). */
  name: z.string(),
  email: z.string().nullable(),
  status: z.enum(statuses),
  status_reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  jobUuids: z.array(z.string()),
  subdomains: z.array(z.string()),
  /** The two name servers the registrar must point at. */
  nameservers: z.array(z.string()),
});

export type Domain = z.infer<typeof domainSchema>;

export const dnsRecordSchema = z.object({
  uuid: z.string(),
  domain_uuid: z.string(),
  /** The full name, e.g. www.example.ca (the apex is the domain name itself). */
  domain: z.string(),
  type: z.enum(dnsRecordTypes),
  content: z.string(),
  ttl: z.number(),
});

export type DnsRecord = z.infer<typeof dnsRecordSchema>;

const ttl = z
  .number({ error: dnsMessages.ttl })
  .int(dnsMessages.ttl)
  .min(limits.dnsTtlMin, dnsMessages.ttl)
  .max(2_147_483_647, dnsMessages.ttl)
  .default(limits.dnsDefaultTtl);

const content = z
  .string({ error: validationMessages.required })
  .trim()
  .min(1, validationMessages.required);

/** `POST /domain/dns/user`: body {domain_uuid, domain, ttl, type, content}. */
export const dnsRecordCreateSchema = z.object({
  domain_uuid: z.uuid({ error: validationMessages.domain }),
  domain: z.string({ error: dnsMessages.host }).trim().toLowerCase().min(1, dnsMessages.host),
  type: z.enum(dnsRecordTypes, { error: validationMessages.required }),
  ttl,
  content,
});

export type DnsRecordCreateInput = z.infer<typeof dnsRecordCreateSchema>;

/** `PUT /domain/dns/user/{id}`: body {domain, ttl, content}; a `type` other than the record's is refused. */
export const dnsRecordUpdateSchema = z.object({
  domain: z.string({ error: dnsMessages.host }).trim().toLowerCase().min(1, dnsMessages.host),
  ttl,
  content,
  type: z.enum(dnsRecordTypes).optional(),
});

export type DnsRecordUpdateInput = z.infer<typeof dnsRecordUpdateSchema>;

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();

/**
 * The value rules of spec §5 for one record type: valid IPv4/IPv6 for A/AAAA, the domain-name
 * pattern for CNAME and NS, 'priority host' for MX. Answers the messages (empty when valid) and
 * the value as stored (lower-cased names, single spaces).
 */
export function checkRecordContent(
  type: DnsRecordType,
  raw: string,
): { ok: true; content: string } | { ok: false; errors: string[] } {
  const value = raw.trim();
  switch (type) {
    case 'A':
      return ipv4.safeParse(value).success
        ? { ok: true, content: value }
        : { ok: false, errors: [dnsMessages.ipv4] };
    case 'AAAA':
      return ipv6.safeParse(value).success
        ? { ok: true, content: value.toLowerCase() }
        : { ok: false, errors: [dnsMessages.ipv6] };
    case 'CNAME':
    case 'NS': {
      const name = value.toLowerCase().replace(/\.$/, '');
      return domainNamePattern.test(name)
        ? { ok: true, content: name }
        : { ok: false, errors: [validationMessages.domain] };
    }
    case 'MX': {
      const parts = value.split(/\s+/);
      if (parts.length !== 2) return { ok: false, errors: [dnsMessages.mxFormat] };
      const [priorityText, hostText] = parts as [string, string];
      const errors: string[] = [];
      const priority = Number(priorityText);
      if (!/^\d+$/.test(priorityText) || priority < limits.mxPriorityMin || priority > 65535) {
        errors.push(dnsMessages.mxPriority);
      }
      const host = hostText.toLowerCase().replace(/\.$/, '');
      if (!domainNamePattern.test(host)) errors.push(validationMessages.domain);
      return errors.length > 0
        ? { ok: false, errors }
        : { ok: true, content: `${priority} ${host}` };
    }
    case 'TXT':
      return value.length <= 4000
        ? { ok: true, content: value }
        : { ok: false, errors: [dnsMessages.txtLength] };
  }
}

/** The full record name from what the editor's Host column holds ('@' is the apex). */
export function recordName(host: string, domainName: string): string {
  const trimmed = host.trim().toLowerCase().replace(/\.$/, '');
  if (trimmed === '@' || trimmed === '' || trimmed === domainName) return domainName;
  return trimmed.endsWith(`.${domainName}`) ? trimmed : `${trimmed}.${domainName}`;
}

/** The Host column from a record's full name ('@' for the apex). */
export function recordHost(name: string, domainName: string): string {
  if (name === domainName) return '@';
  return name.endsWith(`.${domainName}`) ? name.slice(0, -(domainName.length + 1)) : name;
}

/** `PUT /domain/dns/user/entries/deployments/{deploymentId}`: body {domain_names}. */
export const deploymentDomainNamesSchema = z.object({
  domain_names: z
    .array(z.string({ error: validationMessages.smartClusterAppDomains }), {
      error: validationMessages.smartClusterAppDomains,
    })
    .min(1, validationMessages.smartClusterAppDomains)
    .max(20, 'At most 20 domain names per deployment'),
});

/** `PUT /domain/dns/user/versions/{versionId}/smart_clusters/{clusterId}`: {subdomains, smart_cluster_name}. */
export const versionSubdomainsSchema = z.object({
  subdomains: z
    .array(z.string({ error: validationMessages.smartClusterAppDomains }))
    .min(1, validationMessages.smartClusterAppDomains)
    .max(20, 'At most 20 domain names per deployment'),
  smart_cluster_name: z.string().optional(),
});

/**
 * Spec §5: each name trimmed, lower-cased and de-duplicated; whitespace-only refused. Answers
 * the clean list, or the message.
 */
export function normaliseDomainNames(
  names: readonly string[],
): { ok: true; names: string[] } | { ok: false; errors: string[] } {
  const cleaned = names.map((name) => name.trim().toLowerCase().replace(/\.$/, ''));
  if (cleaned.some((name) => name === '' || !domainNamePattern.test(name))) {
    return { ok: false, errors: [validationMessages.smartClusterAppDomains] };
  }
  return { ok: true, names: [...new Set(cleaned)] };
}

/** The domain of the user's that a name falls under (the longest match), if any. */
export function rootDomainOf(name: string, domainNames: readonly string[]): string | undefined {
  return [...domainNames]
    .sort((a, b) => b.length - a.length)
    .find((root) => name === root || name.endsWith(`.${root}`));
}

/** `GET /domain/nameservers`: the two fixed name servers (MERIDIAN_NAMESERVERS). */
export const nameserversSchema = z.object({ nameservers: z.array(z.string()) });
