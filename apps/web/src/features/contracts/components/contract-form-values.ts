import type { ContractSettingsFields } from '@vahub/shared/contracts/settings';

/** The contract form's values (`contract-form.tsx`). */
export interface ContractFormValues {
  va_id: string | null;
  client_id: string | null;
  title: string;
  description: string;
  start_date: string | null;
  end_date: string | null;
  timezone: string;
  hourly_rate: number | string;
  currency: string;
  /** The VA's pay (issue 30): admins only; a client never sees this form. */
  pay_rate: number | string;
  /** The pay's currency; the contract's unless chosen otherwise (a VA paid in PHP for a client billed in USD). */
  pay_currency: string;
  pay_overtime_multiplier: number | string;
  settings: ContractSettingsFields;
}
