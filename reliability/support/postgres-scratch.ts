import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';

/** A throwaway database on a PostgreSQL server the suite may use; `drop` removes it. */
export interface ScratchDatabase {
  url: string;
  /** The database as `pg_dump` writes it (plain SQL). */
  dump(): Buffer;
  drop(): void;
}

const defaultServer = 'postgres://postgres@127.0.0.1:5432/test';

function psql(serverUrl: string, statement: string) {
  return spawnSync('psql', [serverUrl, '-v', 'ON_ERROR_STOP=1', '-Atc', statement], {
    env: { ...process.env, PGCONNECT_TIMEOUT: '3' },
    encoding: 'utf8',
  });
}

/** TEST_DATABASE_URL's server (or the loopback default) when it answers and pg_dump is here. */
export function reachablePostgres(): string | undefined {
  const serverUrl = process.env.TEST_DATABASE_URL || defaultServer;
  const host = new URL(serverUrl).hostname;
  // Tests contact only loopback.
  if (host !== '127.0.0.1' && host !== 'localhost') return undefined;
  if (spawnSync('pg_dump', ['--version']).status !== 0) return undefined;
  return psql(serverUrl, 'SELECT 1').status === 0 ? serverUrl : undefined;
}

/** A fresh database on that server, so other engineers' databases are left alone. */
export function scratchDatabase(serverUrl: string): ScratchDatabase {
  const name = `meridian_secrets_${randomBytes(6).toString('hex')}`;
  const created = psql(serverUrl, `CREATE DATABASE ${name}`);
  if (created.status !== 0) throw new Error(`CREATE DATABASE failed: ${created.stderr}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    dump() {
      const dumped = spawnSync('pg_dump', ['--no-owner', url.href], {
        maxBuffer: 512 * 1024 * 1024,
      });
      if (dumped.status !== 0) throw new Error(`pg_dump failed: ${dumped.stderr.toString()}`);
      return dumped.stdout;
    },
    drop: () => void psql(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
