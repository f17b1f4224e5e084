// Solve times of the placement engine (apps/server/src/modules/intelligence/placement.ts) on
// random worldwide instances: p50/p99 per size, as the server runs it (stopped at its time limit),
// how many searches that limit cut short, next to a brute-force anchor measured in the same run
// where brute force is affordable. Prints figures; asserts nothing.
import { reportFigure } from './report';

const { placeWithin, roundTripMs, weightedP95 } = await import(
  new URL('../apps/server/src/modules/intelligence/placement.ts', import.meta.url).href
);
const { placementSearchBudgetMs } = await import(
  new URL('../apps/server/src/modules/intelligence/automatic-placement.ts', import.meta.url).href
);

const runs = Number(process.env.RUNS ?? 200);
let seed = 42;
/** A small deterministic generator, so runs compare across machines and commits. */
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}
const point = () => ({ latitude: random() * 130 - 60, longitude: random() * 360 - 180 });

function instance(candidates: number, demand: number) {
  return {
    candidates: Array.from({ length: candidates }, (_, i) => ({
      uuid: `dc-${i}`,
      ...point(),
      monthlyCost: 50 + Math.round(random() * 450),
    })),
    demand: Array.from({ length: demand }, () => ({
      ...point(),
      weight: 1 + Math.round(random() * 99),
    })),
    latencyMs: 40 + Math.round(random() * 160),
  };
}

type Instance = ReturnType<typeof instance>;

function bruteForce({ candidates, demand, latencyMs }: Instance): number {
  let best = Infinity;
  for (let mask = 1; mask < 1 << candidates.length; mask++) {
    const chosen = candidates.filter((_, i) => mask & (1 << i));
    const cost = chosen.reduce((sum, c) => sum + c.monthlyCost, 0);
    if (cost >= best) continue;
    const p95 = weightedP95(
      demand.map((p) => ({
        latencyMs: Math.min(...chosen.map((c) => roundTripMs(p, c))),
        weight: p.weight,
      })),
    );
    if (p95 <= latencyMs) best = cost;
  }
  return best;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function measure(
  solve: (input: Instance) => unknown,
  inputs: Instance[],
): { p50: number; p99: number } {
  const times = inputs.map((input) => {
    const started = performance.now();
    solve(input);
    return performance.now() - started;
  });
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

let cut = 0;
/** The engine as the server runs it: searching at most its time limit. */
function engine(input: Instance): void {
  if (!placeWithin({ ...input, budgetMs: placementSearchBudgetMs }).optimal) cut++;
}

console.log(`placement engine, ${runs} random instances per size (solve time, ms)`);
console.log(
  `candidates × demand     engine p50   engine p99   cut at ${placementSearchBudgetMs / 1000} s   brute force p50   ratio p50`,
);
for (const [candidates, demand, brute] of [
  [11, 50, true],
  [16, 50, true],
  [20, 50, false],
  [24, 200, false],
  [25, 50, false],
  [50, 200, false],
  [100, 200, false],
] as const) {
  const inputs = Array.from({ length: brute ? Math.min(runs, 40) : runs }, () =>
    instance(candidates, demand),
  );
  cut = 0;
  const solved = measure(engine, inputs);
  const anchor = brute ? measure(bruteForce, inputs) : undefined;
  const name = `placement ${candidates} candidates × ${demand} demand points: engine solve`;
  reportFigure({
    figure: `${name} p50`,
    value: solved.p50,
    unit: 'ms',
    better: 'lower',
    ...(anchor ? { anchor: { name: 'brute force p50', value: anchor.p50 } } : {}),
  });
  reportFigure({ figure: `${name} p99`, value: solved.p99, unit: 'ms', better: 'lower' });
  reportFigure({
    figure: `${name}s cut at the time limit`,
    value: (100 * cut) / inputs.length,
    unit: '%',
    better: 'lower',
  });
  console.log(
    `${`${candidates} × ${demand}`.padEnd(22)}${solved.p50.toFixed(2).padStart(11)}${solved.p99.toFixed(2).padStart(13)}` +
      `${`${cut} of ${inputs.length}`.padStart(14)}` +
      (anchor
        ? `${anchor.p50.toFixed(2).padStart(18)}${(anchor.p50 / solved.p50).toFixed(0).padStart(11)}×`
        : '          (brute force: 2^n subsets, not run)'),
  );
}
