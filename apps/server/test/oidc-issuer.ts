import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import Provider, { type Account } from 'oidc-provider';

// A real, certified OpenID provider (`oidc-provider`) for the SSO tests: one client (this installation), accounts by
// the login typed on its development sign-in page, verified or not. Run on its own for the browser tests
// (`npx tsx apps/server/test/oidc-issuer.ts`): OIDC_ISSUER_PORT and OIDC_APP_URL (whose callback it accepts).

export const OIDC_CLIENT_ID = 'vahub-test';
export const OIDC_CLIENT_SECRET = 'vahub-test-secret-that-is-long-enough';

export type IssuerPerson = {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
};

export type TestIssuer = { url: string; close(): Promise<void> };

export async function startIssuer(options: {
  appUrl: string;
  people: Record<string, IssuerPerson>;
  port?: number;
}): Promise<TestIssuer> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(url, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [`${options.appUrl}/api/v1/oauth/sso/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['test-cookie-key'] },
    async findAccount(_ctx: unknown, id: string): Promise<Account | undefined> {
      const person = options.people[id];
      if (!person) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...person, email: person.email || undefined }) };
    },
  });
  handler = provider.callback();
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const issuer = await startIssuer({
    port: Number(process.env.OIDC_ISSUER_PORT ?? 12113),
    appUrl: process.env.OIDC_APP_URL ?? 'http://127.0.0.1:3199',
    // The demo's VA, verified; an address nobody has, verified; the demo's manager, not verified.
    people: {
      'demo-va': { email: 'va@example.com', email_verified: true, given_name: 'Vince' },
      stranger: { email: 'stranger@nowhere.test', email_verified: true },
      unverified: { email: 'manager@example.com', email_verified: false },
    },
  });
  console.log(`oidc issuer on ${issuer.url}`);
  process.on('SIGTERM', () => void issuer.close().then(() => process.exit(0)));
  process.on('SIGINT', () => void issuer.close().then(() => process.exit(0)));
}
