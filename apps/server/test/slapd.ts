// A real OpenLDAP server for a test file (DESIGN.md, "LDAP"): Debian's slapd in a temp dir with a minimal
// slapd.conf, on a free port, stopped with SIGTERM. Self-contained (node: imports only) so the browser tests'
// server script (apps/web/e2e/slapd-server.mjs) runs it too.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SLAPD_BINARY = '/usr/sbin/slapd';
export const SCHEMA_DIR = '/etc/ldap/schema';
export const MODULE_DIR = '/usr/lib/ldap';

export const BASE_DN = 'dc=example,dc=org';
export const ADMIN_DN = `cn=admin,${BASE_DN}`;
export const ADMIN_PASSWORD = 'slapd-admin-secret';
export const PEOPLE_DN = `ou=people,${BASE_DN}`;
export const GROUPS_DN = `ou=groups,${BASE_DN}`;

/** Whether this machine can run the directory tests; with REQUIRE_DIRECTORY_TESTS=true a missing slapd fails. */
export function slapdAvailable(): boolean {
  if (existsSync(SLAPD_BINARY)) return true;
  if (process.env.REQUIRE_DIRECTORY_TESTS === 'true')
    throw new Error(
      `REQUIRE_DIRECTORY_TESTS=true but ${SLAPD_BINARY} is missing (apt-get install slapd ldap-utils)`,
    );
  return false;
}

/** The minimal configuration: core, cosine and inetOrgPerson schemas, one mdb database. */
export function slapdConf(dir: string): string {
  return [
    `include ${SCHEMA_DIR}/core.schema`,
    `include ${SCHEMA_DIR}/cosine.schema`,
    `include ${SCHEMA_DIR}/inetorgperson.schema`,
    `modulepath ${MODULE_DIR}`,
    'moduleload back_mdb',
    `pidfile ${join(dir, 'slapd.pid')}`,
    'database mdb',
    'maxsize 16777216',
    `suffix "${BASE_DN}"`,
    `rootdn "${ADMIN_DN}"`,
    `rootpw ${ADMIN_PASSWORD}`,
    `directory ${join(dir, 'data')}`,
    // People bind as themselves; nobody else reads a password.
    'access to attrs=userPassword by self write by anonymous auth by * none',
    'access to * by * read',
    '',
  ].join('\n');
}

/** The base, `ou=people`, `ou=groups`. */
export const BASE_LDIF = `dn: ${BASE_DN}
objectClass: top
objectClass: dcObject
objectClass: organization
o: Example
dc: example

dn: ${PEOPLE_DN}
objectClass: organizationalUnit
ou: people

dn: ${GROUPS_DN}
objectClass: organizationalUnit
ou: groups
`;

/** An inetOrgPerson's LDIF (`userPassword` as given: plain here, slapd checks it as is). */
export function personLdif(p: {
  uid: string;
  mail: string;
  givenName: string;
  sn: string;
  password?: string;
}) {
  return `dn: uid=${p.uid},${PEOPLE_DN}
objectClass: top
objectClass: person
objectClass: organizationalPerson
objectClass: inetOrgPerson
uid: ${p.uid}
cn: ${p.givenName} ${p.sn}
givenName: ${p.givenName}
sn: ${p.sn}
mail: ${p.mail}
${p.password ? `userPassword: ${p.password}\n` : ''}`;
}

/** A groupOfNames (it needs one member at least). */
export function groupLdif(cn: string, members: string[]) {
  return `dn: cn=${cn},${GROUPS_DN}
objectClass: top
objectClass: groupOfNames
cn: ${cn}
${members.map((m) => `member: ${m}`).join('\n')}
`;
}

export const personDn = (uid: string) => `uid=${uid},${PEOPLE_DN}`;
export const groupDn = (cn: string) => `cn=${cn},${GROUPS_DN}`;

export type Slapd = {
  url: string;
  port: number;
  /** Runs `ldapadd` (or `ldapmodify` with `modify: true`) as the admin with this LDIF. */
  ldif(text: string, modify?: boolean): Promise<void>;
  /** Deletes an entry. */
  remove(dn: string): Promise<void>;
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

function run(cmd: string, args: string[], input: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(cmd, args, (err, _stdout, stderr) =>
      err ? reject(new Error(`${cmd} failed: ${stderr || err.message}`)) : resolve(),
    );
    child.stdin?.end(input);
  });
}

/** Starts slapd on `port` (a free one when not given) and adds the base entries (and `seed`, an LDIF). */
export async function startSlapd(options: { port?: number; seed?: string } = {}): Promise<Slapd> {
  const dir = mkdtempSync(join(tmpdir(), 'vahub-slapd-'));
  mkdirSync(join(dir, 'data'));
  const conf = join(dir, 'slapd.conf');
  writeFileSync(conf, slapdConf(dir));
  const port = options.port ?? (await freePort());
  const url = `ldap://127.0.0.1:${port}`;
  // `-d 0` keeps it in the foreground (else it daemonizes and escapes the test).
  const child: ChildProcess = spawn(SLAPD_BINARY, ['-f', conf, '-h', url, '-d', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const deadline = Date.now() + 10_000;
  while (!(await canConnect(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`slapd did not start on ${url}: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const auth = ['-x', '-H', url, '-D', ADMIN_DN, '-w', ADMIN_PASSWORD];
  const slapd: Slapd = {
    url,
    port,
    ldif: (text, modify = false) => run(modify ? '/usr/bin/ldapmodify' : '/usr/bin/ldapadd', auth, text),
    remove: (dn) => run('/usr/bin/ldapdelete', auth, `${dn}\n`),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await slapd.ldif(BASE_LDIF + (options.seed ? `\n${options.seed}` : ''));
  return slapd;
}

/** The server's LDAP_* settings for this slapd (service account: its admin). */
export function ldapEnv(slapd: { url: string }, extra: Record<string, string> = {}): Record<string, string> {
  return {
    LDAP_URL: slapd.url,
    LDAP_BIND_DN: ADMIN_DN,
    LDAP_BIND_PASSWORD: ADMIN_PASSWORD,
    LDAP_BASE_DN: BASE_DN,
    LDAP_USERS_DN: PEOPLE_DN,
    LDAP_TIMEOUT_MS: '3000',
    ...extra,
  };
}
