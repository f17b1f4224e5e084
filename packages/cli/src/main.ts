import { writeFile } from 'node:fs/promises';
import type { Deployment } from '@meridian/domain/apps/app-api';
import { Command, InvalidArgumentError } from 'commander';
import { deploymentLines, listApps, pick } from './apps';
import {
  appWithSettings,
  changeConfiguration,
  checkedName,
  configurationLines,
  currentVersion,
  parseAssignments,
  waitForRollouts,
  type ConfigurationEdit,
} from './configuration';
import { deploy } from './deploy';
import { kubeconfig } from './kubeconfig';
import { login } from './login';
import { logOutputLines, readDeploymentLogs } from './logs';
import { meridianApi } from './meridian-api';
import { CliError, loadSettings } from './settings';

/** "10m", "90s", "1h" or plain seconds, in milliseconds. */
function duration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(s|m|h)?$/.exec(text.trim());
  if (!match) throw new InvalidArgumentError('Give a duration like 90s, 10m or 1h.');
  const unit = { s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? 's'] ?? 1000;
  return Number(match[1]) * unit;
}

const output = (json: boolean, value: unknown, lines: () => string[]) =>
  console.log(json ? JSON.stringify(value, null, 2) : lines().join('\n'));

const program = new Command('meridian')
  .description('Deploy to Meridian from a pipeline or a terminal.')
  .option('-o, --output <format>', 'text or json', 'text')
  .showHelpAfterError();
const asJson = () => program.opts<{ output: string }>().output === 'json';
const api = async () => meridianApi(await loadSettings());

program
  .command('login')
  .description('Store the Meridian address and an API key (in ~/.config/meridian, mode 0600)')
  .requiredOption('--url <url>', 'where Meridian runs, e.g. http://localhost:8080')
  .option('--api-key <key>', 'an API key made in the console (with --user-id)')
  .option('--user-id <id>', 'the id of the key’s user')
  .option(
    '--username <name>',
    'sign in once to make a key (password from stdin or MERIDIAN_PASSWORD)',
  )
  .action(async (options: { url: string; apiKey?: string; userId?: string; username?: string }) => {
    const password = options.username ? await readPassword() : undefined;
    const { file, settings } = await login({ ...options, password });
    output(asJson(), { url: settings.url, userId: settings.userId, file }, () => [
      `Logged in to ${settings.url}; the key is kept in ${file}.`,
    ]);
  });

program
  .command('apps')
  .description('List your apps and where they run')
  .action(async () => {
    const apps = await listApps(await api());
    output(asJson(), apps, () =>
      apps.length === 0
        ? ['No apps yet.']
        : apps.flatMap((app) => deploymentLines(app, app.deployments)),
    );
  });

program
  .command('status')
  .description('Show where an app runs, and how')
  .requiredOption('--app <app>', 'the app’s name or uuid')
  .action(async ({ app: wanted }: { app: string }) => {
    const app = pick(await listApps(await api()), wanted, 'app');
    output(asJson(), app.deployments, () => deploymentLines(app, app.deployments));
  });

program
  .command('deploy')
  .description('Roll a new image out on an app')
  .requiredOption('--app <app>', 'the app’s name or uuid')
  .requiredOption('--image <ref>', 'the image to run, e.g. registry.example/shop:1.4.2')
  .option(
    '--smart-cluster <cluster>',
    'only this smart cluster (name or uuid); default: every one it runs on',
  )
  .option('--wait', 'wait until every location reached success (exit 1 if one fails)', false)
  .option('--timeout <duration>', 'how long --wait waits', duration, 600_000)
  .action(
    async (options: {
      app: string;
      image: string;
      smartCluster?: string;
      wait: boolean;
      timeout: number;
    }) => {
      const client = await api();
      const deployments = await deploy(client, {
        ...options,
        timeoutMs: options.timeout,
        onProgress: progressLine(options.image),
      });
      const app = pick(await listApps(client), options.app, 'app');
      output(asJson(), deployments, () => [
        ...deploymentLines(app, deployments),
        options.wait ? `${options.image} runs everywhere.` : `${options.image} is rolling out.`,
      ]);
    },
  );

program
  .command('kubeconfig')
  .description('Write the kubeconfig of one location of a smart cluster')
  .requiredOption('--smart-cluster <cluster>', 'name or uuid')
  .option(
    '--location <location>',
    'datacenter uuid or city, e.g. ca-montreal or Montréal (needed with several)',
  )
  .option('--file <path>', 'write it here (mode 0600) instead of to stdout')
  .action(async (options: { smartCluster: string; location?: string; file?: string }) => {
    const text = await kubeconfig(await api(), options);
    if (!options.file) return void process.stdout.write(text);
    await writeFile(options.file, text, { mode: 0o600 });
    console.error(`Kubeconfig written to ${options.file}.`);
  });

