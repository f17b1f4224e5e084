import { appendFileSync } from 'node:fs';
import type { MeridianProcess } from './meridian-process';

/** One attack's figures: what was sent, how it was answered, and what it cost the server. */
export interface AttackFigures {
  attack: string;
  requests: number;
  answered4xx: number;
  answered5xx: number;
  /** Answers that were neither 4xx nor 5xx (e.g. a pathological file that is valid after all). */
  other: number;
  restarts: number;
  peakRssMiB: number;
  /** The slowest answer another user got while the attack ran. */
  bystanderSlowestMs: number;
}

/** A row for `attack` on `server` as it stands now; counts not given are 0. */
export function figuresRow(
  server: Pick<MeridianProcess, 'exits' | 'memory'>,
  attack: string,
  requests: number,
  fields: Partial<AttackFigures>,
): AttackFigures {
  return {
    attack,
    requests,
    answered4xx: 0,
    answered5xx: 0,
    other: 0,
    restarts: server.exits(),
    peakRssMiB: server.memory().peakMiB,
    bystanderSlowestMs: 0,
    ...fields,
  };
}

/** Prints the figures as one table, so the run's log holds them (CI keeps it). */
export function printFigures(title: string, rows: readonly AttackFigures[]): void {
  const header = ['attack', 'requests', '4xx', '5xx', 'other', 'restarts', 'peak RSS', 'bystander'];
  const lines = rows.map((row) => [
    row.attack,
    String(row.requests),
    String(row.answered4xx),
    String(row.answered5xx),
    String(row.other),
    String(row.restarts),
    `${row.peakRssMiB.toFixed(0)} MiB`,
    `${row.bystanderSlowestMs} ms`,
  ]);
  printTable(title, header, lines);
}

/** Prints any table: the first `leftColumns` left-aligned (names), the others (figures) right. */
export function printTable(
  title: string,
  header: readonly string[],
  lines: readonly (readonly string[])[],
  leftColumns = 1,
): void {
  const widths = header.map((cell, index) =>
    Math.max(cell.length, ...lines.map((line) => line[index]!.length)),
  );
  const format = (cells: readonly string[]) =>
    cells
      .map((cell, index) =>
        index < leftColumns ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!),
      )
      .join('  ');
  console.log([`\n${title}`, format(header), ...lines.map(format)].join('\n'));
  // The run's summary (figures-summary.ts) prints every table again as one, at the end.
  const collected = process.env[figuresFileVariable];
  if (collected) appendFileSync(collected, `${JSON.stringify({ title, header, lines })}\n`);
}

/** Where the tables of one run are collected for its closing summary. */
export const figuresFileVariable = 'MERIDIAN_RELIABILITY_FIGURES';
