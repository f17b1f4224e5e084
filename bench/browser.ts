// Lighthouse-style figures of the built console in headless Chromium (/usr/bin/chromium), served
// by a real control plane on loopback; no CPU or network throttling. Every load is cold: a new
// browser context each time (empty HTTP cache, no code cache). Medians of RUNS loads.
//
// - LCP: the last 'largest-contentful-paint' entry (PerformanceObserver, buffered) once the page
//   has settled: network idle, then 1 s without a new long task or LCP entry (15 s at most).
// - Total blocking time: Σ (duration − 50 ms) over every 'longtask' entry from navigation start
//   until the page settled (Lighthouse counts from FCP to TTI; ours is the wider window).
// - JavaScript transferred: Σ encodedDataLength (compressed bytes on the wire, headers included)
//   of every script response until the page settled, from CDP Network events.
// - /clusters time to interactive, for a user with CLUSTERS (1,000) smart clusters: from
//   navigation start until a click on the first card's actions button has opened its menu. The
//   click is sent as soon as the card is visible; Chromium handles it once the main thread is
//   free, so the menu opening marks the page as responding to input.
// Prints figures; asserts nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  adminPassword,
  seedClusters,
  startServer,
  webDist,
  type Credentials,
} from './browser-server';
import { reportFigure } from './report';

const runs = Number(process.env.RUNS ?? 5);
const clusterCount = Number(process.env.CLUSTERS ?? 1000);
const settleCapMs = 15_000;
const quietMs = 1000;
const viewport = { width: 1366, height: 768 };
const clustersUser: Credentials = { username: 'bench-clusters', password: 'bench-clusters-pw-1' };
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

// Runs in the page before its own scripts (a string: this workspace has no DOM types).
const observers = `(() => {
  const perf = { lcp: 0, lastEntry: 0, longTasks: [] };
  window.__benchPerf = perf;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) perf.lcp = entry.startTime;
    perf.lastEntry = performance.now();
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) perf.longTasks.push([entry.startTime, entry.duration]);
    perf.lastEntry = performance.now();
  }).observe({ type: 'longtask', buffered: true });
})()`;

interface PagePerf {
  lcp: number;
  lastEntry: number;
  longTasks: [start: number, duration: number][];
}

const readPerf = (page: Page) => page.evaluate('window.__benchPerf') as Promise<PagePerf>;

function blockingTime(perf: PagePerf, until = Infinity): number {
  return perf.longTasks
    .filter(([start]) => start < until)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Counts the compressed bytes of every script response the page receives. */
async function scriptBytes(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const scripts = new Set<string>();
  const totals = { bytes: 0, files: 0 };
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script' || event.response.mimeType.includes('javascript')) {
      scripts.add(event.requestId);
    }
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (!scripts.has(event.requestId)) return;
    totals.bytes += event.encodedDataLength;
    totals.files++;
  });
  await cdp.send('Network.enable');
  return totals;
}

/** Waits for network idle, then for `quietMs` without a long task or LCP entry. */
async function settle(page: Page): Promise<void> {
  const deadline = Date.now() + settleCapMs;
  await page.waitForLoadState('networkidle', { timeout: settleCapMs }).catch(() => undefined);
  while (Date.now() < deadline) {
    const [perf, now] = await Promise.all([
      readPerf(page),
      page.evaluate('performance.now()') as Promise<number>,
    ]);
    if (perf.lcp > 0 && now - perf.lastEntry >= quietMs) return;
    await page.waitForTimeout(100);
  }
}

async function coldContext(browser: Browser, baseURL: string, storageState?: StorageState) {
  const context = await browser.newContext({ baseURL, viewport, storageState });
  await context.addInitScript({ content: observers });
  return context;
}

interface Load {
  lcp: number;
  tbt: number;
  kib: number;
  files: number;
}

async function loadOnce(
  browser: Browser,
  baseURL: string,
  route: string,
  storageState?: StorageState,
): Promise<Load> {
  const context = await coldContext(browser, baseURL, storageState);
  try {
    const page = await context.newPage();
    const scripts = await scriptBytes(context, page);
    await page.goto(route);
    await settle(page);
    if (new URL(page.url()).pathname !== route) throw new Error(`${route} went to ${page.url()}`);
    const perf = await readPerf(page);
    if (!perf.lcp)
      throw new Error(`${route}: no largest-contentful-paint within ${settleCapMs} ms`);
    return {
      lcp: perf.lcp,
      tbt: blockingTime(perf),
      kib: scripts.bytes / 1024,
      files: scripts.files,
    };
  } finally {
    await context.close();
  }
}

/**
 * Logs in through the API and stores the answer under the console's local-storage key, as the
 * login page does (a form login would tie the bench to the page's markup, which is changing).
 */
