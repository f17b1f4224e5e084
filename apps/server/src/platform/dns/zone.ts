import type { DnsRecordType } from '@meridian/domain/limits';

/**
 * What Meridian serves as authoritative DNS: one zone per user domain. Built from the database by
 * the domain module (records, plus deployment domain names as A/AAAA of their load-balancer
 * address) and consumed by whatever serves it — the built-in responder or the PowerDNS publisher.
 */
export interface ZoneRecord {
  /** Full name, lower-case, without the trailing dot (the apex is the zone name itself). */
  name: string;
  type: DnsRecordType;
  ttl: number;
  /**
   * As stored: an address for A/AAAA, a name for CNAME/NS, 'priority host' for MX, the text for
   * TXT (not quoted).
   */
  content: string;
}

export interface Zone {
  /** The domain name, lower-case, without the trailing dot. */
  apex: string;
  /** Increases with every change of the zone (the SOA serial). */
  serial: number;
  records: ZoneRecord[];
  /** The domain's contact address, if its owner gave one: the SOA's mailbox then. */
  contact?: string | null;
}

/**
 * The SOA's responsible mailbox as a domain name (RFC 1035 §8): 'hostmaster@example.ca' is
 * 'hostmaster.example.ca', a dot in the local part escaped. Meridian's own without a contact.
 */
export function soaMailbox(zone: Pick<Zone, 'contact'>, authority: ZoneAuthority): string {
  const at = zone.contact?.lastIndexOf('@') ?? -1;
  if (!zone.contact || at <= 0) return authority.hostmaster;
  const local = zone.contact.slice(0, at).replace(/\\/g, '\\\\').replace(/\./g, '\\.');
  return `${local}.${zone.contact
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, '')}`;
}

/** SOA and NS every zone gets from Meridian (architecture "Configuration" MERIDIAN_NAMESERVERS). */
export interface ZoneAuthority {
  /** The two fixed name servers, without trailing dots. */
  nameservers: readonly string[];
  /** The SOA's responsible mailbox as a name, e.g. hostmaster.meridian-dns.example. */
  hostmaster: string;
  /** TTL of the SOA and NS answers, and the negative-caching TTL (SOA minimum). */
  ttl: number;
}

/** Where zones come from; `subscribe` calls back (soon) after any change, from any process. */
export interface ZoneSource {
  loadZones(): Promise<Zone[]>;
  subscribe(listener: () => void): () => void;
}