program
  .command('logs')
  .description('Print the last lines of a deployment’s pods')
  .argument('<deploymentId>', 'the deployment’s uuid (see `meridian --output json status`)')
  .option('--tail <lines>', 'how many lines, 1 to 5000 (default 200)')
  .option('--location <location>', 'another location of its version: datacenter uuid or name')
  .action(async (deploymentId: string, options: { tail?: string; location?: string }) => {
    const logs = await readDeploymentLogs(await api(), { deploymentId, ...options });
    output(asJson(), logs, () => logOutputLines(logs));
  });

type ConfigurationOptions = { app: string; wait: boolean; timeout: number; bakeSeconds?: number };

/** Makes the next version with `edit`, rolls it out, and says so (waiting with --wait). */
async function applyEdit(options: ConfigurationOptions, edit: ConfigurationEdit): Promise<void> {
  const client = await api();
  const app = await appWithSettings(client, options.app);
  const result = await changeConfiguration(client, app, edit, options.bakeSeconds);
  const rollouts = options.wait
    ? await waitForRollouts(client, result.rollouts, { timeoutMs: options.timeout })
    : result.rollouts;
  output(asJson(), { ...result, rollouts }, () => [
    `${app.name} ${result.version.name} made with the change.`,
    rollouts.length === 0
      ? 'It runs nowhere yet: deploy it from the console or with the API.'
      : options.wait
        ? `${result.version.name} runs everywhere ${app.name} runs.`
        : `Rolling ${result.version.name} out on ${rollouts.length} smart cluster(s).`,
  ]);
}

const env = program.command('env').description('An app’s environment variables');
env
  .command('list')
  .description('Print the current version’s variables (secrets as <sealed>)')
  .requiredOption('--app <app>', 'the app’s name or uuid')
  .action(async ({ app }: { app: string }) => {
    const found = await appWithSettings(await api(), app);
    output(asJson(), currentVersion(found).basic_settings, () => configurationLines(found));
  });
configurationCommandOf(env, 'set', 'Set variables (NAME=VALUE …) as the next version')
  .argument('<assignments...>')
  .action((words: string[], options: ConfigurationOptions) =>
    applyEdit(options, { kind: 'env-set', variables: parseAssignments(words) }),
  );
configurationCommandOf(env, 'unset', 'Remove variables (NAME …) as the next version')
  .argument('<names...>')
  .action((names: string[], options: ConfigurationOptions) =>
    applyEdit(options, { kind: 'env-unset', names: names.map(checkedName) }),
  );

const secrets = program.command('secrets').description('An app’s secrets (values never shown)');
configurationCommandOf(secrets, 'set', 'Set a secret as the next version; its value from stdin')
  .argument('<name>')
  .action(async (name: string, options: ConfigurationOptions) => {
    const value = await readStdin('Pipe the secret’s value on stdin (never on the command line).');
    await applyEdit(options, { kind: 'secret-set', name: checkedName(name), value });
  });
configurationCommandOf(secrets, 'unset', 'Remove secrets (NAME …) as the next version')
  .argument('<names...>')
  .action((names: string[], options: ConfigurationOptions) =>
    applyEdit(options, { kind: 'secret-unset', names: names.map(checkedName) }),
  );

function configurationCommandOf(parent: Command, name: string, description: string): Command {
  return parent
    .command(name)
    .description(description)
    .requiredOption('--app <app>', 'the app’s name or uuid')
    .option('--wait', 'wait until the new version runs everywhere (exit 1 if it halts)', false)
    .option('--timeout <duration>', 'how long --wait waits', duration, 600_000)
    .option('--bake-seconds <seconds>', 'how long each location is watched (default 60)', Number);
}

/** While waiting, one line on stderr each time the locations' states change (stdout stays the result). */
function progressLine(image: string): (deployments: Deployment[]) => void {
  let last = '';
  return (deployments) => {
    const done = deployments.filter((deployment) => deployment.status === 'success').length;
    const states = deployments
      .map((deployment) => `${deployment.datacenter_name} ${deployment.status}`)
      .join(', ');
    const line = `Rolling out ${image}: ${done} of ${deployments.length} locations ready (${states})`;
    if (line !== last) console.error(line);
    last = line;
  };
}

async function readPassword(): Promise<string> {
  if (process.env.MERIDIAN_PASSWORD) return process.env.MERIDIAN_PASSWORD;
  return readStdin('Pipe the password on stdin, or set MERIDIAN_PASSWORD.');
}

/** What was piped on stdin, one trailing newline dropped; a terminal or nothing is refused. */
async function readStdin(refusal: string): Promise<string> {
  if (process.stdin.isTTY) throw new CliError(refusal);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (text === '') throw new CliError(refusal);
  return text;
}

program.parseAsync().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(message);
  process.exit(error instanceof CliError ? error.exitCode : 1);
});
