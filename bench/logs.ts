// Live tail of a deployment's logs: one server process, one deployment (2 replicas, each pod
// writing a line every LOG_INTERVAL_MS, 10 ms unless told), FOLLOWERS (50) socket.io clients
// following it over the realtime channel. Prints the live-tail latency p50/p99 (a line's
// timestamp to its arrival at a follower: the simulator writing it, the upstream stream, the
// ~100 ms batching and the socket) and the lines per second delivered to the followers, with
// the upstream streams the server opened (one, shared). In-memory PGlite, loopback only; the
// clients share this process's event loop, so the figures are a pessimistic bound. Asserts
// nothing; stops by itself after DURATION seconds (10).
import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { reportFigure } from './report';
import { call, readySmartCluster, server, waitFor, withServer, type Session } from './list-load';

const followers = Number(process.env.FOLLOWERS ?? 50);
const durationSeconds = Number(process.env.DURATION ?? 10);
const logIntervalMs = Number(process.env.LOG_INTERVAL_MS ?? 10);

interface LogLine {
  at: string;
}
interface Deployment {
  uuid: string;
  status: string;
}

/** A two-replica nginx app on the smart cluster, once rolled out: its deployment's uuid. */
async function deployedApp(base: string, session: Session, smartCluster: string): Promise<string> {
  const form = new FormData();
  const fields = {
    name: `logs-${randomBytes(3).toString('hex')}`,
    version_name: 'v1',
    smart_cluster_uuid: smartCluster,
    template_type: 'KUBERNETES_BASIC',
    template: JSON.stringify({
      deploymentImage: 'nginx:1.27',
      deploymentReplicas: 2,
      deploymentTargetPort: 8080,
      deploymentPort: 80,
      dockerRegistryType: 'public',
    }),
    template_name: 'logs.yaml',
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const { uuid } = JSON.parse(
    await call(base, 'POST', '/meridian/v1/kube/apps', session, form),
  ) as {
    uuid: string;
  };
  return waitFor('the rollout', async () => {
    const app = JSON.parse(await call(base, 'GET', `/meridian/v1/kube/apps/${uuid}`, session)) as {
      deployments: Deployment[];
    };
    const [deployment] = app.deployments;
    return deployment?.status === 'success' ? deployment.uuid : undefined;
  });
}

/** A socket started with the session, following the deployment; `onLines` sees each batch. */
async function follower(
  base: string,
  session: Session,
  deploymentUuid: string,
  onLines: (lines: LogLine[]) => void,
): Promise<Socket> {
  const socket = connect(base, {
    path: '/event/client/socket.io/',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const token = session.headers.authorization!.replace(/^Bearer /, '');
  await socket.emitWithAck('start_meridian_events', {
    disablePortalEvents: true,
    token,
    userId: session.userId,
  });
  socket.on('logs lines', (message: { lines: LogLine[] }) => onLines(message.lines));
  const ack = (await socket.emitWithAck('logs follow', {
    deployment_uuid: deploymentUuid,
    tail: 1,
  })) as { ok: boolean; message?: string };
  if (!ack.ok) throw new Error(`follow refused: ${ack.message}`);
  return socket;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

console.log(
  `logs: ${followers} followers of one deployment (2 pods, a line every ${logIntervalMs} ms each), ${durationSeconds} s`,
);
await withServer(
  { dataDir: server.database.inMemoryDataDir },
  { secretKey: randomBytes(32).toString('hex'), logIntervalMs },
  async ({ base, session }) => {
    const smart = await readySmartCluster(base, session, 'logs-bench', ['ca-montreal']);
    const deploymentUuid = await deployedApp(base, session, smart);
    let measuring = false;
    const latencies: number[] = [];
    const sockets = await Promise.all(
      Array.from({ length: followers }, () =>
        follower(base, session, deploymentUuid, (lines) => {
          if (!measuring) return;
          const now = Date.now();
          for (const line of lines) latencies.push(now - Date.parse(line.at));
        }),
      ),
    );
    // The first batches carry each follower's tail: measured from the next second on.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    measuring = true;
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, durationSeconds * 1000));
    measuring = false;
    const seconds = (performance.now() - started) / 1000;
    for (const socket of sockets) socket.disconnect();

    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const delivered = latencies.length / seconds;
    const figure = `logs live tail (${followers} followers)`;
    reportFigure({ figure: `${figure}: latency p50`, value: p50, unit: 'ms', better: 'lower' });
    reportFigure({ figure: `${figure}: latency p99`, value: p99, unit: 'ms', better: 'lower' });
    reportFigure({
      figure: `${figure}: lines/s delivered`,
      value: delivered,
      unit: 'lines/s',
      better: 'higher',
    });
    console.log(
      `latency p50 ${p50} ms, p99 ${p99} ms; ${Math.round(delivered)} lines/s delivered ` +
        `(${Math.round(delivered / followers)} lines/s per follower, ${latencies.length} in all)`,
    );
  },
);
