// oidc-provider ships no types; what test/sso.test.ts uses of it.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AccountClaims = { sub: string; [claim: string]: unknown };
  export type Account = {
    accountId: string;
    claims: (use: string, scope: string) => Promise<AccountClaims> | AccountClaims;
  };

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    proxy: boolean;
  }
  export default Provider;
}
