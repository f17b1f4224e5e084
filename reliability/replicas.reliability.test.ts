import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, logIn, readySmartCluster, send, until, type ApiUser } from './support/api';
import { printTable } from './support/figures';
import {
  aRecords,
  deployedApp,
  memberDatacenters,
  psqlValue,
  watchEvents,
  whoOf,
} from './support/replica-checks';
import {
  replicasPossible,
  startNginx,
  startReplicas,
  type Nginx,
  type ReplicaSet,
} from './support/replica-set';
import {
  handshakeOpens,
  openSocket,
  startSocket,
  startedSocket,
  type LiveSocket,
} from './support/sockets';

/*
 * Three server processes on one PostgreSQL database behind Debian's nginx: a change made on one
 * replica reaches the sockets of the others, a replica killed mid-job leaves its work to the
 * others, and every replica's built-in DNS answers the same.
 */

// 20–60 simulated minutes per member cluster: 2.4–7.2 s, long enough to kill a replica mid-way.
const timeScale = '0.002';
const figures: string[][] = [];
let set: ReplicaSet;
let nginx: Nginx;
let admin: ApiUser;
/** The app the DNS check deploys, renamed by the cache check. */
let shopApp = '';
const sockets: LiveSocket[] = [];

let crashDir = '';
const replica = (index: number) => set.replicas[index]!;
/** Writing `<kind>/<point>` here makes that replica kill itself there (crash-points.ts). */
const crashFile = (index: number) => path.join(crashDir, `crash-${index}`);

/** A socket of the live channel on `baseUrl`, started for the admin; polling has no upgrade. */
async function adminSocket(baseUrl: string, transport: 'websocket' | 'polling' = 'websocket') {
  const live =
    transport === 'websocket'
      ? await startedSocket(baseUrl, whoOf(admin))
      : await openSocket(baseUrl, { transport });
  if (transport === 'polling') {
    const answer = await startSocket(live, whoOf(admin));
    if (answer.status !== 'success') throw new Error(`start refused: ${JSON.stringify(answer)}`);
  }
  sockets.push(live);
  return watchEvents(live);
}

const aboutCluster = (name: string) => (type: string, text: string) =>
  type.startsWith('SMART_CLUSTER_') && text.includes(name);

