// Machine-readable figures of a benchmark, for `npm run bench`'s one table. Each bench still prints
// its own lines; when BENCH_RESULTS names a file, every figure is also appended there as one JSON line.
import fs from 'node:fs';

export interface Figure {
  /** Stable name, the key of bench/baseline.json: "apps list p99 (50 connections)". */
  figure: string;
  value: number;
  unit: string;
  /** Which way is better, so a regression can be told from an improvement. */
  better: 'lower' | 'higher';
  /** The same thing measured on a reference in the same run (a bare route, PowerDNS…). */
  anchor?: { name: string; value: number };
  /** What it should reach: the value itself, or with `vsAnchor`, times better than its anchor. */
  goal?: { value: number; vsAnchor?: boolean };
}

export function reportFigure(figure: Figure): void {
  const file = process.env.BENCH_RESULTS;
  if (file) fs.appendFileSync(file, `${JSON.stringify(figure)}\n`);
}
