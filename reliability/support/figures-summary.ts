import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { figuresFileVariable, printTable } from './figures';

interface CollectedTable {
  title: string;
  header: string[];
  lines: string[][];
}

/**
 * Vitest global setup of the reliability suite: every table a file prints is collected, and the
 * run ends with all of them as one table (area, check, figures), the one place to read.
 */
export default function collectFigures(): () => void {
  const folder = mkdtempSync(path.join(tmpdir(), 'meridian-figures-'));
  const file = path.join(folder, 'figures.jsonl');
  process.env[figuresFileVariable] = file;
  return () => {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return; // no file printed a table
    } finally {
      delete process.env[figuresFileVariable];
    }
    const tables = text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as CollectedTable);
    const rows = tables.flatMap(({ title, header, lines }) =>
      lines.map((line) => [
        title,
        line[0] ?? '',
        line
          .slice(1)
          .map((cell, index) => `${header[index + 1]} ${cell}`)
          .join(' · '),
      ]),
    );
    printTable('Reliability: every figure of this run', ['area', 'check', 'figures'], rows, 3);
    rmSync(folder, { recursive: true, force: true });
  };
}
