import { createHash } from 'node:crypto';
import { Html } from './monitoring-html';

/** The page's one stylesheet (../shared/design.md: navy header, #1f6feb, system fonts, cards). */
export const monitoringStyles = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; background: #f5f8fb; color: #1f2d3d;
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
header { height: 56px; background: #0b1f33; color: #fff; display: flex; align-items: center;
  gap: 12px; padding: 0 24px; }
header .brand { font-size: 16px; font-weight: 600; }
header .where { margin-left: auto; color: #b7c4d1; font-size: 13px; }
.logo { width: 28px; height: 28px; }
.logo .globe { fill: #17324d; stroke: #6ea8fe; stroke-width: 1.5; }
.logo .meridian { fill: none; stroke: #1f6feb; stroke-width: 2; }
main { max-width: 1200px; margin: 0 auto; padding: 24px; }
body.kiosk main { max-width: none; padding: 16px 24px; }
h1 { margin: 0; font-size: 24px; line-height: 1.3; overflow-wrap: anywhere; }
h2 { margin: 0 0 12px; font-size: 16px; }
.meta { margin: 4px 0 0; color: #5b6b7b; display: flex; flex-wrap: wrap; gap: 8px 16px;
  align-items: center; }
.stats { display: grid; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); gap: 16px;
  margin: 20px 0 16px; }
.card { background: #fff; border-radius: 8px; padding: 16px 20px;
  box-shadow: 0 1px 2px rgba(11, 31, 51, 0.06), 0 2px 8px rgba(11, 31, 51, 0.06); }
.stat .label { color: #5b6b7b; font-size: 13px; }
.stat .value { font-size: 22px; font-weight: 600; }
.span { color: #5b6b7b; margin: 0 0 8px; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 16px; }
.chart-head { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; }
.chart-head .now { color: #5b6b7b; }
.chart { display: block; width: 100%; height: auto; }
.chart .grid { stroke: #e6ecf2; stroke-width: 1; }
.chart .axis { fill: #5b6b7b; font-size: 12px; }
.chart .line { fill: none; stroke: #1f6feb; stroke-width: 2; stroke-linejoin: round; }
.chart .area { fill: #1f6feb; fill-opacity: 0.12; }
section.card { margin-top: 16px; }
table { width: 100%; border-collapse: collapse; }
th { text-align: left; font-weight: 600; color: #5b6b7b; font-size: 13px;
  border-bottom: 1px solid #e6ecf2; padding: 8px 12px 8px 0; }
td { border-bottom: 1px solid #f0f3f6; padding: 8px 12px 8px 0; overflow-wrap: anywhere; }
td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
.tag { display: inline-block; padding: 0 8px; border-radius: 4px; font-size: 12px;
  line-height: 20px; border: 1px solid #d9d9d9; background: #fafafa; color: #555; }
.tag.green { color: #237804; background: #f6ffed; border-color: #b7eb8f; }
.tag.gold { color: #874d00; background: #fffbe6; border-color: #ffe58f; }
.tag.red { color: #cf1322; background: #fff1f0; border-color: #ffa39e; }
.problem { margin: 20px 0 0; border-left: 4px solid #cf1322; }
.notice { color: #5b6b7b; margin: 8px 0 0; }
.empty { color: #5b6b7b; margin: 0; }
.footnote { color: #5b6b7b; font-size: 12px; margin: 16px 0 0; }
`;

/** The stylesheet as the page embeds it: exactly the text the policy's hash is of. */
export const styleElement = new Html(`<style>${monitoringStyles}</style>`);

const stylesHash = createHash('sha256').update(monitoringStyles).digest('base64');

/**
 * The page loads nothing and runs nothing: only its own stylesheet, by hash (inline SVG is
 * markup, not an image), no frames around it, no form posting anywhere.
 */
export const monitoringContentSecurityPolicy = [
  "default-src 'none'",
  `style-src 'sha256-${stylesHash}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
