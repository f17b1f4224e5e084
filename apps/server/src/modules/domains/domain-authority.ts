import type { ZoneAuthority } from '../../platform/dns/zone';

/** SOA and NS every served zone gets: the hostmaster sits on the name servers' own domain. */
export function zoneAuthority(nameservers: readonly string[]): ZoneAuthority {
  const providerDomain = nameservers[0]!.split('.').slice(1).join('.');
  return { nameservers, hostmaster: `hostmaster.${providerDomain}`, ttl: 300 };
}
