import { describe, expect, it } from 'vitest';
import { seededDatacenters } from '../clusters/cluster/datacenter-seed';
import { judgeScaling, type MemberLoad } from './minion-scaling';

const row = (uuid: string) => ({
  ...seededDatacenters.find((seed) => seed.uuid === uuid)!,
  driver: 'simulator',
  position: 0,
});
const montreal = row('ca-montreal');
const tokyo = row('jp-tokyo');
/** What n nodes of mini cost a month in Montréal, by the spec's formula. */
const montrealNodes = (n: number) => n * montreal.flavorPrices.mini! * 730.001;

function request(members: MemberLoad[], budget = 100_000) {
  return {
    members,
    clusterSize: 'mini' as const,
    masterCount: 1,
    leastMinions: 1,
    budget,
    mayShrink: true,
  };
}

describe('scaling minions on observed load', () => {
  it('adds minions where demand grew, enough to run them at 70 % or less', () => {
    const verdict = judgeScaling(
      request([
        { datacenter: montreal, minions: 1, requestsPerMinute: 1000 },
        { datacenter: tokyo, minions: 1, requestsPerMinute: 20 },
      ]),
    );
    expect([...verdict!.minions]).toEqual([['ca-montreal', 5]]);
    expect(verdict!.notice).toMatch(
      /^Scaling Montréal to 5 minions \(1,000 requests a minute\): \$\d+\.\d\d → \$\d+\.\d\d a month\.$/,
    );
  });

  it('never spends past the budget', () => {
    const verdict = judgeScaling(
      request(
        [{ datacenter: montreal, minions: 1, requestsPerMinute: 1000 }],
        montrealNodes(4) + 0.01,
      ),
    );
    expect([...verdict!.minions]).toEqual([['ca-montreal', 3]]);
    expect(verdict!.monthlyCost).toBeLessThanOrEqual(montrealNodes(4) + 0.01);
    expect(verdict!.notice).toMatch(/as far as the budget of \$\d+\.\d\d allows\.$/);
  });

  it('gives minions back when demand falls, never below the smart cluster’s own count', () => {
    const verdict = judgeScaling(
      request([{ datacenter: montreal, minions: 5, requestsPerMinute: 100 }]),
    );
    expect([...verdict!.minions]).toEqual([['ca-montreal', 1]]);
    // Not during a cool-down: growth may come back.
    const cooling = { ...request([{ datacenter: montreal, minions: 5, requestsPerMinute: 100 }]) };
    expect(judgeScaling({ ...cooling, mayShrink: false })).toBeNull();
    expect(
      judgeScaling(request([{ datacenter: montreal, minions: 1, requestsPerMinute: 0 }])),
    ).toBeNull();
  });

  it('holds between 50 % and 70 % so it never flaps', () => {
    // 350 a minute on 2 minis (600): 58 %.
    expect(
      judgeScaling(request([{ datacenter: montreal, minions: 2, requestsPerMinute: 350 }])),
    ).toBeNull();
  });
});
