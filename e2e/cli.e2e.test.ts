import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizedFetch,
  createBasicAppByApi,
  createSmartClusterByApi,
  createUserByApi,
  deleteAppsByApi,
  deleteSmartClusterByApi,
  logInByApi,
  pollUntil,
  type Api,
  type Credentials,
} from './support/session';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();
const suffix = Date.now().toString(36);
const appName = `cli-${suffix}`;
const clusterName = `e2e-cli-${suffix}`;
const binary = fileURLToPath(new URL('../node_modules/.bin/meridian', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

interface DeploymentView {
  uuid: string;
  status: string;
  image_name: string | null;
  datacenter_uuid: string;
}

/** The `meridian` binary as a pipeline runs it: its own config dir, only the env it is given. */
describe('the meridian CLI against a running Meridian', () => {
  let configHome: string;
  let user: Credentials;
  let api: Api;
  let smartClusterUuid: string | undefined;

  const meridian = (
    args: string[],
    env: Record<string, string> = {},
    input?: string,
  ): Promise<Run> =>
    new Promise((resolve) => {
      const child = execFile(
        binary,
        args,
        {
          env: {
            PATH: process.env.PATH ?? '',
            HOME: configHome,
            XDG_CONFIG_HOME: configHome,
            ...env,
          },
        },
        (error, stdout, stderr) =>
          resolve({
            code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
            stdout,
            stderr,
          }),
      );
      if (input !== undefined) child.stdin?.end(input);
    });

  const deployments = async (): Promise<DeploymentView[]> => {
    const apps = (await (await api('/meridian/v1/kube/apps')).json()) as {
      name: string;
      deployments: DeploymentView[];
    }[];
    return apps.find((app) => app.name === appName)?.deployments ?? [];
  };

  beforeAll(async () => {
    configHome = await mkdtemp(path.join(os.tmpdir(), 'meridian-cli-'));
    user = await createUserByApi(baseUrl, 'e2e-cli');
    api = authorizedFetch(baseUrl, await logInByApi(baseUrl, user));
    smartClusterUuid = await createSmartClusterByApi(api, {
      name: clusterName,
      datacenters: ['ca-montreal', 'jp-tokyo'],
    });
    await createBasicAppByApi(api, { name: appName, smartClusterUuid });
    await pollUntil(async () => {
      const running = await deployments();
      return running.length === 2 && running.every((entry) => entry.status === 'success');
    }, 'the app to run in both locations');
  });
  afterAll(async () => {
    if (api) await deleteAppsByApi(api, (name) => name === appName);
    if (api && smartClusterUuid) await deleteSmartClusterByApi(api, smartClusterUuid);
    await rm(configHome, { recursive: true, force: true });
  });

  it('logs in with a password once, keeping only an API key, readable by its owner alone', async () => {
    const run = await meridian(['login', '--url', baseUrl, '--username', user.username], {
      MERIDIAN_PASSWORD: user.password,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const file = path.join(configHome, 'meridian', 'config.json');
    expect(run.stdout).toContain(
      `Logged in to ${new URL(baseUrl).origin}; the key is kept in ${file}.`,
    );
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
    expect(stored.apiKey).toMatch(/^mk_/);
    expect(JSON.stringify(stored)).not.toContain(user.password);
  });

  it('lists the apps, and an app’s status as JSON for scripts', async () => {
    const apps = await meridian(['apps']);
    expect(apps.code).toBe(0);
    expect(apps.stdout).toContain(`${appName} v1  ${clusterName} / Montréal  success`);
    const status = await meridian(['--output', 'json', 'status', '--app', appName]);
    expect(status.code).toBe(0);
    const parsed = JSON.parse(status.stdout) as DeploymentView[];
    expect(parsed.map((entry) => entry.datacenter_uuid).sort()).toEqual([
      'ca-montreal',
      'jp-tokyo',
    ]);
  });

  it('prints a deployment’s logs, of another location too, and refuses a bad tail', async () => {
    const [first] = await deployments();
    // A fresh pod has written a line or two yet: one is asked for.
    const run = await meridian(['logs', first!.uuid, '--tail', '1']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT\S+ \S+ /);
    const other = first!.datacenter_uuid === 'jp-tokyo' ? 'Montréal' : 'Tokyo';
    const json = await meridian(['--output', 'json', 'logs', first!.uuid, '--location', other]);
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as { location: string }).location).toBe(other);
    const bad = await meridian(['logs', first!.uuid, '--tail', '0']);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe('tail must be a whole number from 1 to 5000');
  });

  it('deploys an image and waits until every location runs it, exit 0', async () => {
    const run = await meridian([
      'deploy',
      '--app',
      appName,
      '--image',
      'nginx:1.28',
      '--wait',
      '--timeout',
      '2m',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('nginx:1.28 runs everywhere.');
    // Progress while waiting goes to stderr, one line per change, ending with both ready.
    const progress = run.stderr.trim().split('\n');
    expect(progress.at(-1)).toMatch(/^Rolling out nginx:1\.28: 2 of 2 locations ready \(/);
    const now = await deployments();
    expect(now.map((entry) => [entry.status, entry.image_name])).toEqual([
      ['success', 'nginx:1.28'],
      ['success', 'nginx:1.28'],
    ]);
  });

  it('sets env and a secret from stdin as new versions, waits, and lists the secret sealed', async () => {
    const quick = ['--app', appName, '--wait', '--timeout', '2m', '--bake-seconds', '0'];
    const set = await meridian(['env', 'set', 'FEATURE_X=on', 'LOG_LEVEL=debug', ...quick]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toMatch(/runs everywhere/);
    const secret = await meridian(
      ['secrets', 'set', 'API_TOKEN', ...quick],
      {},
      'cli-secret-value\n',
    );
    expect(secret.code, secret.stderr).toBe(0);
    const unset = await meridian(['env', 'unset', 'LOG_LEVEL', ...quick]);
    expect(unset.code, unset.stderr).toBe(0);
    const list = await meridian(['env', 'list', '--app', appName]);
    expect(list.stdout.trim().split('\n')).toEqual(['FEATURE_X=on', 'API_TOKEN=<sealed>']);
    expect(set.stdout + secret.stdout + unset.stdout + list.stdout).not.toContain(
      'cli-secret-value',
    );
    const empty = await meridian(['secrets', 'set', 'OTHER', '--app', appName], {}, '');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('Pipe the secret’s value on stdin');
  });

  it('works from a pipeline’s environment alone, and fails with one plain sentence', async () => {
    const stored = JSON.parse(
      await readFile(path.join(configHome, 'meridian', 'config.json'), 'utf8'),
    ) as Record<string, string>;
    const pipeline = {
      XDG_CONFIG_HOME: path.join(configHome, 'empty'),
      MERIDIAN_URL: baseUrl,
      MERIDIAN_API_KEY: stored.apiKey!,
      MERIDIAN_USER_ID: stored.userId!,
    };
    expect((await meridian(['apps'], pipeline)).code).toBe(0);

    const missing = await meridian(['deploy', '--app', 'no-such-app', '--image', 'x:1'], pipeline);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('No app is named no-such-app.');
    // An image no registry could pull: the rollout fails, and the exit code says so.
    const failing = await meridian(
      ['deploy', '--app', appName, '--image', 'Not An Image', '--wait', '--timeout', '2m'],
      pipeline,
    );
    expect(failing.code).toBe(1);
    expect(failing.stderr.trim().split('\n').at(-1)).toMatch(
      /^The rollout failed in (Montréal|Tokyo): \S.*\.$/,
    );
    const refused = await meridian(['apps'], { ...pipeline, MERIDIAN_API_KEY: 'mk_wrong' });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe('Meridian refused the API key: run `meridian login` again.');
    const notLoggedIn = await meridian(['apps'], {
      XDG_CONFIG_HOME: path.join(configHome, 'empty'),
    });
    expect(notLoggedIn.stderr).toContain('Not logged in: run `meridian login`');
  });

  it('writes the kubeconfig of one location, private to its owner', async () => {
    const file = path.join(configHome, 'kubeconfig');
    const run = await meridian([
      'kubeconfig',
      '--smart-cluster',
      clusterName,
      '--location',
      'jp-tokyo',
      '--file',
      file,
    ]);
    expect(run.code).toBe(0);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toMatch(/^apiVersion: v1/m);
    // The city, any case, names the location as it does for `logs`.
    const byCity = await meridian([
      'kubeconfig',
      '--smart-cluster',
      clusterName,
      '--location',
      'montréal',
    ]);
    expect(byCity.stderr).toBe('');
    expect(byCity.code).toBe(0);
    expect(byCity.stdout).toMatch(/^apiVersion: v1/m);
    expect(byCity.stdout).not.toBe(await readFile(file, 'utf8'));
    const ambiguous = await meridian(['kubeconfig', '--smart-cluster', clusterName]);
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr.trim()).toBe(
      `${clusterName} runs in Montréal, Tokyo: say which with --location.`,
    );
    const elsewhere = await meridian([
      'kubeconfig',
      '--smart-cluster',
      clusterName,
      '--location',
      'London',
    ]);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr.trim()).toBe(
      `${clusterName} does not run in London; it runs in Montréal, Tokyo.`,
    );
  });
});
