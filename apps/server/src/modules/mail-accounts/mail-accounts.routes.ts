import { adminSignInAndMail, mailAccountEndpoints as api } from '@vahub/shared/mail-accounts/endpoints';
import type { ModuleContext } from '../../lib/module';
import { removeMailbox } from './mail-accounts.service';

/** The spec's `DELETE grommunio/{id}`; the settings page's view of SSO and mail accounts. */
export function mailAccountRoutes({ route, deps }: ModuleContext) {
  route(api.removeMailbox, ({ params }, { viewer }) => removeMailbox(deps, viewer, params.id));
  route(adminSignInAndMail.status, async () => {
    const { config, sso, mailAccounts } = deps;
    return {
      sso: {
        enabled: sso !== null,
        name: sso?.name ?? null,
        issuer: sso?.issuer ?? null,
        auto_create: sso !== null && config.OIDC_AUTO_CREATE,
        default_role: sso !== null && config.OIDC_AUTO_CREATE ? config.OIDC_DEFAULT_ROLE : null,
      },
      mail_accounts: {
        enabled: mailAccounts !== null,
        server: mailAccounts?.server ?? null,
        domain: mailAccounts?.domain ?? null,
      },
    };
  });
}