async function signIn(baseURL: string, user: Credentials): Promise<StorageState> {
  const response = await fetch(`${baseURL}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!response.ok) throw new Error(`login of ${user.username} answered ${response.status}`);
  const value = await response.text();
  return {
    cookies: [],
    origins: [{ origin: baseURL, localStorage: [{ name: 'meridian.user', value }] }],
  };
}

async function measurePage(
  browser: Browser,
  baseURL: string,
  route: string,
  storageState?: StorageState,
): Promise<void> {
  const loads: Load[] = [];
  for (let i = 0; i < runs; i++) loads.push(await loadOnce(browser, baseURL, route, storageState));
  const pick = (key: keyof Load) => median(loads.map((load) => load[key]));
  console.log(
    `${route.padEnd(10)} LCP ${pick('lcp').toFixed(0)} ms, total blocking time ${pick('tbt').toFixed(0)} ms, ` +
      `JavaScript ${pick('kib').toFixed(1)} KiB transferred in ${pick('files')} files ` +
      `(LCP of each run: ${loads.map((load) => load.lcp.toFixed(0)).join(', ')} ms)`,
  );
  const name = `browser ${route} (cold cache)`;
  const ms = { unit: 'ms', better: 'lower' } as const;
  reportFigure({ figure: `${name}: LCP`, value: pick('lcp'), ...ms });
  reportFigure({ figure: `${name}: total blocking time`, value: pick('tbt'), ...ms });
  reportFigure({
    figure: `${name}: JavaScript transferred`,
    value: pick('kib'),
    unit: 'KiB',
    better: 'lower',
  });
  reportFigure({
    figure: `${name}: script files`,
    value: pick('files'),
    unit: 'files',
    better: 'lower',
  });
}

interface Interactive {
  firstCard: number;
  interactive: number;
  tbt: number;
  cardsInDom: number;
}

// When the open actions menu of a card (antd renders it in a popup outside the card) first shows,
// checked every frame. An expression evaluated as one, not waitForFunction's predicate, which
// the console's Content Security Policy refuses to compile (no 'unsafe-eval').
const menuOpenedAt = `new Promise((resolve, reject) => {
  const giveUp = setTimeout(() => reject(new Error('the actions menu did not open')), 60000);
  const check = () => {
    const item = document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');
    if (item && item.getBoundingClientRect().height > 0) {
      clearTimeout(giveUp);
      resolve(performance.now());
    } else requestAnimationFrame(check);
  };
  check();
})`;

async function clustersOnce(
  browser: Browser,
  baseURL: string,
  storageState: StorageState,
): Promise<Interactive> {
  const context = await coldContext(browser, baseURL, storageState);
  try {
    const page = await context.newPage();
    await page.goto('/clusters', { waitUntil: 'commit' });
    const card = page.getByTestId('smart-cluster-card').first();
    await card.waitFor({ state: 'visible', timeout: 60_000 });
    const firstCard = (await page.evaluate('performance.now()')) as number;
    await card.getByRole('button').first().click({ timeout: 60_000 });
    const interactive = (await page.evaluate(menuOpenedAt)) as number;
    const perf = await readPerf(page);
    const cardsInDom = (await page.evaluate(
      `document.querySelectorAll('[data-testid="smart-cluster-card"]').length`,
    )) as number;
    return { firstCard, interactive, tbt: blockingTime(perf, interactive), cardsInDom };
  } finally {
    await context.close();
  }
}

async function measureClusters(browser: Browser, baseURL: string, storageState: StorageState) {
  const loads: Interactive[] = [];
  for (let i = 0; i < runs; i++) loads.push(await clustersOnce(browser, baseURL, storageState));
  const pick = (key: keyof Interactive) => median(loads.map((load) => load[key]));
  console.log(
    `/clusters with ${clusterCount} smart clusters: first card ${pick('firstCard').toFixed(0)} ms, ` +
      `interactive (actions menu opens) ${pick('interactive').toFixed(0)} ms, total blocking ` +
      `time until then ${pick('tbt').toFixed(0)} ms, ${pick('cardsInDom')} cards in the DOM`,
  );
  const name = `browser /clusters with ${clusterCount} smart clusters (cold cache)`;
  const ms = { unit: 'ms', better: 'lower' } as const;
  reportFigure({ figure: `${name}: first card visible`, value: pick('firstCard'), ...ms });
  reportFigure({ figure: `${name}: time to interactive`, value: pick('interactive'), ...ms });
  reportFigure({
    figure: `${name}: total blocking time until interactive`,
    value: pick('tbt'),
    ...ms,
  });
  reportFigure({
    figure: `${name}: cards in the DOM`,
    value: pick('cardsInDom'),
    unit: 'cards',
    better: 'lower',
  });
}

async function main(): Promise<void> {
  const dist = webDist();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-browser-'));
  let stopServer = async () => {};
  let browser: Browser | undefined;
  try {
    const seeding = performance.now();
    await seedClusters(dataDir, clustersUser, clusterCount);
    const seeded = ((performance.now() - seeding) / 1000).toFixed(1);
    const server = await startServer(dataDir, dist);
    stopServer = server.stop;
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    console.log(
      `browser: Chromium ${browser.version()} headless, console from ${path.relative(process.cwd(), dist)}, ` +
        `CPU throttling none, network loopback (no throttling), ${os.cpus().length} cores, ` +
        `viewport ${viewport.width}×${viewport.height}, median of ${runs} cold loads; ` +
        `${clusterCount} smart clusters seeded in ${seeded} s`,
    );
    await measurePage(browser, server.baseUrl, '/login');
    const admin = await signIn(server.baseUrl, { username: 'admin', password: adminPassword });
    await measurePage(browser, server.baseUrl, '/home', admin);
    const clusters = await signIn(server.baseUrl, clustersUser);
    await measureClusters(browser, server.baseUrl, clusters);
  } finally {
    await browser?.close();
    await stopServer();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
