// The browser tests' directory: a real slapd (Debian's) on SLAPD_PORT with one seeded person, built by the same
// configuration writer as the server's tests (apps/server/test/slapd.ts). Runs until Playwright stops it.
import { personLdif, startSlapd } from '../../server/test/slapd.ts';

const port = Number(process.env.SLAPD_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('SLAPD_PORT expects a port number');

/** The demo VA the directory spec links, and their directory password (never the demo's). */
export const E2E_DIRECTORY_PERSON = {
  uid: 'dewi',
  mail: 'dewi.lestari@va.example.com',
  givenName: 'Dewi',
  sn: 'Lestari',
  password: 'dewi-directory-pw-1',
};

const slapd = await startSlapd({ port, seed: personLdif(E2E_DIRECTORY_PERSON) });
console.log(`slapd on ${slapd.url}`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await slapd.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Keep the process alive while slapd runs.
setInterval(() => {}, 1 << 30);
