import type { PayrollRunDetail } from '@vahub/shared/money/schemas';
import { sheet, writeTable } from '../timesheets/public';
import { hoursOf } from './money-maths';

type Row = PayrollRunDetail['lines'][number];

/**
 * The run as a file a payroll tool imports: one row per VA and currency, hours as decimals, the amount as a
 * decimal in the currency's units (cents / 100), the period and the run's reference on every row.
 */
export function payrollFile(run: PayrollRunDetail, format: 'csv' | 'xlsx') {
  return writeTable(format, [
    sheet<Row>({
      name: 'Payroll',
      rows: [run.lines],
      columns: [
        { header: 'Run', value: () => run.label, width: 30 },
        { header: 'Period start', value: () => run.start_date, kind: 'date' },
        { header: 'Period end', value: () => run.end_date, kind: 'date' },
        { header: 'VA id', value: (r) => r.va_id, kind: 'int' },
        { header: 'VA name', value: (r) => r.va.name, width: 24 },
        { header: 'VA email', value: (r) => r.va.email, width: 28 },
        { header: 'Currency', value: (r) => r.currency },
        { header: 'Worked hours', value: (r) => hoursOf(r.worked_minutes), kind: 'decimal' },
        { header: 'Billable hours', value: (r) => hoursOf(r.billable_minutes), kind: 'decimal' },
        { header: 'Overtime hours', value: (r) => hoursOf(r.overtime_minutes), kind: 'decimal' },
        { header: 'Unpriced hours', value: (r) => hoursOf(r.unpriced_minutes), kind: 'decimal' },
        { header: 'Amount', value: (r) => (r.amount_cents / 100).toFixed(2), kind: 'decimal' },
        { header: 'Status', value: () => run.status },
      ],
    }),
  ]);
}
