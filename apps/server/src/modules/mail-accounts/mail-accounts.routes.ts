import { mailAccountEndpoints as api } from '@vahub/shared/mail-accounts/endpoints';
import type { ModuleContext } from '../../lib/module';
import { removeMailbox } from './mail-accounts.service';

/** The spec's `DELETE grommunio/{id}`. */
export function mailAccountRoutes({ route, deps }: ModuleContext) {
  route(api.removeMailbox, ({ params }, { viewer }) => removeMailbox(deps, viewer, params.id));
}
