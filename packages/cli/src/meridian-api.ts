import { errorBodySchema } from '@meridian/domain/errors';
import { z } from 'zod';
import { CliError, type Settings } from './settings';

export interface Call<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** Classic or mini zod: the domain writes the schemas the console's first page reads in zod/mini. */
  schema: z.core.$ZodType<T>;
}

export type MeridianApi = <T>(path: string, call: Call<T>) => Promise<T>;

/**
 * Calls the control plane with an API key (`Authorization: ApiKey …` and `x-user-id`), checks
 * the answer against the same zod schema the server answers with, and turns a refusal into the
 * server's own sentence.
 */
export function meridianApi(
  { url, apiKey, userId }: Settings,
  credentials?: Record<string, string>,
): MeridianApi {
  return async (path, { method = 'GET', body, headers = {}, schema }) => {
    let response: Response;
    try {
      response = await fetch(new URL(path, url), {
        method,
        headers: {
          ...(credentials ?? { authorization: `ApiKey ${apiKey}`, 'x-user-id': userId }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new CliError(
        `Meridian does not answer at ${url}: is the address right and the server up?`,
      );
    }
    const text = await response.text();
    const json = text ? safeJson(text) : undefined;
    if (!response.ok) throw new CliError(refusalOf(response.status, json));
    const parsed = z.safeParse(schema, json);
    if (!parsed.success) {
      throw new CliError(`Meridian answered ${path} with something this meridian does not read.`);
    }
    return parsed.data;
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function refusalOf(status: number, json: unknown): string {
  const body = errorBodySchema.safeParse(json);
  if (status === 401) return 'Meridian refused the API key: run `meridian login` again.';
  if (!body.success) return `Meridian refused the request (HTTP ${status}).`;
  const detail = body.data.errors?.length ? body.data.errors.join(' ') : body.data.message;
  return detail ?? `Meridian refused the request (HTTP ${status}).`;
}
