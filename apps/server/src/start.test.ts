import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../test-support/server-process';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

function groupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start', () => {
  it('leaves no process behind when stopped with Ctrl-C', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-start-'));
    const port = await freePort();
    // Its own process group, as a terminal gives a command: Ctrl-C signals the whole group.
    const npm = spawn('npm', ['start'], {
      cwd: repositoryRoot,
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        MERIDIAN_DATA_DIR: dataDir,
        MERIDIAN_DNS_PORT: '0',
        MERIDIAN_SKIP_WEB_BUILD: '1',
        MERIDIAN_ADMIN_PASSWORD: 'start-test-password-1',
        LOG_LEVEL: 'warn',
      },
    });
    const groupId = npm.pid!;
    try {
      const deadline = Date.now() + 60_000;
      while (
        !(await fetch(`http://127.0.0.1:${port}/health`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (Date.now() > deadline || npm.exitCode !== null)
          throw new Error('npm start did not start');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const exited = new Promise((resolve) => npm.once('exit', resolve));
      process.kill(-groupId, 'SIGINT');
      await exited;
      // Whatever npm started has gone too, and the port is free again.
      const gone = Date.now() + 15_000;
      while (groupAlive(groupId) && Date.now() < gone) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(groupAlive(groupId)).toBe(false);
      expect(
        await fetch(`http://127.0.0.1:${port}/health`).then(
          () => 'answered',
          () => 'closed',
        ),
      ).toBe('closed');
    } finally {
      if (groupAlive(groupId)) process.kill(-groupId, 'SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
