import { describe, expect, it } from 'vitest';
import { versionFixture } from '../../../shared/testing/api-fixtures';
import { nextVersionName, versionPrefill } from './version-prefill';

describe('the version a new one starts from', () => {
  it('names the new version after it, with a name no version has', () => {
    expect(nextVersionName('v2', ['v1', 'v2'])).toBe('v3');
    expect(nextVersionName('v2', ['v1', 'v2', 'v3', 'v4'])).toBe('v5');
    expect(nextVersionName('1.4.9', ['1.4.9'])).toBe('1.4.10');
    expect(nextVersionName('release', ['release'])).toBe('release-2');
    expect(nextVersionName('release', ['release', 'release-2'])).toBe('release-3');
  });

  it('starts from the defaults when there is no version, and from a Basic one made before its settings were kept', () => {
    const empty = versionPrefill(null, []);
    expect(empty.values).toEqual({
      deploymentReplicas: 1,
      dockerRegistryType: 'public',
      dockerRegistryUuid: '',
      healthCheck: { type: 'none' },
      flavor: 'mini',
      volumeType: 'SSD',
    });
    expect(empty.choice).toEqual({ family: 'kubernetes', kubeType: 'KUBERNETES_BASIC' });
    // The list of apps leaves the settings out: the defaults, under the next name.
    const listed = versionPrefill(versionFixture({ name: 'v1' }), []);
    expect(listed.values).toEqual({ ...empty.values, name: 'v2' });
    expect(listed.passwordAgain).toBe(false);
  });
});
