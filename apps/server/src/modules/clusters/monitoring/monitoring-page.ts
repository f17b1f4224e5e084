import type { Flavor } from '@meridian/domain/flavors';
import { displayStatus, successLabel, type Status } from '@meridian/domain/status';
import type {
  ClusterSnapshot,
  NodeSnapshot,
  PodSnapshot,
  UsageSample,
} from '../../../platform/drivers/infrastructure-driver';
import { lineChart } from './monitoring-chart';
import { html, type Html } from './monitoring-html';
import { styleElement } from './monitoring-styles';

/** The usage history the cloud keeps, or why there is none to show. */
export type UsageHistory = { samples: UsageSample[] } | { problem: string };

/** Everything the page shows about one member cluster. */
export interface MonitoringView {
  name: string;
  location: string;
  kubeVersion: string | null;
  status: Status;
  /** The size its nodes were ordered in (null: not Meridian's to say, an external cluster). */
  flavor: Flavor | null;
  createdAt: Date;
  /** What the cluster's API answered, or one sentence saying why it could not be read. */
  observed: { snapshot: ClusterSnapshot; usage: UsageHistory } | { problem: string };
  /** The last hour, or less: the usage shown never starts before the cluster was created. */
  window: { from: Date; to: Date };
  generatedAt: Date;
}

export interface PageOptions {
  /** `refresh=10s`: the browser reloads the page this often (null: never). */
  refreshSeconds: number | null;
  /** `kiosk`: the dashboard alone, without the header. */
  kiosk: boolean;
}

const gib = 2 ** 30;
const trim = (value: number, digits: number) => String(Number(value.toFixed(digits)));
// CPU in vCPU and memory in GiB alike: two decimals below 10, one above.
const decimal = (value: number) => trim(value, value >= 10 ? 1 : 2);
const cores = decimal;
const gibibytes = (bytes: number) => decimal(bytes / gib);

function statusTag(status: Status): Html {
  const shown = displayStatus(status);
  const label = status === 'success' ? successLabel.cluster : shown.label;
  return html`<span class="tag ${shown.color}">${label}</span>`;
}

/** A pod's STATUS in the spec's colours: running green, starting gold, stuck or failed red. */
function podTag(status: string): Html {
  const color =
    status === 'Running'
      ? 'green'
      : ['Pending', 'ContainerCreating', 'PodInitializing', 'Terminating'].includes(status)
        ? 'gold'
        : ['Succeeded', 'Completed'].includes(status)
          ? ''
          : 'red';
  return html`<span class="tag ${color}">${status}</span>`;
}

/** The flavor the nodes were ordered in, with the size the console sold them at. */
function flavorOf(flavor: Flavor | null): Html | '' {
  if (!flavor) return '';
  const size = `${flavor.cpu.value} ${flavor.cpu.unit}, ${flavor.ram.value} ${flavor.ram.unit}`;
  return html`<span>${flavor.name} nodes: ${size} each</span>`;
}

function headerBar(view: MonitoringView): Html {
  return html`<header>
    <svg class="logo" viewBox="0 0 32 32" aria-hidden="true">
      <circle class="globe" cx="16" cy="16" r="13"></circle>
      <ellipse class="meridian" cx="16" cy="16" rx="6" ry="13"></ellipse>
    </svg>
    <span class="brand">Meridian monitoring</span>
    <span class="where">${view.location}</span>
  </header>`;
}

function stats(snapshot: ClusterSnapshot): Html {
  const ready = snapshot.nodes.filter((node) => node.status === 'Ready').length;
  const running = snapshot.pods.filter((pod) => pod.status === 'Running').length;
  const cpu = snapshot.nodes.reduce((sum, node) => sum + node.cpuCores, 0);
  const memory = snapshot.nodes.reduce((sum, node) => sum + node.memoryBytes, 0);
  const stat = (label: string, value: string) =>
    html`<div class="card stat">
      <div class="label">${label}</div>
      <div class="value">${value}</div>
    </div>`;
  return html`<div class="stats">
    ${stat('Nodes ready', `${ready} of ${snapshot.nodes.length}`)}
    ${stat('Pods running', `${running} of ${snapshot.pods.length}`)}
    ${stat('CPU capacity', `${cores(cpu)} vCPU`)}
    ${stat('Memory capacity', `${gibibytes(memory)} GiB`)}
  </div>`;
}

/** What the charts cover: the last hour, or the cluster's life so far when it is younger. */
function spanOf(view: Pick<MonitoringView, 'window' | 'createdAt'>): string {
  if (view.window.from.getTime() > view.createdAt.getTime()) return 'over the last hour';
  const minutes = Math.round((view.window.to.getTime() - view.createdAt.getTime()) / 60_000);
  return minutes < 1
    ? 'since the cluster was created, less than a minute ago'
    : `since the cluster was created, ${minutes} min ago`;
}

