import type {
  DeploymentMetrics,
  DeploymentMetricsPoint,
} from '@meridian/domain/apps/deployment-metrics';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { t } from '../../apps.texts';
import type { TextKey } from '../../apps.texts';
import { formatDateTime, intlLocale } from '../../../../shared/lib/format-date';
import {
  colorScheme,
  subscribeColorScheme,
  type ColorScheme,
} from '../../../../shared/theme/color-scheme';
import styles from './metrics.module.css';

/** One chart: which figure of a point it draws, in which unit, its colour and how it reads. */
interface ChartSpec {
  key: Exclude<keyof DeploymentMetricsPoint, 'at'>;
  title: TextKey;
  color: string;
  /** The figure in the unit drawn (memory in MiB, so the axis falls on round numbers). */
  scale(value: number): number;
  format(value: number): string;
  /** The least top of the axis, so a flat line at 0 does not fill the chart with noise. */
  minTop: number;
}

const number = (value: number, digits: number) =>
  value.toLocaleString(intlLocale(), { maximumFractionDigits: digits });
const same = (value: number) => value;

const charts: ChartSpec[] = [
  {
    key: 'requests_per_second',
    title: 'apps.detail.metrics.requests',
    color: '#1f6feb',
    scale: same,
    format: (value) => `${number(value, value < 10 ? 2 : 0)}/s`,
    minTop: 1,
  },
  {
    key: 'p95_latency_ms',
    title: 'apps.detail.metrics.latency',
    color: '#8250df',
    scale: same,
    format: (value) => `${number(value, 0)} ms`,
    minTop: 100,
  },
  {
    key: 'error_rate',
    title: 'apps.detail.metrics.errors',
    color: '#cf222e',
    scale: (value) => value * 100,
    format: (value) => `${number(value, 2)} %`,
    minTop: 1,
  },
  {
    key: 'cpu_millicores',
    title: 'apps.detail.metrics.cpu',
    color: '#1a7f37',
    scale: same,
    format: (value) => `${number(value, 0)} m`,
    minTop: 100,
  },
  {
    key: 'memory_bytes',
    title: 'apps.detail.metrics.memory',
    color: '#bf8700',
    scale: (value) => value / 2 ** 20,
    format: (value) => `${number(value, 0)} MiB`,
    minTop: 128,
  },
  {
    // The pods running (an autoscaler moves it); a mean over the step, so it may be fractional.
    key: 'replicas',
    title: 'apps.detail.metrics.replicas',
    color: '#0969da',
    scale: same,
    format: (value) => number(value, 1),
    minTop: 2,
  },
];

const chartHeight = 150;
// Hovering one chart shows the same instant on all of them.
const cursorSync = 'deployment-metrics';

/** Axis text and grid in the theme shown (issue 40): uPlot draws on a canvas, past CSS variables. */
const axisColours = {
  light: { text: '#57606a', grid: '#eef1f4' },
  dark: { text: 'rgba(230, 237, 243, 0.7)', grid: '#263444' },
} as const;

/** Month and weekday names of a language, as uPlot's time axis names them. */
function dateNames(locale: string): uPlot.DateNames {
  const names = (count: number, at: (i: number) => Date, options: Intl.DateTimeFormatOptions) =>
    Array.from({ length: count }, (_, i) => at(i).toLocaleDateString(locale, options));
  const month = (i: number) => new Date(Date.UTC(2026, i, 15));
  // 2026-01-04 was a Sunday: uPlot counts weekdays from Sunday.
  const weekday = (i: number) => new Date(Date.UTC(2026, 0, 4 + i));
  return {
    MMMM: names(12, month, { month: 'long' }),
    MMM: names(12, month, { month: 'short' }),
    WWWW: names(7, weekday, { weekday: 'long' }),
    WWW: names(7, weekday, { weekday: 'short' }),
  };
}

/**
 * The time axis's formats in the reader's language: uPlot writes US English (`4:15am`,
 * `11/29/26`); Canadian French writes `4 h 15` and `2026-11-29`.
 */
