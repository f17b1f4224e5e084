import { describe, expect, it } from 'vitest';
import { listPageLimits, listPageMessages, listPageQuerySchema, pageOf } from './list-page';

describe('list pages', () => {
  it('defaults to the first page of the default size', () => {
    expect(listPageQuerySchema.parse({})).toEqual({ limit: listPageLimits.default, offset: 0 });
    expect(listPageQuerySchema.parse({ limit: '10', offset: '20' })).toEqual({
      limit: 10,
      offset: 20,
    });
  });

  it('refuses sizes out of bounds with a sentence', () => {
    for (const limit of ['0', '201', '-1', '1.5', 'ten']) {
      const result = listPageQuerySchema.safeParse({ limit });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(listPageMessages.limit);
    }
    expect(listPageQuerySchema.safeParse({ offset: '-3' }).success).toBe(false);
  });

  it('slices a page and counts the whole list', () => {
    const all = Array.from({ length: 7 }, (_, index) => index);
    expect(pageOf(all, { limit: 3, offset: 3 })).toEqual({
      items: [3, 4, 5],
      total: 7,
      offset: 3,
      limit: 3,
    });
    expect(pageOf(all, { limit: 3, offset: 9 }).items).toEqual([]);
  });
});
