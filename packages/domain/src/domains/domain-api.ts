import { z } from 'zod';
import { dnsRecordTypes, limits, type DnsRecordType } from '../limits';
import { statuses } from '../status';
import { hasNoNul, optionalText, tooLongMessage } from '../request-fields';
import { owningOrganizationField } from '../auth/organization';
import { validationMessages } from '../validation-messages';
import { listPageQuerySchema, listPageSchema } from '../list-page';

/**
 * Domains, DNS records and deployment domain names (spec "Entities and their fields", "Validation rules", "The calls it makes" "Domains and DNS"): the
 * request and response shapes of `/domain`, shared by server and console.
 */

/** A dotted name of letters, digits and hyphens with an alphabetic ending (spec "Validation rules"). */
const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
export const domainNamePattern = new RegExp(`^(?:${label}\\.)+[a-z]{2,63}$`, 'i');
/** A host inside a zone: '@' for the apex, '*' allowed as the first label. */
export const hostPattern = new RegExp(`^(?:@|(?:\\*\\.)?(?:${label}\\.)*${label}|\\*)$`, 'i');

/**
 * What fits a DNS message: a name is at most 253 characters as text (255 octets on the wire) in
 * labels of at most 63; any value is capped first so a huge one is refused before other checks.
 */
export const dnsLimits = { nameLength: 253, labelLength: 63, contentLength: 4000 } as const;

/** Messages of the DNS rules whose wording the spec leaves to us. */
export const dnsMessages = {
  // Spec "Validation rules": host is required, with the generic message ('@' is the domain itself).
  host: validationMessages.required,
  hostPattern: 'A host is letters, digits and hyphens, separated by dots',
  ttl: `The TTL must be a whole number of at least ${limits.dnsTtlMin}`,
  ipv4: 'Please provide a valid IPv4 address',
  ipv6: 'Please provide a valid IPv6 address',
  mxPriority: `The MX priority must be a whole number of at least ${limits.mxPriorityMin}`,
  mxFormat: 'An MX value is a priority and a host separated by a space, e.g. "10 mail.example.ca"',
  txtLength: `A TXT value must be at most ${dnsLimits.contentLength} characters`,
  contentLength: `A value must be at most ${dnsLimits.contentLength} characters`,
  nameLength: `A name must be at most ${dnsLimits.nameLength} characters`,
  labelLength: `Each part of a name between dots must be at most ${dnsLimits.labelLength} characters`,
  typeFixed: 'The type of a record cannot change; delete it and create another',
  cnameConflict: 'A CNAME cannot share its name with other records',
  apexCname: 'The domain itself cannot be a CNAME',
  domainTaken: 'This domain is already added',
  deploymentPending: 'Domain names cannot change while the deployment is pending',
  notSuccess: 'Domain names can be set once the deployment has succeeded',
  noEndpoint: 'The deployment has no load-balancer address to point domain names at',
  certificateNeedsNames: 'Give the deployment a domain name before enabling HTTPS',
  insideAnotherAccount:
    'This domain is inside a domain another account manages; ask its owner to add the records there',
  aboveAnotherAccount:
    'This domain contains a domain another account manages, so it cannot be added here',
} as const;

/**
 * Why a public suffix (co.uk, github.io; Public Suffix List) cannot be added: every name under it
 * belongs to someone else, so holding it would block them all and answer for their names.
 */
export function publicSuffixMessage(domainName: string): string {
  return `${domainName} is a public suffix: add a name registered under it, such as example.${domainName}.`;
}

/** Why no certificate was issued: these names lie under no domain the account may vouch for. */
export function certificateOutsideDomainsMessage(names: readonly string[]): string {
  const listed =
    names.slice(0, 5).join(', ') + (names.length > 5 ? ` and ${names.length - 5} more` : '');
  const verb = names.length === 1 ? 'is' : 'are';
  return (
    `No certificate was issued: ${listed} ${verb} not under a domain this account holds ` +
    '(a public suffix such as co.uk does not count).'
  );
}

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
  organization_uuid: owningOrganizationField,
});

export type DomainCreateInput = z.infer<typeof domainCreateSchema>;

/** `DELETE /domain/name/{id}`: the zone and its records go in the background. */
export const domainRemovalSchema = z.object({ status: z.literal('deleting') });

export type DomainRemoval = z.infer<typeof domainRemovalSchema>;

/**
 * `DELETE /domain/name/{id}?release_names=true`: also takes the names under the domain off the
 * deployments that use them, in the same step (without it, such a domain is refused with 409).
 */
export const domainRemovalQuerySchema = z.object({
  release_names: z.stringbool({ error: 'release_names is true or false' }).optional(),
});

/** A deployment that uses names under a domain, as a refusal to delete the domain lists it. */
export interface NamingDeployment {
  appName: string;
  versionName: string;
  location: string;
}

/** Whether a 409 is `domainInUseMessage`'s: the console then offers to delete with the names. */
export function isDomainInUseMessage(message: string): boolean {
  return /^\S+ is still used by \d+ deployments?: /.test(message);
}

/** Why a domain cannot go yet, naming the deployments that use it. */
export function domainInUseMessage(domainName: string, users: readonly NamingDeployment[]): string {
  const listed = users
    .slice(0, 5)
    .map((user) => `${user.appName} (${user.versionName}, ${user.location})`);
  const more = users.length > 5 ? ` and ${users.length - 5} more` : '';
  const count = users.length === 1 ? '1 deployment' : `${users.length} deployments`;
  return (
    `${domainName} is still used by ${count}: ${listed.join(', ')}${more}. ` +
    'Remove their names under it first, or delete the domain together with them.'
  );
}