function usageCharts(usage: UsageHistory, view: MonitoringView): Html {
  const { window } = view;
  const span = spanOf(view);
  if ('problem' in usage) {
    return html`<section class="card">
      <h2>CPU and memory ${span}</h2>
      <p class="empty">${usage.problem}</p>
    </section>`;
  }
  const last = usage.samples[usage.samples.length - 1];
  const card = (title: string, now: string, chart: Html) =>
    html`<section class="card">
      <div class="chart-head">
        <h2>${title}</h2>
        <span class="now">${now}</span>
      </div>
      ${chart}
    </section>`;
  const points = (value: (sample: UsageSample) => number) =>
    usage.samples.map((sample) => ({ at: sample.at, value: value(sample) }));
  return html`<p class="span">CPU and memory used ${span}.</p>
    <div class="charts">
      ${card(
        'CPU used (vCPU)',
        last ? `now ${cores(last.cpuCores)} vCPU` : '',
        lineChart({
          label: `CPU used by the cluster ${span}, in vCPU`,
          points: points((sample) => sample.cpuCores),
          ...window,
          format: cores,
        }),
      )}
      ${card(
        'Memory used (GiB)',
        last ? `now ${gibibytes(last.memoryBytes)} GiB` : '',
        lineChart({
          label: `Memory used by the cluster ${span}, in GiB`,
          // In GiB, so the axis steps are round numbers of GiB.
          points: points((sample) => sample.memoryBytes / gib),
          ...window,
          format: decimal,
        }),
      )}
    </div>`;
}

function nodesTable(nodes: readonly NodeSnapshot[]): Html {
  const rows = nodes.map(
    (node) =>
      html`<tr>
        <td>${node.name}</td>
        <td>
          <span class="tag ${node.status === 'Ready' ? 'green' : 'red'}">${node.status}</span>
        </td>
        <td>${node.kubeletVersion}</td>
        <td class="number">${cores(node.cpuCores)} vCPU</td>
        <td class="number">${gibibytes(node.memoryBytes)} GiB</td>
      </tr>`,
  );
  return html`<section class="card">
    <h2>Nodes</h2>
    ${
      nodes.length === 0
        ? html`<p class="empty">The cluster lists no nodes.</p>`
        : html`<table>
            <thead>
              <tr>
                <th>Name</th>
                <th>Status</th>
                <th>Version</th>
                <th class="number">CPU</th>
                <th class="number">Memory</th>
              </tr>
            </thead>
            <tbody>
              ${rows}
            </tbody>
          </table>`
    }
  </section>`;
}

function podsTable(pods: readonly PodSnapshot[]): Html {
  const rows = pods.map(
    (pod) =>
      html`<tr>
        <td>${pod.namespace}</td>
        <td>${pod.name}</td>
        <td class="number">${pod.readyContainers}/${pod.containers}</td>
        <td>${podTag(pod.status)}</td>
        <td class="number">${pod.restarts}</td>
        <td>${pod.node ?? '—'}</td>
      </tr>`,
  );
  return html`<section class="card">
    <h2>Pods</h2>
    ${
      pods.length === 0
        ? html`<p class="empty">
            No pods run here yet — deploy an app on this smart cluster from the console.
          </p>`
        : html`<table>
            <thead>
              <tr>
                <th>Namespace</th>
                <th>Name</th>
                <th class="number">Ready</th>
                <th>Status</th>
                <th class="number">Restarts</th>
                <th>Node</th>
              </tr>
            </thead>
            <tbody>
              ${rows}
            </tbody>
          </table>`
    }
  </section>`;
}

function content(view: MonitoringView): Html {
  const { observed } = view;
  if ('problem' in observed) {
    return html`<section class="card problem"><p class="empty">${observed.problem}</p></section>`;
  }
  return html`${stats(observed.snapshot)}${usageCharts(observed.usage, view)}
  ${nodesTable(observed.snapshot.nodes)}${podsTable(observed.snapshot.pods)}`;
}

/** The whole page, every value escaped; it needs no script and loads nothing. */
export function monitoringPage(view: MonitoringView, options: PageOptions): string {
  const time = view.generatedAt.toISOString().slice(11, 19);
  const refresh = options.refreshSeconds
    ? html`<meta http-equiv="refresh" content="${options.refreshSeconds}" />`
    : '';
  const every = options.refreshSeconds ? ` · refreshes every ${options.refreshSeconds} s` : '';
  const read = 'snapshot' in view.observed ? 'Read from the cluster’s Kubernetes API' : 'Checked';
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        ${refresh}
        <title>${view.name} · Monitoring · Meridian</title>
        ${styleElement}
      </head>
      <body class="${options.kiosk ? 'kiosk' : 'full'}">
        ${options.kiosk ? '' : headerBar(view)}
        <main>
          <h1>${view.name}</h1>
          <p class="meta">
            <span>${view.location}</span
            ><span>Kubernetes ${view.kubeVersion ?? 'unknown'}</span
            >${flavorOf(view.flavor)}${statusTag(view.status)}
          </p>
          ${content(view)}
          <p class="footnote">${read} at ${time} UTC${every}.</p>
        </main>
      </body>
    </html> `.text;
}

/** A page of one sentence (a refusal, an unknown cluster), styled like the dashboard. */
export function messagePage(title: string, sentence: string): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Monitoring · Meridian</title>
        ${styleElement}
      </head>
      <body>
        <main>
          <h1>${title}</h1>
          <p class="notice">${sentence}</p>
        </main>
      </body>
    </html> `.text;
}
