// `npm test`: every suite, stage by stage, then a table of seconds per stage.
// `npm test -- unit browser` runs only the named stages (README "Test it").
// With MERIDIAN_STAGE_LOG set, each stage also appends "name seconds" to that file, so .ci/run
// can add its own stages (install, the Node 20 smoke) to one table.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const reliability = 'npm run test:reliability --';
/** Reliability files that assert answers only; the first runs beside the other two. */
const sideBySide = ['isolation', 'role-matrix', 'secrets'];
/** Every other reliability file, by its whole name (a name is a filter, not a glob). */
const oneAtATime = fs
  .readdirSync(new URL('../reliability', import.meta.url))
  .filter((file) => file.endsWith('.reliability.test.ts'))
  .filter((file) => !sideBySide.includes(file.replace('.reliability.test.ts', '')));

/** Each stage's commands; the commands of one step run side by side (2 cores, one thread each). */
const stages = {
  'lint+types': [['npm run lint', 'npm run typecheck']],
  unit: [['npm run test:unit']],
  browser: [['npm run build'], ['npm run test:e2e']],
  reliability: [
    // The suites that only check answers (no timing, no figure) run side by side; the rest,
    // whose bystander deadlines and figures need the cores to themselves, one at a time after.
    [`${reliability} ${sideBySide[0]}`, `${reliability} ${sideBySide.slice(1).join(' ')}`],
    [`${reliability} ${oneAtATime.join(' ')}`],
  ],
};

function run(command, { quiet }) {
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('exit', (code, signal) => resolve({ command, ok: code === 0, output, signal }));
  });
}

/** Runs one step; parallel commands keep their output apart and print it whole, in order. */
async function runStep(commands) {
  const quiet = commands.length > 1;
  const results = await Promise.all(commands.map((command) => run(command, { quiet })));
  for (const result of results) {
    if (quiet) process.stdout.write(`\n> ${result.command}\n${result.output}`);
    if (!result.ok) {
      const how = result.signal ? `was stopped by ${result.signal}` : 'failed';
      console.error(`\n'${result.command}' ${how}.`);
    }
  }
  return results.every((result) => result.ok);
}

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in stages));
if (unknown.length > 0) {
  console.error(
    `Unknown stage ${unknown.join(', ')}; the stages are ${Object.keys(stages).join(', ')}.`,
  );
  process.exit(2);
}

const table = [];
let failed;
for (const name of asked.length > 0 ? asked : Object.keys(stages)) {
  const started = performance.now();
  let ok = true;
  for (const step of stages[name]) {
    ok = await runStep(step);
    if (!ok) break;
  }
  const seconds = Math.round((performance.now() - started) / 1000);
  table.push([name, seconds, ok ? 'passed' : 'FAILED']);
  if (process.env.MERIDIAN_STAGE_LOG) {
    fs.appendFileSync(
      process.env.MERIDIAN_STAGE_LOG,
      `${name} ${seconds} ${ok ? 'passed' : 'FAILED'}\n`,
    );
  }
  if (!ok) {
    failed = name;
    break;
  }
}

console.log('\nstage          seconds  result');
for (const [name, seconds, result] of table) {
  console.log(`${name.padEnd(14)} ${String(seconds).padStart(7)}  ${result}`);
}
const total = table.reduce((sum, [, seconds]) => sum + seconds, 0);
console.log(`${'total'.padEnd(14)} ${String(total).padStart(7)}`);
if (failed) {
  console.error(`\nThe ${failed} stage failed; the stages after it did not run.`);
  process.exit(1);
}
