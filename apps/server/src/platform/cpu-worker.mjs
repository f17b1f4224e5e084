// A thread of the CPU pool (cpu-pool.ts). The tasks are TypeScript, and a worker thread does not
// inherit a loader registered through the API (npm start, vitest), so tsx is registered here.
import { register } from 'tsx/esm/api';

register();

/** Runs one task: the named export of a module, given its plain-data input. No name: loads it. */
export default async function runTask({ module, name, input }) {
  const tasks = await import(module);
  return name ? tasks[name](input) : null;
}
