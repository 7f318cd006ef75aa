/**
 * The money arithmetic of invoices and payroll (issue 30), in integer cents; no binary fractions anywhere.
 * Rounding (docs/decisions.md, "Invoices and payroll"): half up, to the cent, once per figure: each line's amount
 * (minutes × hourly rate / 60), then the discount on the subtotal, then the tax on the discounted subtotal.
 */

/** `numerator / denominator` rounded half up (both non-negative integers, products within 2^53). */
export function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** What `minutes` come to at an hourly rate in cents. */
export const amountOf = (minutes: number, rateCents: number) => divideHalfUp(minutes * rateCents, 60);

/**
 * Pay: regular minutes at the pay rate, overtime minutes at the rate times the multiplier (hundredths: 150 =
 * 1.5×), rounded once.
 */
export function payOf(
  billableMinutes: number,
  overtimeMinutes: number,
  rateCents: number,
  multiplier: number,
) {
  const overtime = Math.min(overtimeMinutes, billableMinutes);
  const regular = billableMinutes - overtime;
  return divideHalfUp(regular * rateCents * 100 + overtime * rateCents * multiplier, 6000);
}

/**
 * The exact pay of one timesheet in 1/6000 of a cent (so a line sums them and rounds once, like an invoice
 * line): regular minutes × rate × 100 + overtime minutes × rate × multiplier.
 */
export function payNumerator(
  billableMinutes: number,
  overtimeMinutes: number,
  rateCents: number,
  multiplier: number,
) {
  const overtime = Math.min(overtimeMinutes, billableMinutes);
  return (billableMinutes - overtime) * rateCents * 100 + overtime * rateCents * multiplier;
}

/** Cents of a sum of `payNumerator`s, rounded half up. */
export const payCents = (numerator: number) => divideHalfUp(numerator, 6000);

/** A percentage in hundredths of `cents` (750 = 7.50%), rounded half up. */
export const percentOf = (cents: number, hundredths: number) => divideHalfUp(cents * hundredths, 10_000);

export type Totals = {
  subtotal_cents: number;
  discount_cents: number;
  tax_cents: number;
  total_cents: number;
};

/** An invoice's totals from its lines' amounts, its discount and tax rate (hundredths of a percent). */
export function totalsOf(amounts: number[], discountHundredths: number, taxHundredths: number): Totals {
  const subtotal = amounts.reduce((sum, a) => sum + a, 0);
  const discount = percentOf(subtotal, discountHundredths);
  const tax = percentOf(subtotal - discount, taxHundredths);
  return {
    subtotal_cents: subtotal,
    discount_cents: discount,
    tax_cents: tax,
    total_cents: subtotal - discount + tax,
  };
}

/** Hundredths of a two-decimal number from the API (7.5 → 750). */
export const hundredths = (value: number) => Math.round(value * 100);

/** "1,234.50 USD" as the PDF and mails print it. */
export function formatMoney(cents: number, currency: string): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')} ${currency}`;
}

/** Decimal hours of minutes, two places (450 → 7.5). */
export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** The number an invoice gets: the prefix with `{YYYY}` as the issue year, the sequence on 4 digits. */
export function invoiceNumber(prefix: string, sequence: number, issueDate: string): string {
  return `${prefix.replaceAll('{YYYY}', issueDate.slice(0, 4))}${String(sequence).padStart(4, '0')}`;
}

/** A date plus days ("YYYY-MM-DD"). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
