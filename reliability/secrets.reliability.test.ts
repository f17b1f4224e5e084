import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { printTable } from './support/figures';
import { admin, freePort, startMeridian } from './support/meridian-process';
import { dumpPglite } from './support/pglite-dump';
import { reachablePostgres, scratchDatabase } from './support/postgres-scratch';
import { filesUnder, needlesOf, scanFiles, type ScanResult } from './support/secret-scan';
import { freshSecret, plantSecrets } from './support/secret-sources';

/**
 * Secrets never in plain text: every kind of secret the server is given or issues goes in through
 * the API, then the stopped server's data directory (raw bytes), its database dump (PostgreSQL)
 * and its whole output at debug level are searched for each one, in plain text and base64.
 */
const figures: string[][] = [];
const control = 'keeper@example.ca';
const postgres = reachablePostgres();

afterAll(() => {
  printTable(
    'Secrets at rest and in logs',
    ['backend / place', 'files', 'bytes', 'secrets', 'forms', 'hits'],
    figures,
  );
});

interface Scanned {
  place: string;
  result: ScanResult;
}

/** Runs a server on this backend, gives it the secrets, stops it and scans what it left. */
async function plantAndScan(backend: 'PGlite' | 'PostgreSQL') {
  const database = backend === 'PostgreSQL' ? scratchDatabase(postgres!) : undefined;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-secrets-'));
  const logFile = path.join(work, 'server.log');
  const adminPassword = freshSecret('admin-pw');
  const env = {
    // As much output as the server can give: a secret must not be in any of it.
    LOG_LEVEL: 'trace',
    MERIDIAN_ADMIN_PASSWORD: adminPassword,
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const server = await startMeridian(env, { logFile });
  let stopped = false;
  try {
    const credentials = { username: admin.username, password: adminPassword };
    const planted = await plantSecrets(server.baseUrl, credentials, await freePort());
    await server.stop({ keepDataDir: true });
    stopped = true;
    const needles = [
      ...planted.flatMap(({ name, value, extra }) => needlesOf(name, value, extra)),
      // Not a secret, stored as given: its hits show the scan reads the stored rows.
      { secret: control, form: 'plain', bytes: Buffer.from(control) },
    ];
    const scanned: Scanned[] = [
      { place: 'data dir', result: scanFiles(filesUnder(server.dataDir), needles, 'data dir') },
      { place: 'stdout+stderr', result: scanFiles([logFile], needles, 'output') },
    ];
    // The rows as text too: a long value is stored compressed, where raw bytes would miss it.
    const dumpFile = path.join(work, 'dump.sql');
    fs.writeFileSync(dumpFile, database ? database.dump() : await dumpPglite(server.dataDir));
    const dumpPlace = database ? 'pg_dump' : 'rows as text';
    scanned.push({ place: dumpPlace, result: scanFiles([dumpFile], needles, dumpPlace) });
    return { planted, needles, scanned };
  } finally {
    if (!stopped) await server.stop({ keepDataDir: true });
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    database?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

describe('secrets are never stored or logged in plain text', () => {
  const backends = postgres ? (['PGlite', 'PostgreSQL'] as const) : (['PGlite'] as const);

  it.each(backends)('on %s: 0 hits in the data, its dump and the output', async (backend) => {
    const { planted, needles, scanned } = await plantAndScan(backend);
    const secretHits = ({ hits }: ScanResult) => hits.filter((hit) => hit.secret !== control);
    for (const { place, result } of scanned) {
      figures.push([
        `${backend} / ${place}`,
        String(result.files),
        String(result.bytes),
        String(planted.length),
        String(needles.length - 1),
        String(secretHits(result).length),
      ]);
    }
    expect(scanned.flatMap(({ result }) => secretHits(result))).toEqual([]);
    // The scan read real content: each copy of the database shows a stored email, the output is
    // not empty (a PostgreSQL data dir holds the secret key file only).
    for (const { place, result } of scanned) {
      const database = place !== 'stdout+stderr' && (place !== 'data dir' || backend === 'PGlite');
      expect(
        result.hits.some((hit) => hit.secret === control),
        place,
      ).toBe(database);
      if (!database) expect(result.bytes, place).toBeGreaterThan(place === 'data dir' ? 0 : 1_000);
    }
    expect(planted.map((secret) => secret.name)).toHaveLength(13);
  });

  it('finds a secret that is there: the scan itself is not blind', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-secrets-probe-'));
    try {
      const secret = freshSecret('probe');
      const file = path.join(work, 'page');
      // Plain, inside base64 at an odd offset, and nowhere.
      const encoded = Buffer.from(`xx{"password":"${secret}"}`).toString('base64');
      fs.writeFileSync(file, Buffer.concat([Buffer.alloc(100), Buffer.from(encoded)]));
      fs.writeFileSync(path.join(work, 'other'), `…${secret}…`);
      fs.writeFileSync(path.join(work, 'clean'), 'nothing here');
      const result = scanFiles(filesUnder(work), needlesOf('probe', secret), 'probe');
      expect(new Set(result.hits.map((hit) => path.basename(hit.place.split(' ')[1]!)))).toEqual(
        new Set(['page', 'other']),
      );
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
