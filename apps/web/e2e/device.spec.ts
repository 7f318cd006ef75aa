import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { DEMO, signIn } from './helpers';

// Issue 32: a VA connects the desktop agent from the browser. The real agent (`vahub-agent login --server URL`)
// prints a link with its code; the VA opens it signed out, signs in, sees which computer asks and approves; the
// agent then holds its tokens. The profile lists the computer and disconnects it after a confirmation.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function agentLogin(
  server: string,
  home: string,
): { child: ChildProcess; link: Promise<string>; exit: Promise<number | null>; output: () => string } {
  const child = spawn('npm', ['run', '--silent', 'agent', '--', 'login', '--server', server], {
    cwd: root,
    env: { ...process.env, VAHUB_AGENT_HOME: home, VAHUB_AGENT_NO_BROWSER: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exit = new Promise<number | null>((resolve) => child.once('close', resolve));
  const link = new Promise<string>((resolve, reject) => {
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /\(or open (\S+)\)/.exec(output);
      if (found) resolve(found[1]);
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    void exit.then(() => reject(new Error(`the agent ended before printing its link:\n${output}`)));
  });
  return { child, link, exit, output: () => output };
}

test('a VA connects the agent from the browser, sees the computer on the profile and disconnects it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const home = mkdtempSync(path.join(tmpdir(), 'vahub-agent-device-'));
  const agent = agentLogin(baseURL as string, home);
  try {
    const link = new URL(await agent.link);
    const code = link.searchParams.get('user_code') as string;
    // Signed out: the link goes through the sign-in and back to the page with its code.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    await signIn(page, DEMO.va.email);
    await expect(page.getByText(/^Connect this computer: .+, Linux /)).toBeVisible();
    await expect(page.getByText(`Check that your computer shows the code ${code}.`)).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('status')).toContainText('This computer is connected.');
    expect(await agent.exit, agent.output()).toBe(0);
    expect(agent.output()).toContain('This computer is connected to');

    await page.goto(`${DEMO.va.dashboard}/profile`);
    const table = page.getByRole('table', { name: 'Connected computers' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('button', { name: /^Disconnect / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByText('No computer tracks your time yet.', { exact: false })).toBeVisible();
  } finally {
    agent.child.kill();
    rmSync(home, { recursive: true, force: true });
  }
});