describe.skipIf(!replicasPossible())('three replicas on one PostgreSQL behind nginx', () => {
  beforeAll(async () => {
    crashDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-replica-crash-'));
    set = await startReplicas(
      3,
      // A job a dead replica held is retried after its deadline plus one maintenance interval,
      // and found at the next interval: 5 s each keeps that short.
      {
        MERIDIAN_SIM_TIME_SCALE: timeScale,
        MERIDIAN_JOB_TIMEOUT_SECONDS: '5',
        MERIDIAN_JOB_MAINTENANCE_SECONDS: '5',
      },
      (index) => ({ MERIDIAN_CRASH_FILE: crashFile(index) }),
    );
    nginx = await startNginx(set.replicas.map((each) => each.baseUrl));
    admin = await logIn(replica(0).baseUrl);
  }, 240_000);
  afterAll(async () => {
    printTable('Replicas behind nginx', ['check', 'figure'], figures);
    for (const live of sockets) live.socket.close();
    await nginx?.stop();
    await set?.stop();
    fs.rmSync(crashDir, { recursive: true, force: true });
  });

  it('pushes a write made on replica A to sockets on B, on C and through nginx', async () => {
    const onB = await adminSocket(replica(1).baseUrl);
    const onC = await adminSocket(replica(2).baseUrl, 'polling');
    const throughNginx = await adminSocket(nginx.baseUrl);
    // Long polling through nginx works only if every poll reaches the replica of the handshake.
    const pollingThroughNginx = await adminSocket(nginx.baseUrl, 'polling');
    const since = performance.now();
    await json(replica(0).baseUrl, admin, '/cluster/clusters', 'POST', {
      name: 'crossing',
      datacenters: ['ca-toronto'],
      mode: 'MANUAL',
      cluster_size: 'mini',
    });
    const match = aboutCluster('crossing');
    const [b, c, viaNginx, viaPolling] = await Promise.all(
      [onB, onC, throughNginx, pollingThroughNginx].map((seen) => seen.first(match, since)),
    );
    figures.push(['A → B socket (websocket)', `${b!.toFixed(0)} ms`]);
    figures.push(['A → C socket (polling)', `${c!.toFixed(0)} ms`]);
    figures.push(['A → socket through nginx (websocket)', `${viaNginx!.toFixed(0)} ms`]);
    figures.push(['A → socket through nginx (polling)', `${viaPolling!.toFixed(0)} ms`]);

    // And the other way: a write through nginx (any replica) reaches B's socket.
    const again = performance.now();
    const domain = await json<{ uuid: string }>(nginx.baseUrl, admin, '/domain/name', 'POST', {
      domain_name: 'replicas-crossing.ca',
    });
    const domainSeen = await onB.first(
      (type, text) => type.startsWith('DOMAIN_') && text.includes('replicas-crossing'),
      again,
    );
    figures.push(['nginx → B socket', `${domainSeen.toFixed(0)} ms`]);
    expect(domain.uuid).toBeTruthy();
  });

  it('opens a browser’s socket (Origin = the console’s address) through nginx', async () => {
    // The channel is same-origin only: it compares Origin with the Host nginx passes on.
    const opens = (proxy: Nginx, transport: 'websocket' | 'polling') =>
      handshakeOpens(proxy.baseUrl, proxy.baseUrl, transport);
    expect([await opens(nginx, 'websocket'), await opens(nginx, 'polling')]).toEqual([true, true]);
    // Without `proxy_set_header Host` nginx sends its upstream's name, and the channel refuses.
    const bare = await startNginx([replica(0).baseUrl], { forwardHost: false });
    try {
      expect(await opens(bare, 'websocket')).toBe(false);
    } finally {
      await bare.stop();
    }
    figures.push(['browser socket through nginx (websocket, polling)', 'opens']);
  });

  it('answers the same from every replica’s DNS for a deployment’s name', async () => {
    const smartCluster = await readySmartCluster(replica(1).baseUrl, admin, 'dns-everywhere', [
      'ca-toronto',
    ]);
    const { app, deployment } = await deployedApp(replica(2).baseUrl, admin, smartCluster, 'shop');
    shopApp = app;
    const zone = 'replicas-dns.ca';
    const domain = await json<{ uuid: string }>(replica(0).baseUrl, admin, '/domain/name', 'POST', {
      domain_name: zone,
    });
    await until(async () => {
      const list = await json<{ uuid: string; status: string }[]>(
        nginx.baseUrl,
        admin,
        '/domain/name',
      );
      return list.find((item) => item.uuid === domain.uuid)?.status === 'success';
    }, `${zone} to be published`);
    const entries = `/domain/dns/user/entries/deployments/${deployment}`;
    await json(replica(1).baseUrl, admin, entries, 'PUT', { domain_names: [`shop.${zone}`] });
    const name = `shop.${zone}`;
    let answers: string[] = [];
    const since = performance.now();
    await until(
      async () => {
        answers = await Promise.all(set.replicas.map((each) => aRecords(each.dnsPort, name)));
        return answers.every((answer) => /^\d/.test(answer));
      },
      `every replica to serve ${name}`,
      30_000,
    );
    figures.push([
      `${name} on every replica's DNS`,
      `${(performance.now() - since).toFixed(0)} ms`,
    ]);
    console.log(`${name} A: ${answers.join(' | ')}`);
    expect(new Set(answers).size).toBe(1);
  });

  it('serves a write made on A from the cached console lists of B and C at once', async () => {
    const lists = [
      '/meridian/v1/kube/apps/summary',
      '/meridian/v1/kube/apps',
      '/domain/name/page?limit=50&offset=0',
      '/cluster/smart_clusters/page?limit=30&offset=0',
    ];
    const readAll = (name: string) =>
      Promise.all(
        [replica(1), replica(2)].flatMap((each) =>
          lists.map(async (path) => {
            const answer = await send(each.baseUrl, path, { headers: admin.headers });
            return answer.status === 200 && answer.body.includes(name);
          }),
        ),
      );
    // Read first, so B and C hold every list in their caches before the writes.
    await readAll('');
    const renamed = 'shop-renamed';
    const form = new FormData();
    form.append('name', renamed);
    const rename = await send(replica(0).baseUrl, `/meridian/v1/kube/apps/${shopApp}`, {
      method: 'PUT',
      headers: admin.headers,
      body: form,
    });
    expect(rename.status).toBe(200);
    const seen = await readAll(renamed);
    // The app lists (two each) show the new name right after the write returned.
    expect([seen[0], seen[1], seen[4], seen[5]]).toEqual([true, true, true, true]);
    await json(replica(0).baseUrl, admin, '/domain/name', 'POST', { domain_name: 'fresh-zone.ca' });
    await json(replica(0).baseUrl, admin, '/cluster/clusters', 'POST', {
      name: 'fresh-cluster',
      datacenters: ['ca-toronto'],
      mode: 'MANUAL',
      cluster_size: 'mini',
    });
    const domains = await readAll('fresh-zone.ca');
    const clusters = await readAll('fresh-cluster');
    expect([domains[2], domains[6], clusters[3], clusters[7]]).toEqual([true, true, true, true]);
    figures.push(['cached lists on B and C stale after a write on A', '0 of 8']);
  });

  it('retries on another replica a job a replica held when it died', async () => {
    const [holder, others] = [replica(1), [replica(0), replica(2)]];
    fs.writeFileSync(crashFile(1), 'provision-cluster/begin');
    // The others paused for the request, so the holder's worker is the one that takes the job.
    for (const other of others) process.kill(other.pid, 'SIGSTOP');
    let uuid = '';
    try {
      // The holder may die taking the job before its answer is out: the name finds it then.
      const created = json<{ uuid: string }>(holder.baseUrl, admin, '/cluster/clusters', 'POST', {
        name: 'held',
        datacenters: ['ca-toronto'],
        mode: 'MANUAL',
        cluster_size: 'mini',
      }).then(
        (answer) => answer.uuid,
        () => '',
      );
      await until(async () => holder.exits() === 1, 'the holder to die holding the job', 10_000);
      uuid = await created;
    } finally {
      for (const other of others) process.kill(other.pid, 'SIGCONT');
    }
    const diedAt = performance.now();
    if (!uuid) {
      const list = await json<{ uuid: string; name: string }[]>(
        replica(2).baseUrl,
        admin,
        '/cluster/smart_clusters',
      );
      uuid = list.find((item) => item.name === 'held')?.uuid ?? '';
    }
    // This smart cluster's own job: the one the test before made may still be provisioning.
    const held = psqlValue(
      set.database.url,
      'SELECT count(*) FROM pgboss.job JOIN clusters ON clusters.id::text = ' +
        "pgboss.job.data->>'clusterId' WHERE pgboss.job.name = 'provision-cluster' AND " +
        `pgboss.job.state = 'active' AND clusters.smart_cluster_id = '${uuid}'`,
    );
    expect(held).toBe('1');
    let status = '';
    await until(
      async () => {
        const list = await json<{ uuid: string; status: string }[]>(
          replica(2).baseUrl,
          admin,
          '/cluster/smart_clusters',
        );
        status = list.find((item) => item.uuid === uuid)?.status ?? '';
        return status === 'success' || status === 'failure';
      },
      'the held job to be retried elsewhere',
      120_000,
    );
    figures.push([
      'held job: replica died → finished elsewhere',
      `${(performance.now() - diedAt).toFixed(0)} ms`,
    ]);
    expect(status).toBe('success');
    expect(memberDatacenters(set.database.url, uuid)).toEqual(['ca-toronto']);
  });

  it('lets another replica finish the cluster creation of a replica killed mid-way', async () => {
    const killed = replica(0);
    const { uuid } = await json<{ uuid: string }>(
      killed.baseUrl,
      admin,
      '/cluster/clusters',
      'POST',
      {
        name: 'orphaned',
        datacenters: ['ca-vancouver', 'ca-montreal'],
        mode: 'MANUAL',
        cluster_size: 'mini',
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    process.kill(killed.pid, 'SIGKILL');
    const killedAt = performance.now();
    let status = '';
    await until(
      async () => {
        const list = await json<{ uuid: string; status: string }[]>(
          replica(2).baseUrl,
          admin,
          '/cluster/smart_clusters',
        );
        status = list.find((item) => item.uuid === uuid)?.status ?? '';
        return status === 'success' || status === 'failure';
      },
      'the orphaned cluster to finish on the other replicas',
      120_000,
    );
    figures.push([
      'kill -9 → creation finished elsewhere',
      `${(performance.now() - killedAt).toFixed(0)} ms`,
    ]);
    expect(status).toBe('success');
    // One member per datacenter: the retried work made none twice.
    expect(memberDatacenters(set.database.url, uuid)).toEqual(['ca-montreal', 'ca-vancouver']);
    // nginx leaves the dead replica out: reads through it keep answering.
    const reads = await Promise.all(
      Array.from({ length: 12 }, () =>
        send(nginx.baseUrl, '/cluster/smart_clusters', { headers: admin.headers }),
      ),
    );
    const failed = reads.filter((read) => read.status !== 200).length;
    figures.push(['reads through nginx after the kill that failed', `${failed} of 12`]);
    expect(failed).toBe(0);
  });
});
