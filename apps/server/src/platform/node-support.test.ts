import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const repoFile = (name: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../${name}`, import.meta.url)), 'utf8'));

describe('the Node versions the README promises', () => {
  it('are supported by every installed package, so npm install prints no EBADENGINE', () => {
    const promised = (repoFile('package.json') as { engines: { node: string } }).engines.node;
    const oldest = semver.minVersion(promised)!.version;
    const lock = repoFile('package-lock.json') as {
      packages: Record<string, { engines?: { node?: string } | string[]; dev?: boolean }>;
    };
    const unsupported = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return range && !semver.satisfies(oldest, range) ? [`${path} wants node ${range}`] : [];
    });
    expect(unsupported).toEqual([]);
  });
});
