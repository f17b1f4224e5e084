import { describe, expect, it } from 'vitest';
import { imageForCommit } from './git-source';

describe('the image a commit deploys', () => {
  const sha = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';

  it('fills the commit and a branch an image tag can carry', () => {
    expect(imageForCommit('ghcr.io/acme/shop:{short_sha}-{branch}', sha, 'feature/ü')).toBe(
      'ghcr.io/acme/shop:a1b2c3d-feature--',
    );
    expect(imageForCommit('acme/shop:{branch}-{sha}', sha, '..')).toBe(`acme/shop:branch-${sha}`);
    expect(imageForCommit('acme/shop:{branch}', sha, '-.x')).toBe('acme/shop:x');
    const tag = imageForCommit('acme/shop:{branch}-{sha}', sha, 'b'.repeat(300)).split(':')[1]!;
    expect(tag.length).toBeLessThanOrEqual(128);
  });
});
