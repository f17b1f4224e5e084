import { html, type Html } from './monitoring-html';

/** One metric over a time window, drawn as a line with its area. */
export interface ChartInput {
  /** Names the chart for screen readers (its visible title is the card's). */
  label: string;
  points: readonly { at: Date; value: number }[];
  from: Date;
  to: Date;
  format(value: number): string;
}

const size = { width: 640, height: 220 };
const plot = { left: 64, right: 16, top: 12, bottom: 28 };
const plotWidth = size.width - plot.left - plot.right;
const plotHeight = size.height - plot.top - plot.bottom;
const gridLines = 4;

/** The top of the axis: `gridLines` equal steps of a round size (1, 1.5, 2 … 8 × 10ⁿ) above `max`. */
export function axisTop(max: number): number {
  const wanted = (max * 1.1) / gridLines;
  if (!(wanted > 0)) return gridLines;
  const magnitude = 10 ** Math.floor(Math.log10(wanted));
  const steps = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];
  const step = steps.find((candidate) => candidate * magnitude >= wanted) ?? 10;
  return step * magnitude * gridLines;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Time before the window's end under each quarter of the axis: seconds for a young cluster. */
function timeLabels(from: Date, to: Date): Html[] {
  const seconds = (to.getTime() - from.getTime()) / 1000;
  const [unit, span] = seconds < 300 ? ['s', seconds] : ['min', seconds / 60];
  return [0, 1, 2, 3, 4].map((index) => {
    const x = plot.left + (plotWidth * index) / 4;
    const ago = Math.round(span * (1 - index / 4));
    const anchor = index === 0 ? 'start' : index === 4 ? 'end' : 'middle';
    return html`<text class="axis" x="${x}" y="${size.height - 8}" text-anchor="${anchor}"
      >${ago === 0 ? 'now' : `−${ago} ${unit}`}</text
    >`;
  });
}

/** Why there is no line: no sample in the window, or only the first one (one a minute). */
function noLine(count: number): string {
  return count === 0
    ? 'No sample in this window yet: one is taken every minute.'
    : 'One sample so far: the line starts with the next, a minute later.';
}

/**
 * An inline SVG line chart: round-numbered grid, the values as a line over a light area, time
 * along the bottom. Server-drawn so the page needs no script; styled by the page's classes.
 */
export function lineChart(input: ChartInput): Html {
  const { points, from, to } = input;
  const top = axisTop(Math.max(0, ...points.map((point) => point.value)));
  const span = Math.max(1, to.getTime() - from.getTime());
  const xOf = (at: Date) => round(plot.left + (plotWidth * (at.getTime() - from.getTime())) / span);
  const yOf = (value: number) => round(plot.top + plotHeight * (1 - value / top));
  const grid = Array.from({ length: gridLines + 1 }, (_, index) => {
    const value = (top * index) / gridLines;
    const y = yOf(value);
    return html`<line
        class="grid"
        x1="${plot.left}"
        x2="${size.width - plot.right}"
        y1="${y}"
        y2="${y}"
      ></line>
      <text class="axis" x="${plot.left - 8}" y="${y + 4}" text-anchor="end"
        >${input.format(value)}</text
      >`;
  });
  const line = points.map((point) => `${xOf(point.at)},${yOf(point.value)}`).join(' L');
  const first = points[0];
  const last = points[points.length - 1];
  const baseline = yOf(0);
  const shapes =
    first && last && points.length > 1
      ? html`<path
            class="area"
            d="M${xOf(first.at)},${baseline} L${line} L${xOf(last.at)},${baseline} Z"
          ></path>
          <path class="line" d="M${line}"></path>`
      : html`<text class="axis" x="${size.width / 2}" y="${size.height / 2}" text-anchor="middle"
          >${noLine(points.length)}</text
        >`;
  return html`<svg
    class="chart"
    viewBox="0 0 ${size.width} ${size.height}"
    role="img"
    aria-label="${input.label}"
  >
    ${grid}${shapes}${timeLabels(from, to)}
  </svg>`;
}
