import { afterAll, describe, expect, it } from 'vitest';
import { logIn, readySmartCluster, until } from './support/api';
import { countDuplicates } from './support/crash-duplicates';
import { externalStage, fakeKubeApi } from './support/crash-external';
import { catalogueOf, pointsOf, startCrashRig, type CrashRig } from './support/crash-rig';
import {
  appStages,
  clusterStages,
  domainStages,
  type CrashStage,
  type StageTarget,
} from './support/crash-stages';
import { printTable } from './support/figures';

/**
 * The crash matrix (issue 16): every point a durable job reaches — its start, each durable step
 * before it runs and once recorded, each point after an outside change and before it is recorded,
 * its end before the queue marks it complete — is listed from a first run of the server (not by
 * hand), then for each point the server is killed there with SIGKILL, restarted on the same
 * PGlite, and the work must reach its final state with nothing made twice.
 */

// Kinds of the catalogue with no crash case, and why none is needed.
const exempt: Readonly<Record<string, string>> = {
  'sample-traffic': 'periodic read-only round: samples traffic figures, changes nothing outside',
  'replan-smart-clusters':
    'periodic round: only decides; the move it sends is replace-smart-cluster, which is covered',
  'renew-certificates': 'periodic round: only decides; the order it sends is issue-certificate',
  'issue-certificate':
    'runs with an ACME directory or for a renewal due in weeks, neither in this rig: its one ' +
    'final write is guarded by the order number (docs/certificates.md)',
  'deliver-notification':
    'one attempt of an alert to a receiver outside this rig: a crash before its outcome is ' +
    'written sends it again after the restart (at least once; receivers de-duplicate by ' +
    'event_uuid), and the next attempt is inserted with the outcome (docs/notification-channels.md)',
  'apply-git-event':
    'applies a git event that had to wait, through the version change and preview operations, ' +
    'each one transaction sending the covered advance-rollout, rollout-deployment or ' +
    'remove-deployment job; a crash before it commits runs it again, and an older event never ' +
    'undoes a newer one (docs/git-sources.md)',
  'alerts-round':
    'periodic round: re-sends lost delivery jobs by their own ids (a no-op when queued) and ' +
    'records each budget threshold once under its (account, month, threshold) key',
};

interface CaseResult {
  stage: string;
  point: string;
  killed: boolean;
  settled: boolean;
  recoverMs: number;
  /** Things made twice, as the API or DNS answers them. */
  surplus: number;
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
};

async function settles(stage: CrashStage, target: StageTarget, made: Record<string, string>) {
  try {
    await until(() => stage.settled(target, made), stage.name, 60_000);
    return true;
  } catch {
    return false;
  }
}

/** The first pass: each stage once, unarmed; the points its work reaches are its cases. */
async function listPoints(rig: CrashRig, stages: readonly CrashStage[], target: StageTarget) {
  const cases: { stage: CrashStage; point: string }[] = [];
  const seen = new Set<string>();
  for (const [index, stage] of stages.entries()) {
    const made = await stage.prepare(target, `list${index}`);
    const before = rig.logLines().length;
    await stage.act(target, made);
    if (!(await settles(stage, target, made))) throw new Error(`${stage.name} never settled`);
    // The last job's `end` comes just after the state it settles.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const point of pointsOf(rig.logLines().slice(before))) {
      // A periodic round that happened to run meanwhile is exempt (see `exempt`).
      if (seen.has(point) || exempt[point.split('/')[0]!]) continue;
      seen.add(point);
      cases.push({ stage, point });
    }
  }
  return cases;
}

/** Kills the server at `point` of `stage`'s work, restarts it, and waits for the final state. */
async function crashCase(
  rig: CrashRig,
  stage: CrashStage,
  point: string,
  target: StageTarget,
  tag: string,
): Promise<CaseResult> {
  const made = await stage.prepare(target, tag);
  rig.arm(point);
  // The server may die under the request: the kill is what the case is about.
  await stage.act(target, made).catch(() => undefined);
  const killed = await rig.waitForKill(20_000);
  rig.disarm();
  const started = Date.now();
  if (killed) await rig.restart();
  const settled = await settles(stage, target, made);
  const recoverMs = Date.now() - started;
  const surplus = (await stage.surplus?.(target, made)) ?? 0;
  return { stage: stage.name, point, killed, settled, recoverMs, surplus };
}

/** One server of the matrix with what its stages work on; two run the cases side by side. */
interface Lane {
  rig: CrashRig;
  target: StageTarget;
  stages: CrashStage[];
}

async function openLane(kubeApiUrl: string): Promise<Lane> {
  const rig = await startCrashRig();
  const user = await logIn(rig.server().baseUrl);
  const target: StageTarget = {
    baseUrl: () => rig.server().baseUrl,
    dnsPort: () => rig.server().dnsPort,
    user,
  };
  const base = await readySmartCluster(target.baseUrl(), user, 'crash-base', ['ca-toronto']);
  const stages = [
    ...clusterStages,
    externalStage(kubeApiUrl),
    ...appStages(() => base),
    ...domainStages(() => base),
  ];
  return { rig, target, stages };
}

