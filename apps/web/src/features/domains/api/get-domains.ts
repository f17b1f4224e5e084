import {
  domainPageSchema,
  type Domain,
  type DomainPage,
} from '@meridian/domain/domains/domain-api';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** ['domains'] is what live domain and subdomain events refresh; records sit under it. */
export const domainsQueryKey = ['domains'] as const;

/** The domains page's pages, under ['domains'] so the same events refresh them. */
export const domainPagesQueryKey = [...domainsQueryKey, 'pages'] as const;

/** Domains per page: a few screens of cards, a few kilobytes. */
export const domainPageSize = 50;

/** The domain's name: spec "Entities and their fields" allows domain_name or name. */
export function domainNameOf(domain: Pick<Domain, 'domain_name' | 'name'>): string {
  return domain.domain_name || domain.name;
}

/** GET /domain/name/page: one page of the user's domains, oldest first. */
export function getDomainPage(
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<DomainPage> {
  return apiClient.get(`${apiPaths.domain}/name/page`, {
    query: page,
    signal,
    schema: domainPageSchema,
  });
}

export function domainPagesOptions() {
  return infiniteQueryOptions({
    queryKey: domainPagesQueryKey,
    queryFn: ({ pageParam, signal }) =>
      getDomainPage({ limit: domainPageSize, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last: DomainPage) =>
      last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined,
  });
}

export function useDomainPages() {
  return useInfiniteQuery(domainPagesOptions());
}

type DomainPages = InfiniteData<DomainPage>;

/** The pages with a new domain: the newest comes last, so it joins the last page once loaded. */
export function withDomainAdded(data: DomainPages, domain: Domain): DomainPages {
  const last = data.pages.length - 1;
  const pages = data.pages.map((page, index) => {
    const items = page.items.filter((item) => item.uuid !== domain.uuid);
    const atEnd = index === last && page.offset + page.items.length >= page.total;
    return {
      ...page,
      items: atEnd ? [...items, domain] : items,
      total: page.total + (items.length === page.items.length ? 1 : 0),
    };
  });
  return { ...data, pages };
}

/** The pages without a domain. */
export function withDomainRemoved(data: DomainPages, domainId: string): DomainPages {
  const found = data.pages.some((page) => page.items.some((item) => item.uuid === domainId));
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.filter((item) => item.uuid !== domainId),
    total: found ? page.total - 1 : page.total,
  }));
  return { ...data, pages };
}
