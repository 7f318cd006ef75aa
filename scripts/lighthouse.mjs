#!/usr/bin/env node
// `npm run lighthouse`: builds the web app and the server, starts the compiled server on a fresh data folder
// and a free port, runs Lighthouse (mobile profile, its default) on the sign-in page in headless Chromium,
// and prints the performance score, FCP, LCP, TBT and the JavaScript transferred. A measurement, not a test.
// CHROME_PATH chooses the browser (default /usr/bin/chromium); LIGHTHOUSE_RUNS=3 runs it three times and prints the
// median.
import './node-version.mjs';
import './node-version.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
  for (let i = 0; i < 240; i++) {
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

console.log('Building the web app and the server…');
const web = spawnSync('npm', ['run', 'build', '-w', '@vahub/web'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (web.status !== 0) process.exit(web.status ?? 1);
await buildServer();

const dataDir = mkdtempSync(join(tmpdir(), 'vahub-lighthouse-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(SERVER_DIST, 'main.js')], {
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
    SEED_DEMO: 'false',
  },
});

function print(f) {
  const ms = (value) => `${Math.round(value)} ms`;
  console.log(`  performance score        ${f.score}`);
  console.log(`  first contentful paint   ${ms(f.fcp)}`);
  console.log(`  largest contentful paint ${ms(f.lcp)}`);
  console.log(`  total blocking time      ${ms(f.tbt)}`);
  console.log(`  speed index              ${ms(f.si)}`);
  console.log(`  JavaScript transferred   ${(f.jsBytes / 1024).toFixed(1)} kB in ${f.scripts} requests`);
  console.log(`  everything transferred   ${(f.allBytes / 1024).toFixed(1)} kB in ${f.requests} requests`);
}

// LIGHTHOUSE_RUNS=3 runs Lighthouse that many times on the same build and server (a fresh browser each time) and
// prints every run and the median of each figure: one run swings too much on a busy machine.
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 1);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

let chrome;
try {
  await waitHealthy(base, server);
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const url = `${base}/auth/login`;
  const runs = [];
  for (let run = 1; run <= RUNS; run++) {
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    await chrome.kill();
    chrome = undefined;
    if (!result) throw new Error('Lighthouse returned nothing');
    const { lhr } = result;
    const audit = (id) => lhr.audits[id];
    const requests = audit('network-requests').details?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    const figures = {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: audit('first-contentful-paint').numericValue,
      lcp: audit('largest-contentful-paint').numericValue,
      tbt: audit('total-blocking-time').numericValue,
      si: audit('speed-index').numericValue,
      jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      scripts: scripts.length,
      allBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      requests: requests.length,
    };
    runs.push(figures);
    const title = RUNS > 1 ? ` (run ${run} of ${RUNS})` : '';
    console.log(
      `\nLighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor} profile, ${url}${title}`,
    );
    print(figures);
    for (const error of lhr.runWarnings ?? []) console.log(`  warning: ${error}`);
    if (process.env.LIGHTHOUSE_JSON) {
      const { writeFileSync } = await import('node:fs');
      const file =
        RUNS > 1
          ? process.env.LIGHTHOUSE_JSON.replace(/(\.json)?$/, `-${run}$1`)
          : process.env.LIGHTHOUSE_JSON;
      writeFileSync(file, JSON.stringify(lhr, null, 1));
      console.log(`  full report: ${file}`);
    }
  }
  if (RUNS > 1) {
    console.log(`\nMedian of ${RUNS} runs`);
    print(Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((r) => r[key]))])));
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()));
  rmSync(dataDir, { recursive: true, force: true });
}
