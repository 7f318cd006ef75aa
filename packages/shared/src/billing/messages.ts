import { defineMessages } from '../api/messages';

/** Billing: plans, checkout, the portal, an inactive subscription. */
export const BILLING_MESSAGES = defineMessages('billing', {
  not_configured:
    'Billing is not set up on this installation: every organization is active on the default plan, nothing to pay.',
  plan_not_buyable: 'This plan has no price at the payment provider yet, so it cannot be bought.',
  plan_unknown: 'No plan on offer has this price.',
  plan_inactive: 'This plan is no longer offered.',
  plan_name_taken: 'Another plan has this name.',
  price_id_taken: 'Another plan has this price id.',
  plan_in_use:
    'Organizations are on this plan (or it is the default one): make it inactive instead of deleting it.',
  session_unknown: 'This checkout session was not found.',
  session_unpaid: 'This checkout is not paid yet.',
  no_customer: 'Your organization has no billing account yet: choose a plan first.',
  provider_refused: "The payment provider refused the request: check the plan's price id.",
  provider_unavailable: 'The payment provider could not be reached. Try again in a minute.',
  bad_signature: 'The webhook signature is missing or wrong.',
  subscription_inactive:
    "Your organization's subscription is inactive: you can read and export, but not change anything until an admin renews it.",
  clock_in_inactive:
    "Your organization's subscription is inactive, so a new shift cannot start. Ask your admin to renew it.",
});
