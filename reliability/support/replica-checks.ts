import { spawnSync } from 'node:child_process';
import { realtime as channel } from '@meridian/domain/events/notification-event';
import dnsPacket from 'dns-packet';
import { json, send, until, type ApiUser } from './api';
import { query, udpExchange } from './dns-client';
import type { LiveSocket } from './sockets';

/** What a replica's socket pushed: each event's type and when (performance.now) it came. */
export interface SeenEvents {
  events: { type: string; text: string; at: number }[];
  /** Resolves with the milliseconds from `since` to the first event matching, or rejects. */
  first(
    match: (type: string, text: string) => boolean,
    since: number,
    timeoutMs?: number,
  ): Promise<number>;
}

/** Records every event of the live channel that reaches `live`. */
export function watchEvents(live: LiveSocket): SeenEvents {
  const events: SeenEvents['events'] = [];
  live.socket.on(channel.eventName, (event: { event_type: string }) => {
    events.push({ type: event.event_type, text: JSON.stringify(event), at: performance.now() });
  });
  return {
    events,
    async first(match, since, timeoutMs = 5_000) {
      let found: { at: number } | undefined;
      await until(
        async () => {
          found = events.find((event) => event.at >= since && match(event.type, event.text));
          return found !== undefined;
        },
        'an event to cross to this replica',
        timeoutMs,
      );
      return found!.at - since;
    },
  };
}

/** The login's token and user, as a socket's start message carries them. */
export const whoOf = (user: ApiUser) => ({
  token: user.headers.authorization!.replace(/^Bearer /, ''),
  userId: user.userId,
});

/** One value of a query on the scratch database, through psql. */
export function psqlValue(databaseUrl: string, statement: string): string {
  const ran = spawnSync('psql', [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-Atc', statement], {
    encoding: 'utf8',
  });
  if (ran.status !== 0) throw new Error(`psql failed: ${ran.stderr}`);
  return ran.stdout.trim();
}

/** The member clusters (live or not) of a smart cluster, by datacenter, from the database. */
export function memberDatacenters(databaseUrl: string, smartClusterId: string): string[] {
  const rows = psqlValue(
    databaseUrl,
    `SELECT datacenter_uuid FROM clusters WHERE smart_cluster_id = '${smartClusterId}' ORDER BY 1`,
  );
  return rows ? rows.split('\n') : [];
}

function appForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    'template',
    JSON.stringify({
      deploymentImage: 'nginx:1.27',
      deploymentReplicas: 1,
      deploymentTargetPort: 8080,
      deploymentPort: 80,
      dockerRegistryType: 'public',
    }),
  );
  return form;
}

interface AppAnswer {
  uuid: string;
  deployments: { uuid: string; status: string }[];
}

/** An app deployed on `smartCluster`, its deployment settled: answers its ids. */
export async function deployedApp(
  baseUrl: string,
  user: ApiUser,
  smartCluster: string,
  name: string,
): Promise<{ app: string; deployment: string }> {
  const body = appForm({
    name,
    version_name: 'v1',
    smart_cluster_uuid: smartCluster,
    template_type: 'KUBERNETES_BASIC',
  });
  const made = await send(baseUrl, '/meridian/v1/kube/apps', {
    method: 'POST',
    headers: user.headers,
    body,
  });
  if (made.status !== 200)
    throw new Error(`creating ${name} answered ${made.status}: ${made.body}`);
  const app = JSON.parse(made.body) as AppAnswer;
  await until(async () => {
    const now = await json<AppAnswer>(baseUrl, user, `/meridian/v1/kube/apps/${app.uuid}`);
    return now.deployments.every((deployment) => deployment.status === 'success');
  }, `${name} to be deployed`);
  return { app: app.uuid, deployment: app.deployments[0]!.uuid };
}

/** The A records a DNS responder answers for `name` over UDP, sorted; `rcode` when none. */
export async function aRecords(dnsPort: number, name: string): Promise<string> {
  const answer = await udpExchange(dnsPort, query(name, 'A'), '127.0.0.1');
  if (!answer) return 'no answer';
  const rcode = answer[3]! & 0x0f;
  const addresses = (dnsPacket.decode(answer).answers ?? [])
    .flatMap((record) => (record.type === 'A' ? [record.data] : []))
    .sort();
  return addresses.length ? addresses.join(',') : `rcode ${rcode}`;
}
