import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliError, loadSettings, saveSettings, settingsFile } from './settings';

describe('CLI settings', () => {
  let home: string;
  beforeEach(async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'meridian-settings-'));
  });
  afterEach(() => rm(home, { recursive: true, force: true }));

  const stored = { url: 'http://127.0.0.1:8080', apiKey: 'mk_stored', userId: 'u-stored' };

  it('keeps them in the config dir, readable by the owner alone', async () => {
    const env = { XDG_CONFIG_HOME: home };
    const file = await saveSettings(stored, env);
    expect(file).toBe(path.join(home, 'meridian', 'config.json'));
    expect(settingsFile(env)).toBe(file);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o077).toBe(0);
    expect(await loadSettings(env)).toEqual(stored);
  });

  it('lets a pipeline’s variables win over what login stored', async () => {
    const env = { XDG_CONFIG_HOME: home, MERIDIAN_API_KEY: 'mk_pipeline' };
    await saveSettings(stored, env);
    expect(await loadSettings(env)).toEqual({ ...stored, apiKey: 'mk_pipeline' });
    expect(
      await loadSettings({
        XDG_CONFIG_HOME: path.join(home, 'none'),
        MERIDIAN_URL: 'https://meridian.example.ca',
        MERIDIAN_API_KEY: 'mk_1',
        MERIDIAN_USER_ID: 'u-1',
      }),
    ).toEqual({ url: 'https://meridian.example.ca', apiKey: 'mk_1', userId: 'u-1' });
  });

  it('says how to log in when nothing is set', async () => {
    const missing = loadSettings({ XDG_CONFIG_HOME: home, MERIDIAN_URL: 'not a url' });
    await expect(missing).rejects.toBeInstanceOf(CliError);
    await expect(missing).rejects.toThrow(
      'Not logged in: run `meridian login`, or set MERIDIAN_URL, MERIDIAN_API_KEY and MERIDIAN_USER_ID.',
    );
  });
});
