import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
// E2E_PORT and E2E_WEB_DIST let two runs share a machine (each on its own port and build).
const PORT = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${PORT}`;
// Billing is on in the browser tests, against the Stripe-compatible fake of the server's tests (its hosted checkout
// page is what a test "pays" on); E2E_STRIPE_PORT moves it when two runs share a machine.
const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? PORT + 1);
const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_fake';
// The directory (LDAP) of the browser tests: Debian's slapd with one seeded person (e2e/slapd-server.mjs), on
// E2E_SLAPD_PORT; without slapd on the machine the directory is off and e2e/directory.spec.ts skips.
const SLAPD_PORT = Number(process.env.E2E_SLAPD_PORT ?? PORT + 3);
const SLAPD = existsSync('/usr/sbin/slapd');
const LDAP_ENV: Record<string, string> = SLAPD
  ? {
      LDAP_URL: `ldap://127.0.0.1:${SLAPD_PORT}`,
      LDAP_BIND_DN: 'cn=admin,dc=example,dc=org',
      LDAP_BIND_PASSWORD: 'slapd-admin-secret',
      LDAP_BASE_DN: 'dc=example,dc=org',
      LDAP_USERS_DN: 'ou=people,dc=example,dc=org',
    }
  : {};
// Single sign-on is on in the browser tests, against an OpenID provider (`oidc-provider`, the server tests' issuer);
// E2E_OIDC_PORT moves it when two runs share a machine.
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? PORT + 4);
const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;

// A fresh database for every run; kept in the environment so workers that re-read this file reuse it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'vahub-e2e-'));

// The world's clock: the demo, the server and every browser context start at E2E_CLOCK_START (a Wednesday
// morning in Chicago, the demo admin's zone, by default) and run at real speed from there, so a test's shift is
// where it expects it at any hour CI runs. `E2E_CLOCK_START=now` runs at the machine's time. Computed once and kept
// in the environment, so workers that re-read this file keep the same offset (e2e/clock.ts reads it).
const CLOCK_START = process.env.E2E_CLOCK_START ?? '2026-12-09T15:30:00Z';
process.env.E2E_CLOCK_OFFSET_MS ??= String(CLOCK_START === 'now' ? 0 : Date.parse(CLOCK_START) - Date.now());
if (!Number.isFinite(Number(process.env.E2E_CLOCK_OFFSET_MS))) {
  throw new Error(`E2E_CLOCK_START expects an ISO instant or "now" (got ${CLOCK_START})`);
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  // One retry in CI (REQUIRE_BROWSER_TESTS): a real-time round trip on a loaded 2-core machine can miss its wait;
  // the report still names a test that needed it (flaky), so it is seen and not hidden.
  retries: process.env.REQUIRE_BROWSER_TESTS === 'true' ? 1 : 0,
  // 90 s: the two shards run beside the desktop test and the PostgreSQL pass on 2 cores, where a flow of several
  // pages that takes 50 s came within a few seconds of 60.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(here, 'test-results'),
  use: {
    baseURL,
    serviceWorkers: 'block',
    // A trace of a retried test's second attempt only: recording one (a screencast of every frame) for every test
    // cost the browser 40 % more CPU (user + system time of three spec files: 75 -> 43 s), which on CI's two
    // shards slowed first pages past their waits.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    ...(SLAPD
      ? [
          {
            command: 'npx tsx e2e/slapd-server.mjs',
            cwd: here,
            port: SLAPD_PORT,
            timeout: 30_000,
            reuseExistingServer: false,
            stdout: 'pipe' as const,
            stderr: 'pipe' as const,
            env: { SLAPD_PORT: String(SLAPD_PORT) },
          },
        ]
      : []),
    {
      command: 'npx tsx ../server/test/fake-stripe.ts',
      cwd: here,
      url: `http://127.0.0.1:${STRIPE_PORT}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        FAKE_STRIPE_PORT: String(STRIPE_PORT),
        FAKE_STRIPE_WEBHOOK_URL: `${baseURL}/api/v1/stripe/webhook`,
        FAKE_STRIPE_CLOCK_OFFSET_MS: process.env.E2E_CLOCK_OFFSET_MS ?? '0',
        STRIPE_WEBHOOK_SECRET,
      },
    },
    {
      command: 'npx tsx ../server/test/oidc-issuer.ts',
      cwd: here,
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { OIDC_ISSUER_PORT: String(OIDC_PORT), OIDC_APP_URL: baseURL },
    },
    {
      command: 'npx tsx ../server/src/main.ts',
      cwd: here,
      url: `${baseURL}/api/health`,
      // The first start migrates and writes the demo (eight weeks of attendance): allow for a busy machine.
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: process.env.E2E_DATA_DIR,
        SEED_DEMO: 'true',
        CLOCK_OFFSET_MS: process.env.E2E_CLOCK_OFFSET_MS,
        APP_URL: baseURL,
        WEB_DIST: process.env.E2E_WEB_DIST ?? path.join(here, 'dist'),
        LOG_LEVEL: 'warn',
        STRIPE_SECRET_KEY: 'sk_test_e2e_fake',
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${STRIPE_PORT}`,
        ...LDAP_ENV,
        OIDC_ISSUER,
        OIDC_CLIENT_ID: 'vahub-test',
        OIDC_CLIENT_SECRET: 'vahub-test-secret-that-is-long-enough',
        OIDC_NAME: 'Demo ID',
      },
    },
  ],
});
