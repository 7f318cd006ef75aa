#!/usr/bin/env node
// `npm run lighthouse`: builds the web app and the server, then measures two first loads with Lighthouse (mobile
// profile, its default; performance and accessibility) in headless Chromium, each against the compiled server on a
// fresh data folder and a free port:
// - sign-in: the sign-in page of a visitor who has never been here (an installation without the demo);
// - dashboard: a returning admin's dashboard. The demo is seeded (SEED_DEMO=true); the admin signs in once through
//   the sign-in form ("remember me", so the session sits in localStorage as the web app keeps it) in the same
//   browser profile, then Lighthouse loads the page the admin landed on. Lighthouse's own preparation empties the
//   HTTP cache, the service worker and Cache Storage but keeps localStorage: the session survives, the code and
//   data come over the network again (the cold case of a return, e.g. after a release).
// For each page it prints the performance and accessibility scores, FCP, LCP, TBT, CLS, speed index and what was
// transferred. A measurement, not a test.
// CHROME_PATH chooses the browser (default /usr/bin/chromium); LIGHTHOUSE_RUNS=3 runs each page three times (a
// fresh browser each time) and prints the median; LIGHTHOUSE_PAGES=sign-in or =dashboard measures one of them;
// LIGHTHOUSE_JSON=/tmp/lh keeps the full reports (/tmp/lh-sign-in-1.json, …); LIGHTHOUSE_NO_BUILD=1 measures the
// builds already made.
import './node-version.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_DIST } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const ADMIN = { email: 'admin@example.com', password: 'demo12345' };

/** The pages measured: the server each needs, and what happens in the browser before Lighthouse loads the page. */
const PAGES = [
  { name: 'sign-in', seedDemo: false, target: async (base) => `${base}/auth/login` },
  { name: 'dashboard', seedDemo: true, target: signInOnce },
];

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function waitHealthy(url, child) {
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error('the server exited before answering');
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not answer /api/health');
}

async function startServer(seedDemo) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vahub-lighthouse-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(SERVER_DIST, 'main.js')], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: String(seedDemo),
    },
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(base, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/**
 * The demo admin signs in through the form, as a person would, in the browser Lighthouse will use; returns the
 * page the app took them to.
 */
async function signInOnce(base, chrome) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    // The form's fields are waited for by the locators below (the network never idles once the app opens its socket).
    await page.goto(`${base}/auth/login`, { waitUntil: 'domcontentloaded' });
    await page.locator('input[type="email"]').fill(ADMIN.email);
    await page.locator('input[type="password"]').fill(ADMIN.password);
    await page.locator('input[type="checkbox"]').click();
    await page.locator('button[type="submit"]').click();
    await page.waitForFunction(() => !location.pathname.startsWith('/auth/'), { timeout: 30_000 });
    // The landing page is shown (its heading), with the session stored.
    await page.locator('main h1').setTimeout(30_000).wait();
    const landed = new URL(page.url());
    const kept = await page.evaluate(() => localStorage.getItem('session') !== null);
    if (!kept) throw new Error('signing in kept no session in localStorage');
    await page.close();
    return `${base}${landed.pathname}${landed.search}`;
  } finally {
    await browser.disconnect();
  }
}

function print(f) {
  const ms = (value) => `${Math.round(value)} ms`;
  console.log(`  performance score        ${f.score}`);
  console.log(`  accessibility score      ${f.a11y}`);
  console.log(`  first contentful paint   ${ms(f.fcp)}`);
  console.log(`  largest contentful paint ${ms(f.lcp)}`);
  console.log(`  total blocking time      ${ms(f.tbt)}`);
  console.log(`  cumulative layout shift  ${f.cls.toFixed(3)}`);
  console.log(`  speed index              ${ms(f.si)}`);
  console.log(`  JavaScript transferred   ${(f.jsBytes / 1024).toFixed(1)} kB in ${f.scripts} requests`);
  console.log(`  everything transferred   ${(f.allBytes / 1024).toFixed(1)} kB in ${f.requests} requests`);
}

function figuresOf(lhr) {
  const audit = (id) => lhr.audits[id];
  const requests = audit('network-requests').details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    a11y: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    fcp: audit('first-contentful-paint').numericValue,
    lcp: audit('largest-contentful-paint').numericValue,
    tbt: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    si: audit('speed-index').numericValue,
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    scripts: scripts.length,
    allBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    requests: requests.length,
  };
}

// One run swings too much on a busy machine: LIGHTHOUSE_RUNS=3 runs each page that many times on the same build and
// server (a fresh browser each time) and prints every run and the median of each figure.
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 1);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const wanted = (process.env.LIGHTHOUSE_PAGES ?? '').split(',').filter(Boolean);
const pages = wanted.length ? PAGES.filter((p) => wanted.includes(p.name)) : PAGES;
if (pages.length === 0)
  throw new Error(`LIGHTHOUSE_PAGES names none of ${PAGES.map((p) => p.name).join(', ')}`);

if (!process.env.LIGHTHOUSE_NO_BUILD) {
  console.log('Building the web app and the server…');
  const web = spawnSync('npm', ['run', 'build', '-w', '@vahub/web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (web.status !== 0) process.exit(web.status ?? 1);
  await buildServer();
}

const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');
const medians = [];
for (const spec of pages) {
  const server = await startServer(spec.seedDemo);
  let chrome;
  try {
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
        chromeFlags: CHROME_FLAGS,
      });
      const url = await spec.target(server.base, chrome);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      await chrome.kill();
      chrome = undefined;
      if (!result) throw new Error('Lighthouse returned nothing');
      const { lhr } = result;
      const figures = figuresOf(lhr);
      runs.push(figures);
      const title = RUNS > 1 ? ` (run ${run} of ${RUNS})` : '';
      console.log(
        `\n${spec.name}: Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor} profile, ${lhr.finalDisplayedUrl}${title}`,
      );
      print(figures);
      for (const warning of lhr.runWarnings ?? []) console.log(`  warning: ${warning}`);
      for (const [id, audit] of Object.entries(lhr.audits)) {
        const inA11y = lhr.categories.accessibility.auditRefs.some((ref) => ref.id === id && ref.weight > 0);
        if (inA11y && audit.score === 0) console.log(`  accessibility: ${audit.title}`);
      }
      if (process.env.LIGHTHOUSE_JSON) {
        const file = `${process.env.LIGHTHOUSE_JSON.replace(/\.json$/, '')}-${spec.name}-${run}.json`;
        writeFileSync(file, JSON.stringify(lhr, null, 1));
        console.log(`  full report: ${file}`);
      }
    }
    const middle = Object.fromEntries(
      Object.keys(runs[0]).map((key) => [key, median(runs.map((r) => r[key]))]),
    );
    medians.push([spec.name, middle]);
  } finally {
    await chrome?.kill();
    await server.stop();
  }
}

for (const [name, figures] of medians) {
  console.log(`\n${name}: ${RUNS > 1 ? `median of ${RUNS} runs` : 'one run'}`);
  print(figures);
}