/** Every other case on each lane; a lane's cases run one after another. */
async function runCases(lanes: readonly Lane[], cases: { stage: CrashStage; point: string }[]) {
  const results = await Promise.all(
    lanes.map(async (lane, laneIndex) => {
      const own: CaseResult[] = [];
      for (const [index, { stage, point }] of cases.entries()) {
        if (index % lanes.length !== laneIndex) continue;
        const laneStage = lane.stages.find((each) => each.name === stage.name)!;
        own.push(await crashCase(lane.rig, laneStage, point, lane.target, `c${index}`));
      }
      return own;
    }),
  );
  return results.flat();
}

/** Both lanes' rows, added up per thing. */
async function duplicatesOf(lanes: readonly Lane[]) {
  const perLane = await Promise.all(
    lanes.map((lane) => countDuplicates(lane.rig.server().dataDir)),
  );
  return perLane[0]!.map((row) => ({
    ...row,
    rows: perLane.reduce((sum, rows) => sum + rows.find((r) => r.thing === row.thing)!.rows, 0),
    surplus: perLane.reduce(
      (sum, rows) => sum + rows.find((r) => r.thing === row.thing)!.surplus,
      0,
    ),
  }));
}

describe('crash matrix: kill -9 at every step of every durable job', () => {
  let lanes: Lane[] = [];
  let kubeApi: Awaited<ReturnType<typeof fakeKubeApi>> | undefined;
  afterAll(async () => {
    for (const { rig } of lanes) {
      await rig.stop();
      rig.dispose();
    }
    await kubeApi?.close();
  });

  it('reaches every final state with nothing made twice', async () => {
    kubeApi = await fakeKubeApi();
    // Two servers, each on its own PGlite, share the cases: a case mostly waits for a restart.
    lanes = await Promise.all([openLane(kubeApi.url), openLane(kubeApi.url)]);
    const [first] = lanes as [Lane];
    const cases = await listPoints(first.rig, first.stages, first.target);
    const results = await runCases(lanes, cases);
    await Promise.all(lanes.map(({ rig }) => rig.stop()));
    const duplicates = await duplicatesOf(lanes);
    const catalogue = catalogueOf(first.rig.logLines());
    const restarts = lanes.reduce((sum, { rig }) => sum + rig.restarts(), 0);

    const kinds = [...new Set(cases.map(({ point }) => point.split('/')[0]!))];
    printTable(
      'Crash matrix (kill -9 at each point, restart on the same PGlite)',
      ['job kind', 'points', 'kills', 'final states reached'],
      kinds.map((kind) => {
        const own = results.filter((result) => result.point.startsWith(`${kind}/`));
        const points = own.map((result) => result.point.slice(kind.length + 1)).join(' ');
        const kills = own.filter((result) => result.killed).length;
        const reached = own.filter((result) => result.settled).length;
        return [kind, points, String(kills), `${reached}/${own.length}`];
      }),
    );
    const recover = results.filter((result) => result.killed).map((result) => result.recoverMs);
    printTable(
      'Crash matrix totals',
      ['figure', 'value'],
      [
        ['job kinds in catalogue', String(catalogue.length)],
        ['job kinds covered', String(kinds.length)],
        ['job kinds exempt', String(Object.keys(exempt).length)],
        ['crash points (kind × step)', String(cases.length)],
        ['kills', String(recover.length)],
        ['restarts', String(restarts)],
        ['final states reached', `${results.filter((result) => result.settled).length}`],
        ['duplicates found (rows)', String(duplicates.reduce((sum, row) => sum + row.surplus, 0))],
        ['duplicates found (API/DNS)', String(results.reduce((sum, row) => sum + row.surplus, 0))],
        ['time to recover p50', `${percentile(recover, 0.5)} ms`],
        ['time to recover p99', `${percentile(recover, 0.99)} ms`],
      ],
    );
    printTable(
      'Rows checked for duplicates',
      ['thing', 'rows', 'surplus'],
      duplicates.map((row) => [row.thing, String(row.rows), String(row.surplus)]),
    );

    // A kind of job with no crash case fails the matrix unless exempt with a reason.
    expect(catalogue).toEqual(expect.arrayContaining([...kinds, ...Object.keys(exempt)]));
    expect(catalogue.filter((kind) => !kinds.includes(kind) && !exempt[kind])).toEqual([]);
    const failed = results.filter((result) => !result.killed || !result.settled || result.surplus);
    expect(failed).toEqual([]);
    expect(duplicates.filter((row) => row.surplus > 0)).toEqual([]);
    expect(duplicates.every((row) => row.rows > 0)).toBe(true);
  }, 600_000);
});
