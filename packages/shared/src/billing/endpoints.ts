import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idParamSchema } from '../api/problem';
import {
  adminPlanSchema,
  billingSummarySchema,
  checkoutSchema,
  checkoutSuccessSchema,
  invoiceSchema,
  planInputSchema,
  planPatchSchema,
  urlSchema,
  webhookResultSchema,
} from './schemas';

const billing = { tags: ['billing'], resource: 'billing' } as const;

/**
 * The spec's subscription calls (checkout, checkout-success, the portal link) and the billing page's reads. With
 * billing off (no STRIPE_SECRET_KEY) the calls answer 409 `billing_not_configured`.
 */
export const billingEndpoints = {
  checkout: endpoint({
    ...billing,
    operationName: 'startCheckout',
    method: 'POST',
    path: '/api/v1/checkout',
    access: 'subscription.choose',
    summary: "Opens the payment provider's hosted checkout for a plan's price; answers its URL",
    body: checkoutSchema,
    response: urlSchema,
    errors: [409, 422, 503],
  }),
  checkoutSuccess: endpoint({
    ...billing,
    operationName: 'confirmCheckout',
    method: 'POST',
    path: '/api/v1/checkout-success',
    access: 'subscription.choose',
    summary: "Verifies a paid checkout session of the caller's organization and activates its plan",
    body: checkoutSuccessSchema,
    response: billingSummarySchema,
    errors: [404, 409, 422, 503],
  }),
  portalLink: endpoint({
    ...billing,
    operationName: 'createPortalLink',
    method: 'POST',
    path: '/api/v1/cashier/portal-link',
    access: 'subscription.choose',
    summary: "The payment provider's customer portal for the organization's subscription",
    response: urlSchema,
    errors: [409, 503],
  }),
  summary: endpoint({
    ...billing,
    operationName: 'getBillingSummary',
    method: 'GET',
    path: '/api/v1/billing/summary',
    access: 'subscription.choose',
    summary: "The organization's plan, status, seats, trial, grace period and renewal date",
    response: billingSummarySchema,
  }),
  invoices: endpoint({
    ...billing,
    operationName: 'listInvoices',
    method: 'GET',
    path: '/api/v1/billing/invoices',
    access: 'subscription.choose',
    summary: "The organization's invoices at the payment provider, newest first",
    response: z.array(invoiceSchema),
    errors: [409, 503],
  }),
  webhook: endpoint({
    ...billing,
    operationName: 'receiveStripeWebhook',
    method: 'POST',
    path: '/api/v1/stripe/webhook',
    access: 'public',
    summary: 'Stripe events, signed (Stripe-Signature over the raw body); each event id is handled once',
    response: webhookResultSchema,
    errors: [400, 409],
  }),
} as const;

/** The super admin's plans. */
export const superAdminPlans = {
  list: endpoint({
    ...billing,
    resource: 'plans',
    method: 'GET',
    path: '/api/v1/super-admin-access/plans',
    access: 'organizations.manage',
    summary: 'Every plan, offered or not, with how many organizations are on it',
    response: z.array(adminPlanSchema),
  }),
  create: endpoint({
    ...billing,
    resource: 'plans',
    method: 'POST',
    path: '/api/v1/super-admin-access/plans',
    access: 'organizations.manage',
    summary: 'Adds a plan',
    body: planInputSchema,
    response: adminPlanSchema,
    status: 201,
  }),
  update: endpoint({
    ...billing,
    resource: 'plans',
    method: 'PATCH',
    path: '/api/v1/super-admin-access/plans/:id',
    access: 'organizations.manage',
    summary: "Changes a plan's name, price, interval, seats, price id or whether it is offered",
    params: idParamSchema,
    body: planPatchSchema,
    response: adminPlanSchema,
    errors: [404],
  }),
  remove: endpoint({
    ...billing,
    resource: 'plans',
    method: 'DELETE',
    path: '/api/v1/super-admin-access/plans/:id',
    access: 'organizations.manage',
    summary: 'Deletes a plan no organization is on',
    params: idParamSchema,
    response: z.null(),
    status: 204,
    errors: [404, 409],
  }),
} as const;
