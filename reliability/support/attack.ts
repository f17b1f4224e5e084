import { isErrorShape, type Answer } from './api';
import { startBystander } from './bystander';
import type { AttackFigures } from './figures';
import type { MeridianProcess } from './meridian-process';

/** One request of an attack, named so a failure says which input did it. */
export interface Shot {
  name: string;
  fire: () => Promise<Answer>;
}

export interface AttackResult {
  figures: AttackFigures;
  /** Shots answered 5xx, not at all, or with a body outside the error contract. */
  defects: string[];
  bystanderFailed: number;
}

/**
 * Fires every shot (a few at a time) while another user keeps asking `bystander`, and counts
 * what came back. A 4xx must carry the error shape; nothing may be a 5xx or a dropped connection.
 */
export async function runAttack(
  server: MeridianProcess,
  attack: string,
  shots: readonly Shot[],
  bystander: () => Promise<boolean>,
  concurrency = 4,
): Promise<AttackResult> {
  const exitsBefore = server.exits();
  const watcher = startBystander(bystander);
  const counts = { answered4xx: 0, answered5xx: 0, other: 0 };
  const defects: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < shots.length) {
      const shot = shots[next++]!;
      const answer = await shot.fire();
      if (answer.status >= 400 && answer.status < 500) {
        counts.answered4xx += 1;
        if (!isErrorShape(answer.body))
          defects.push(`${shot.name}: ${answer.status} ${answer.body.slice(0, 120)}`);
      } else if (answer.status >= 500 || answer.status === 0) {
        counts.answered5xx += 1;
        defects.push(`${shot.name}: ${answer.status || 'no answer'} ${answer.body.slice(0, 200)}`);
      } else {
        counts.other += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seen = await watcher.stop();
  return {
    figures: {
      attack,
      requests: shots.length,
      ...counts,
      restarts: server.exits() - exitsBefore,
      peakRssMiB: server.memory().peakMiB,
      bystanderSlowestMs: seen.slowestMs,
    },
    defects,
    bystanderFailed: seen.failed,
  };
}
