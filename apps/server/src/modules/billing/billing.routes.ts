import { billingEndpoints, superAdminPlans } from '@vahub/shared/billing/endpoints';
import type { ModuleContext } from '../../lib/module';
import { createRoute } from '../../lib/route';
import type { App } from '../../lib/types';
import { billingSummary, confirmCheckout, listInvoices, portalLink, startCheckout } from './billing.service';
import { receiveWebhook } from './billing.webhook';
import { changePlan, createPlan, listAdminPlans, removePlan } from './plans.service';

/** Checkout, the portal, invoices, the summary; the super admin's plans. */
export function billingRoutes({ app, route, deps }: ModuleContext) {
  route(billingEndpoints.checkout, ({ body }, { viewer }) => startCheckout(deps, viewer, body));
  route(billingEndpoints.checkoutSuccess, ({ body }, { viewer }) =>
    confirmCheckout(deps, viewer, body.session_id),
  );
  route(billingEndpoints.portalLink, (_, { viewer }) => portalLink(deps, viewer));
  route(billingEndpoints.summary, (_, { viewer }) => billingSummary(deps, viewer.organizationId));
  route(billingEndpoints.invoices, (_, { viewer }) => listInvoices(deps, viewer));
  route(superAdminPlans.list, () => listAdminPlans(deps));
  route(superAdminPlans.create, ({ body }, { viewer }) => createPlan(deps, viewer, body));
  route(superAdminPlans.update, ({ params, body }, { viewer }) => changePlan(deps, viewer, params.id, body));
  route(superAdminPlans.remove, async ({ params }, { viewer, reply }) => {
    await removePlan(deps, viewer, params.id);
    return reply.code(204).send();
  });
  // The webhook's signature covers the exact bytes: in its own encapsulated context, JSON stays a Buffer.
  app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    createRoute(raw as App, deps)(billingEndpoints.webhook, ({ body }, { request }) => {
      const signature = request.headers['stripe-signature'];
      return receiveWebhook(
        deps,
        Buffer.isBuffer(body) ? body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      );
    });
  });
}