function timeAxisDates(locale: string): uPlot.DateFormatterFactory {
  if (locale !== 'fr-CA') return (template) => uPlot.fmtDate(template);
  const names = dateNames(locale);
  return (template) =>
    uPlot.fmtDate(
      template
        .replace('{h}:{mm}{aa}', '{H} h {mm}')
        .replace('{h}{aa}', '{H} h')
        .replace('{M}/{D}/{YY}', '{YYYY}-{MM}-{DD}')
        .replace('{M}/{D}', '{D}/{M}'),
      names,
    );
}

function plotOptions(
  spec: ChartSpec,
  width: number,
  scheme: ColorScheme,
  locale: string,
  onHover: (index: number | null) => void,
) {
  const axis = axisColours[scheme];
  const options: uPlot.Options = {
    width,
    height: chartHeight,
    legend: { show: false },
    fmtDate: timeAxisDates(locale),
    cursor: { y: false, sync: { key: cursorSync } },
    scales: { y: { range: (_plot, _min, max) => [0, Math.max(spec.minTop, max * 1.15)] } },
    // Points too: a lone sample between empty buckets has no line to draw.
    series: [{}, { stroke: spec.color, fill: `${spec.color}1a`, width: 2, points: { size: 5 } }],
    axes: [
      { stroke: axis.text, grid: { stroke: axis.grid }, ticks: { show: false } },
      {
        stroke: axis.text,
        grid: { stroke: axis.grid },
        ticks: { show: false },
        size: 64,
        values: (_plot, splits) => splits.map((split) => spec.format(split)),
      },
    ],
    hooks: { setCursor: [(plot) => onHover(plot.cursor.idx ?? null)] },
  };
  return options;
}

interface MetricChartProps {
  spec: ChartSpec;
  times: number[];
  values: (number | null)[];
  atOf(index: number): string;
}

/** One figure over time, sized to its box; its caption reads the latest value, or the hovered one. */
function MetricChart({ spec, times, values, atOf }: MetricChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const data = useRef<uPlot.AlignedData>([times, values]);
  data.current = [times, values];
  const [hovered, setHovered] = useState<number | null>(null);
  const scheme = useSyncExternalStore(subscribeColorScheme, colorScheme);
  const locale = intlLocale();
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const options = plotOptions(spec, element.clientWidth, scheme, locale, setHovered);
    const plot = new uPlot(options, data.current, element);
    plotRef.current = plot;
    const observer = new ResizeObserver(() =>
      plot.setSize({ width: element.clientWidth, height: chartHeight }),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [spec, scheme, locale]);
  // New points redraw the same plot, so a sampling round keeps the pointer's reading in place.
  useEffect(() => plotRef.current?.setData([times, values]), [times, values]);
  const latest = values.findLastIndex((value) => value !== null);
  const shown = hovered ?? (latest >= 0 ? latest : null);
  const value = shown === null ? null : (values[shown] ?? null);
  return (
    <figure className={styles.chart} data-testid={`metrics-chart-${spec.key}`}>
      <figcaption className={styles.chartTitle}>
        <span>{t(spec.title)}</span>
        <span className={styles.reading}>
          {hovered !== null ? <span>{formatDateTime(atOf(hovered))}</span> : null}
          <strong>{value === null ? '—' : spec.format(value)}</strong>
        </span>
      </figcaption>
      <div ref={box} className={styles.plot} />
    </figure>
  );
}

/** The deployment's six figures over the range (uPlot: small and fast, loaded with this file). */
export function MetricsCharts({ metrics }: { metrics: DeploymentMetrics }) {
  const times = useMemo(
    () => metrics.points.map((point) => Date.parse(point.at) / 1000),
    [metrics],
  );
  const series = useMemo(
    () =>
      charts.map((spec) =>
        metrics.points.map((point) => {
          const value = point[spec.key];
          return value === null ? null : spec.scale(value);
        }),
      ),
    [metrics],
  );
  const atOf = (index: number) => metrics.points[index]?.at ?? '';
  return (
    <div className={styles.charts}>
      {charts.map((spec, index) => (
        <MetricChart key={spec.key} spec={spec} times={times} values={series[index]!} atOf={atOf} />
      ))}
    </div>
  );
}
