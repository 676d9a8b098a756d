/**
 * Browser tests in Debian's Chromium (`apt-get install chromium`; Playwright cannot download browsers
 * here) against the app as `npm start` serves it, on a fresh database (scripts/e2e-server.mjs).
 */
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
/**
 * Where scripts/e2e-server.mjs writes the URL of its local ETH chain (anvil) for the tests
 * (tests/e2e/support/chain.ts). Set here, so the server and the test workers (which inherit this
 * process's environment) read the same path.
 */
process.env.E2E_CHAIN_FILE ??= path.join(__dirname, '.test-data', `e2e-chain-${port}.json`);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  // Admin pages with key counts and axe scans of them take longer on a loaded 2-core machine.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-quic',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 240_000,
    env: { E2E_PORT: String(port), E2E_CHAIN_FILE: process.env.E2E_CHAIN_FILE },
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM first, so scripts/e2e-server.mjs stops anvil and removes its scratch data (SIGKILL after 15 s).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
