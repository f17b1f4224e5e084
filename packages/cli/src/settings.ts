import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** Where Meridian is and who calls it: an API key and the id of its user. */
export const settingsSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  apiKey: z.string().min(1),
  userId: z.string().min(1),
});

export type Settings = z.infer<typeof settingsSchema>;

/** `$XDG_CONFIG_HOME/meridian/config.json`, else `~/.config/meridian/config.json`. */
export function settingsFile(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'meridian', 'config.json');
}

/** Readable only by its owner: it holds an API key. */
export async function saveSettings(settings: Settings, env?: NodeJS.ProcessEnv): Promise<string> {
  const file = settingsFile(env);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, JSON.stringify(settings, null, 2) + '\n', { mode: 0o600 });
  await chmod(file, 0o600);
  return file;
}

/**
 * The settings a command runs with: MERIDIAN_URL, MERIDIAN_API_KEY and MERIDIAN_USER_ID (a
 * pipeline's secrets) over what `meridian login` stored.
 */
export async function loadSettings(env: NodeJS.ProcessEnv = process.env): Promise<Settings> {
  let stored: Partial<Settings> = {};
  try {
    stored = JSON.parse(await readFile(settingsFile(env), 'utf8')) as Partial<Settings>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const parsed = settingsSchema.safeParse({
    url: env.MERIDIAN_URL || stored.url,
    apiKey: env.MERIDIAN_API_KEY || stored.apiKey,
    userId: env.MERIDIAN_USER_ID || stored.userId,
  });
  if (!parsed.success) {
    throw new CliError(
      'Not logged in: run `meridian login`, or set MERIDIAN_URL, MERIDIAN_API_KEY and MERIDIAN_USER_ID.',
    );
  }
  return parsed.data;
}

/** A failure told to the user as one plain sentence (and a non-zero exit). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
