import { defineModule } from '../../lib/module';
import { payPolicyPort } from '../contracts/public';
import { managersSeePay } from './invoicing-settings';
import { moneyRoutes } from './money.routes';

/**
 * Money (issue 30; DOMAIN.md "Money: invoices and payroll"): client invoices and VA payroll runs from approved
 * time, the invoicing settings, the VA's earnings. The time an issued invoice or an approved run took is locked
 * by the timesheets module (`timesheet_locks`), through its public API.
 */
// Contracts (a layer below) asks whether managers read pay rates: the setting is the invoicing settings'.
payPolicyPort.register({ managersSeePay });

export const moneyModule = defineModule({
  name: 'money',
  register(ctx) {
    moneyRoutes(ctx);
  },
});
