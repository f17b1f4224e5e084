/**
 * Another user, going about their business during an attack: asks one cheap question over and
 * over and keeps the slowest answer. What an attack costs the people it does not target.
 */
export interface Bystander {
  /** Stops asking; answers the slowest answer seen, how many were asked, and failures. */
  stop(): Promise<{ slowestMs: number; asked: number; failed: number }>;
}

export function startBystander(ask: () => Promise<boolean>, pauseMs = 50): Bystander {
  let running = true;
  let slowestMs = 0;
  let asked = 0;
  let failed = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      let ok = false;
      try {
        ok = await ask();
      } catch {
        ok = false;
      }
      slowestMs = Math.max(slowestMs, performance.now() - started);
      asked += 1;
      if (!ok) failed += 1;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { slowestMs: Math.round(slowestMs), asked, failed };
    },
  };
}
