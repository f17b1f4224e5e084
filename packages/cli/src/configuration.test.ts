import type { App, Version } from '@meridian/domain/apps/app-api';
import { describe, expect, it } from 'vitest';
import { currentVersion, editedSettings, parseAssignments } from './configuration';

const settings = {
  deploymentImage: 'nginx:1.27',
  deploymentReplicas: 1,
  deploymentTargetPort: 8080,
  deploymentPort: 80,
  dockerRegistryType: 'public' as const,
  env: [
    { name: 'A', value: '1' },
    { name: 'B', value: '2' },
  ],
  secrets: [{ name: 'TOKEN', set: true as const }],
};

describe('the CLI’s configuration edits', () => {
  it('sets variables over the current ones and keeps every secret without its value', () => {
    expect(
      editedSettings(settings, { kind: 'env-set', variables: parseAssignments(['B=3', 'C=x=y']) }),
    ).toEqual({
      ...settings,
      env: [
        { name: 'A', value: '1' },
        { name: 'B', value: '3' },
        { name: 'C', value: 'x=y' },
      ],
      secrets: [{ name: 'TOKEN', keep: true }],
    });
  });

  it('replaces a secret’s value, removes names, and refuses unknown or invalid ones', () => {
    const next = editedSettings(settings, { kind: 'secret-set', name: 'TOKEN', value: 's3' });
    expect(next).toMatchObject({ secrets: [{ name: 'TOKEN', value: 's3' }] });
    expect(editedSettings(settings, { kind: 'env-unset', names: ['A', 'B'] })).not.toHaveProperty(
      'env',
    );
    expect(() => editedSettings(settings, { kind: 'env-unset', names: ['Z'] })).toThrow(
      'The app has no environment variable named Z.',
    );
    expect(() => parseAssignments(['1A=b'])).toThrow('1A is not a valid name');
    expect(() => parseAssignments(['A'])).toThrow('A is not NAME=VALUE.');
  });

  it('edits the newest version that runs, not a newer one that never did', () => {
    const version = (uuid: string, createdAt: string) => ({ uuid, createdAt }) as Version;
    const app = {
      name: 'shop',
      versions: [
        version('v1', '2026-01-01'),
        version('v2', '2026-02-01'),
        version('v3', '2026-03-01'),
      ],
      deployments: [{ version_uuid: 'v2' }],
    } as unknown as App;
    expect(currentVersion(app).uuid).toBe('v2');
    expect(currentVersion({ ...app, deployments: [] }).uuid).toBe('v3');
  });
});
