// zod/mini: the console's first page reads list pages, and classic zod would add ~12 KB to it.
import { z } from 'zod/mini';

/**
 * One page of a list the console shows (`?limit=&offset=`), so a user with thousands of entries
 * gets answers of a few kilobytes; `total` counts every entry that matches, not only this page.
 */
export const listPageLimits = { default: 50, max: 200 } as const;

export const listPageMessages = {
  limit: `The page size (limit) must be a whole number from 1 to ${listPageLimits.max}`,
  offset: 'The offset must be a whole number of at least 0',
  search: 'The search must be at most 100 characters',
} as const;

/** Query text of a whole number; anything else gives `message`. */
function wholeNumberQuery(min: number, max: number, message: string) {
  return z.pipe(
    z.pipe(z.string({ error: message }).check(z.regex(/^\d{1,9}$/, message)), z.transform(Number)),
    z.int({ error: message }).check(z.minimum(min, message), z.maximum(max, message)),
  );
}

export const listPageQuerySchema = z.object({
  limit: z._default(
    z.optional(wholeNumberQuery(1, listPageLimits.max, listPageMessages.limit)),
    listPageLimits.default,
  ),
  offset: z._default(z.optional(wholeNumberQuery(0, 1_000_000_000, listPageMessages.offset)), 0),
});

export type ListPageQuery = z.infer<typeof listPageQuerySchema>;

/** A search by name: trimmed, lower-cased, bounded. */
export const listSearchSchema = z.optional(
  z
    .string({ error: listPageMessages.search })
    .check(z.trim(), z.toLowerCase(), z.maxLength(100, listPageMessages.search)),
);

/** The envelope of one page of `item`. */
export function listPageSchema<T extends z.core.$ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().check(z.describe('Entries matching the query, on every page')),
    offset: z.number(),
    limit: z.number(),
  });
}

/** The page `query` asks for out of `all` (already filtered and ordered). */
export function pageOf<T>(all: readonly T[], query: ListPageQuery) {
  return {
    items: all.slice(query.offset, query.offset + query.limit),
    total: all.length,
    offset: query.offset,
    limit: query.limit,
  };
}
