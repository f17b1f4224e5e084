import { describe, expect, it } from 'vitest';
import { isConsolePage } from './console-pages';

describe('console pages', () => {
  it('knows the pages, with any value in a parameter segment', () => {
    for (const path of ['/', '/login', '/clusters', '/apps/42', '/apps/42/7', '/domain']) {
      expect(isConsolePage(path), path).toBe(true);
    }
  });

  it('leaves API paths and unknown paths alone', () => {
    for (const path of ['/nope', '/domain/name', '/cluster/clusters', '/apps', '/apps/1/2/3']) {
      expect(isConsolePage(path), path).toBe(false);
    }
  });
});