/** A deployment domain name under one of the user's domains (spec "Entities and their fields" Subdomain). */
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
  /** The same as domain_name (spec "Entities and their fields" names both). */
  name: z.string(),
  email: z.string().nullable(),
  /** The organisation that owns the domain; null when it is the caller's own. */
  organization_uuid: z.string().nullable(),
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
  .number({
    // Spec "Validation rules": TTL is a number, at least 0 (3600 when the body leaves it out).
    error: dnsMessages.ttl,
  })
  .int(dnsMessages.ttl)
  .min(limits.dnsTtlMin, dnsMessages.ttl)
  .max(2_147_483_647, dnsMessages.ttl)
  .default(limits.dnsDefaultTtl);

/** Checked against the type in checkRecordContent; here only capped, before anything else. */
const content = z
  .string({ error: validationMessages.required })
  .max(dnsLimits.contentLength, { error: dnsMessages.contentLength, abort: true })
  .trim()
  .min(1, validationMessages.required)
  .refine(hasNoNul, validationMessages.required);

/** The messages for a name too long for DNS (empty when it fits); any trailing dot is ignored. */
export function dnsNameErrors(name: string): string[] {
  const trimmed = name.replace(/\.$/, '');
  if (trimmed.length > dnsLimits.nameLength) return [dnsMessages.nameLength];
  return trimmed.split('.').some((label) => label.length > dnsLimits.labelLength)
    ? [dnsMessages.labelLength]
    : [];
}

/** The record's host or full name ('@' is the domain itself); its pattern is checked in the service. */
const recordHostName = z
  .string({ error: dnsMessages.host })
  .max(dnsLimits.contentLength, { error: dnsMessages.nameLength, abort: true })
  .trim()
  .toLowerCase()
  .min(1, dnsMessages.host)
  .superRefine((value, context) => {
    for (const message of dnsNameErrors(value)) context.addIssue({ code: 'custom', message });
  });

/** `POST /domain/dns/user`: body {domain_uuid, domain, ttl, type, content}. */
export const dnsRecordCreateSchema = z.object({
  domain_uuid: z.uuid({ error: validationMessages.domain }),
  domain: recordHostName,
  type: z.enum(dnsRecordTypes, { error: validationMessages.required }),
  ttl,
  content,
});

export type DnsRecordCreateInput = z.infer<typeof dnsRecordCreateSchema>;

/** `PUT /domain/dns/user/{id}`: body {domain, ttl, content}; a `type` other than the record's is refused. */
export const dnsRecordUpdateSchema = z.object({
  domain: recordHostName,
  ttl,
  content,
  type: z.enum(dnsRecordTypes).optional(),
});

export type DnsRecordUpdateInput = z.infer<typeof dnsRecordUpdateSchema>;

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();

/** A name as stored (lower-case, no trailing dot), or the messages saying why it is not one. */
function checkTargetName(
  raw: string,
): { ok: true; name: string } | { ok: false; errors: string[] } {
  const name = raw.toLowerCase().replace(/\.$/, '');
  const errors = dnsNameErrors(name);
  if (errors.length > 0) return { ok: false, errors };
  return domainNamePattern.test(name)
    ? { ok: true, name }
    : { ok: false, errors: [validationMessages.domain] };
}

/**
 * The value rules of spec "Validation rules" for one record type: valid IPv4/IPv6 for A/AAAA, the domain-name
 * pattern for CNAME and NS, 'priority host' for MX, and what fits a DNS message (dnsLimits).
 * Answers the messages (empty when valid) and the value as stored (lower-cased names, single
 * spaces).
 */
export function checkRecordContent(
  type: DnsRecordType,
  raw: string,
): { ok: true; content: string } | { ok: false; errors: string[] } {
  // Capped before anything else, so a huge value costs nothing more.
  if (raw.length > dnsLimits.contentLength) {
    return {
      ok: false,
      errors: [type === 'TXT' ? dnsMessages.txtLength : dnsMessages.contentLength],
    };
  }
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
      const checked = checkTargetName(value);
      return checked.ok ? { ok: true, content: checked.name } : checked;
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
      const host = checkTargetName(hostText);
      if (!host.ok) errors.push(...host.errors);
      return host.ok && errors.length === 0
        ? { ok: true, content: `${priority} ${host.name}` }
        : { ok: false, errors };
    }
    case 'TXT':
      // The responder sends it as character-strings of at most 255 octets each.
      return { ok: true, content: value };
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
    .array(
      z
        .string({ error: validationMessages.smartClusterAppDomains })
        .max(dnsLimits.nameLength, dnsMessages.nameLength),
      { error: validationMessages.smartClusterAppDomains },
    )
    .min(1, validationMessages.smartClusterAppDomains)
    .max(20, 'At most 20 domain names per deployment'),
});

/** `PUT /domain/dns/user/versions/{versionId}/smart_clusters/{clusterId}`: {subdomains, smart_cluster_name}. */
export const versionSubdomainsSchema = z.object({
  subdomains: z
    .array(
      z
        .string({ error: validationMessages.smartClusterAppDomains })
        .max(dnsLimits.nameLength, dnsMessages.nameLength),
    )
    .min(1, validationMessages.smartClusterAppDomains)
    .max(20, 'At most 20 domain names per deployment'),
  smart_cluster_name: optionalText(
    validationMessages.name,
    limits.nameMaxLength,
    tooLongMessage('Name', limits.nameMaxLength),
  ),
});

/**
 * Spec "Validation rules": each name trimmed, lower-cased and de-duplicated; whitespace-only refused. Answers
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

/** `GET /domain/name/page`: one page of the user's domains, oldest first. */
export const domainPageQuerySchema = listPageQuerySchema;

export const domainPageSchema = listPageSchema(domainSchema);

export type DomainPage = z.infer<typeof domainPageSchema>;
