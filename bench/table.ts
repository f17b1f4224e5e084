// The one table `npm run bench` prints: each figure beside its anchor (same run) and its baseline
// (bench/baseline.json). Pure functions, so the ratio and regression rules are unit-tested.
import type { Figure } from './report';

/** Worse than the baseline by more than this fraction of it is flagged. */
export const regressionThreshold = 0.2;

export interface BaselineFigure {
  bench: string;
  value: number;
  unit: string;
  better: 'lower' | 'higher';
}

export interface Baseline {
  note?: string;
  /** When, where and at which commit each bench's figures were measured. */
  benches: Record<string, { date: string; machine: string; commit: string }>;
  figures: Record<string, BaselineFigure>;
}

/** What one bench script left: its figures (possibly partial) and why it failed, if it did. */
export interface BenchResult {
  bench: string;
  figures: Figure[];
  failure?: string;
  seconds: number;
}

export interface Row {
  figure: string;
  value?: number;
  unit: string;
  anchor?: { name: string; value: number };
  /** Times better than the anchor: above 1 is better than it, whichever way is better. */
  ratio?: number;
  baseline?: number;
  /** Signed change of the value against the baseline, in % of the baseline. */
  changePercent?: number;
  flag: string;
  /** The goal in words ("≤ 100 ms", "≥ 1.00× anchor") and whether this run met it. */
  goal?: { text: string; met: boolean };
  /** A bench's heading line rather than a figure. */
  heading?: boolean;
}

/** Above 1 means better than the anchor: value/anchor when higher is better, else anchor/value. */
export function anchorRatio(figure: Figure): number | undefined {
  if (!figure.anchor) return undefined;
  return figure.better === 'higher'
    ? figure.value / figure.anchor.value
    : figure.anchor.value / figure.value;
}

/** How much worse than the baseline, as a fraction of it (negative: better). */
export function worsening(value: number, baseline: number, better: 'lower' | 'higher'): number {
  const worse = better === 'lower' ? value - baseline : baseline - value;
  if (baseline === 0) return worse === 0 ? 0 : Math.sign(worse) * Infinity;
  return worse / Math.abs(baseline);
}

export function isRegression(value: number, baseline: number, better: 'lower' | 'higher'): boolean {
  return worsening(value, baseline, better) > regressionThreshold;
}

/** The figure's goal in words, and whether it is met (a goal against a missing anchor is not). */
export function goalOf(figure: Figure): Row['goal'] {
  const { goal } = figure;
  if (!goal) return undefined;
  if (goal.vsAnchor) {
    const ratio = anchorRatio(figure);
    return {
      text: `≥ ${goal.value.toFixed(2)}× anchor`,
      met: ratio !== undefined && ratio >= goal.value,
    };
  }
  const lower = figure.better === 'lower';
  return {
    text: `${lower ? '≤' : '≥'} ${formatValue(goal.value, figure.unit)}`,
    met: lower ? figure.value <= goal.value : figure.value >= goal.value,
  };
}

export function figureRow(figure: Figure, baseline?: BaselineFigure): Row {
  const row: Row = {
    figure: figure.figure,
    value: figure.value,
    unit: figure.unit,
    anchor: figure.anchor,
    ratio: anchorRatio(figure),
    goal: goalOf(figure),
    flag: '',
  };
  if (!baseline) return { ...row, flag: 'new (no baseline)' };
  const changePercent =
    baseline.value === 0
      ? figure.value === 0
        ? 0
        : undefined
      : ((figure.value - baseline.value) / Math.abs(baseline.value)) * 100;
  const regression = isRegression(figure.value, baseline.value, figure.better);
  return { ...row, baseline: baseline.value, changePercent, flag: regression ? 'REGRESSION' : '' };
}

/** Rows bench by bench: a heading row each, its figures, then any failure and lost figures. */
export function tableRows(results: BenchResult[], baseline?: Baseline): Row[] {
  const rows: Row[] = [];
  for (const result of results) {
    const title = `${result.bench} (${result.seconds.toFixed(0)} s)`;
    rows.push({ figure: title, unit: '', flag: '', heading: true });
    const seen = new Set<string>();
    for (const figure of result.figures) {
      seen.add(figure.figure);
      rows.push(figureRow(figure, baseline?.figures[figure.figure]));
    }
    if (result.failure)
      rows.push({ figure: '  (bench)', unit: '', flag: `FAILED: ${result.failure}` });
    for (const [name, old] of Object.entries(baseline?.figures ?? {})) {
      if (old.bench !== result.bench || seen.has(name)) continue;
      rows.push({ figure: name, unit: old.unit, baseline: old.value, flag: 'not measured' });
    }
  }
  return rows;
}

/** A number with about three significant digits, and its unit. */
export function formatValue(value: number | undefined, unit = ''): string {
  if (value === undefined || Number.isNaN(value)) return '—';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '-∞';
  const size = Math.abs(value);
  const digits = size >= 100 || Number.isInteger(value) ? 0 : size >= 10 ? 1 : 2;
  return `${value.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
}

function formatChange(percent: number | undefined): string {
  if (percent === undefined) return '';
  return `${percent > 0 ? '+' : ''}${percent.toFixed(1)} %`;
}

function cells(row: Row): string[] {
  if (row.heading) return [row.figure, '', '', '', '', '', '', ''];
  return [
    `  ${row.figure}`,
    formatValue(row.value, row.unit),
    row.anchor ? `${row.anchor.name} ${formatValue(row.anchor.value, row.unit)}` : '',
    row.ratio === undefined ? '' : `${formatValue(row.ratio)}×`,
    row.goal ? `${row.goal.text} ${row.goal.met ? 'met' : 'NOT met'}` : '',
    row.baseline === undefined ? '' : formatValue(row.baseline, row.unit),
    formatChange(row.changePercent),
    row.flag,
  ];
}

export function formatTable(rows: Row[]): string {
  const header = [
    'figure',
    'value',
    'anchor (same run)',
    'vs anchor',
    'goal',
    'baseline',
    'change',
    '',
  ];
  const table = [header, ...rows.map(cells)];
  const widths = header.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  const line = (values: string[]) =>
    values
      .map((value, column) =>
        column === 0 || column === header.length - 1
          ? value.padEnd(widths[column]!)
          : value.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  const rule = '─'.repeat(widths.reduce((sum, width) => sum + width + 2, -2));
  const legend = [
    'vs anchor: times better than the anchor measured in the same run (above 1 is better).',
    'goal: what issue 41 asks of the figure (docs/scale.md), and whether this run met it.',
    `change: value against the baseline; REGRESSION when worse by more than ${regressionThreshold * 100} %.`,
  ];
  return [line(header), rule, ...table.slice(1).map(line), rule, ...legend].join('\n');
}

/** Rows flagged as regressions. */
export function regressions(rows: Row[]): Row[] {
  return rows.filter((row) => row.flag === 'REGRESSION');
}
