import { describe, expect, it } from 'vitest';
import {
  domainNamesBody,
  domainUpdateBlocked,
  fullDomainName,
  httpsBlocked,
  initialDomainNamesForm,
} from './update-domain.rules';

describe('initialDomainNamesForm', () => {
  it('splits the current names under the root they fall in', () => {
    expect(
      initialDomainNamesForm(['shop.example.ca', 'example.ca'], ['example.ca', 'other.io']),
    ).toEqual({ root: 'example.ca', names: ['shop', '@'] });
  });

  it('starts with one empty input, on the only domain when there is one', () => {
    expect(initialDomainNamesForm([], ['example.ca'])).toEqual({ root: 'example.ca', names: [''] });
    expect(initialDomainNamesForm([], ['a.ca', 'b.ca'])).toEqual({ root: undefined, names: [''] });
  });
});

describe('fullDomainName', () => {
  it('appends the root to the left part; @ and full names stay', () => {
    expect(fullDomainName(' WWW ', 'example.ca')).toBe('www.example.ca');
    expect(fullDomainName('@', 'example.ca')).toBe('example.ca');
    expect(fullDomainName('Shop.Example.ca.', 'example.ca')).toBe('shop.example.ca');
    expect(fullDomainName('example.ca', 'example.ca')).toBe('example.ca');
  });
});

describe('domainNamesBody', () => {
  it('requires a root domain', () => {
    expect(domainNamesBody({ names: ['www'] })).toEqual({
      ok: false,
      field: 'root',
      errors: ['You must choose a root domain'],
    });
  });

  it('refuses whitespace-only inputs and an empty list', () => {
    const refused = {
      ok: false,
      field: 'names',
      errors: ['Please enter at least one valid domain'],
    };
    expect(domainNamesBody({ root: 'example.ca', names: ['www', '   '] })).toEqual(refused);
    expect(domainNamesBody({ root: 'example.ca', names: [] })).toEqual(refused);
    expect(domainNamesBody({ root: 'example.ca', names: ['bad name'] })).toEqual(refused);
  });

  it('lower-cases and de-duplicates the full names under the root', () => {
    expect(
      domainNamesBody({
        root: 'example.ca',
        names: ['WWW', 'www.example.ca', '@', 'Example.ca'],
      }),
    ).toEqual({ ok: true, domainNames: ['www.example.ca', 'example.ca'] });
  });
});

describe('blocking', () => {
  it('refuses while the deployment is pending or otherwise in progress', () => {
    expect(domainUpdateBlocked({ status: 'pending' })).toBe(
      'Domain names cannot change while the deployment is pending',
    );
    expect(domainUpdateBlocked({ status: 'updating' })).not.toBeNull();
    expect(domainUpdateBlocked({ status: 'success' })).toBeNull();
    expect(domainUpdateBlocked({ status: 'update_subdomains_failure' })).toBeNull();
  });

  it('needs a domain name before HTTPS', () => {
    expect(httpsBlocked({ status: 'success', domain_names: [] })).toBe(
      'Give the deployment a domain name before enabling HTTPS',
    );
    expect(httpsBlocked({ status: 'success', domain_names: ['a.example.ca'] })).toBeNull();
  });
});
