import { z } from 'zod';

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
  return z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

export const listPageQuerySchema = z.object({
  limit: wholeNumberQuery(1, listPageLimits.max, listPageMessages.limit)
    .optional()
    .default(listPageLimits.default),
  offset: wholeNumberQuery(0, 1_000_000_000, listPageMessages.offset).optional().default(0),
});

export type ListPageQuery = z.infer<typeof listPageQuerySchema>;

/** A search by name: trimmed, lower-cased, bounded. */
export const listSearchSchema = z
  .string({ error: listPageMessages.search })
  .trim()
  .toLowerCase()
  .max(100, listPageMessages.search)
  .optional();

/** The envelope of one page of `item`. */
export function listPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().describe('Entries matching the query, on every page'),
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
