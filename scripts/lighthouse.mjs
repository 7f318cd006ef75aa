#!/usr/bin/env node
// `npm run lighthouse`: builds the web app and the server, starts the compiled server on a fresh data folder
// and a free port, runs Lighthouse (mobile profile, its default) on the sign-in page in headless Chromium,
// and prints the performance score, FCP, LCP, TBT and the JavaScript transferred. A measurement, not a test.
// CHROME_PATH chooses the browser (default /usr/bin/chromium).
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

let chrome;
try {
  await waitHealthy(base, server);
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const url = `${base}/auth/login`;
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error('Lighthouse returned nothing');
  const { lhr } = result;
  const audit = (id) => lhr.audits[id];
  const ms = (id) => `${Math.round(audit(id).numericValue)} ms`;
  const requests = audit('network-requests').details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const jsBytes = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const allBytes = requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  console.log(`\nLighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor} profile, ${url}`);
  console.log(`  performance score        ${Math.round((lhr.categories.performance.score ?? 0) * 100)}`);
  console.log(`  first contentful paint   ${ms('first-contentful-paint')}`);
  console.log(`  largest contentful paint ${ms('largest-contentful-paint')}`);
  console.log(`  total blocking time      ${ms('total-blocking-time')}`);
  console.log(`  speed index              ${ms('speed-index')}`);
  console.log(`  JavaScript transferred   ${(jsBytes / 1024).toFixed(1)} kB in ${scripts.length} requests`);
  console.log(`  everything transferred   ${(allBytes / 1024).toFixed(1)} kB in ${requests.length} requests`);
  for (const error of lhr.runWarnings ?? []) console.log(`  warning: ${error}`);
  if (process.env.LIGHTHOUSE_JSON) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(lhr, null, 1));
    console.log(`  full report: ${process.env.LIGHTHOUSE_JSON}`);
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()));
  rmSync(dataDir, { recursive: true, force: true });
}
