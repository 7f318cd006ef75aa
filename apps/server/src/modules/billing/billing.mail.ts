import type { Deps } from '../../lib/types';
import type { MailMessage } from '../mail/public';
import type { BillingAccount } from '../organizations/public';

/** Where an admin manages the subscription (the web's Settings → Billing). */
export const BILLING_PAGE = '/admin-dashboard/billing';

/** The owner's mail when a renewal fails: what happened, until when the organization stays active, where to pay. */
export function gracePeriodMail(
  deps: Deps,
  account: Pick<BillingAccount, 'name'>,
  owner: { first_name: string; email: string },
  graceUntil: Date,
): MailMessage {
  const until = graceUntil.toISOString().slice(0, 10);
  const link = `${deps.config.appUrl}${BILLING_PAGE}`;
  return {
    to: owner.email,
    subject: `${deps.config.APP_NAME}: the payment for ${account.name} failed`,
    text: [
      `Hello ${owner.first_name},`,
      '',
      `The payment for ${account.name}'s subscription did not go through. Everything keeps working until ${until} (UTC);`,
      'after that the organization becomes inactive until a payment succeeds.',
      '',
      `Update the payment method in the billing settings: ${link}`,
    ].join('\n'),
  };
}
