import { describe, expect, it } from 'vitest';
import { navFor } from './nav';

const paths = (items: ReturnType<typeof navFor>) => items.map((i) => i.path);

// Issue 30: a manager's Invoices entry shows only where the organization lets managers handle invoices.
describe('navFor', () => {
  it("shows a manager's Invoices only when its condition holds; an admin's always", () => {
    expect(paths(navFor('manager', false))).not.toContain('/manager-dashboard/invoices');
    expect(paths(navFor('manager', false, new Set(['managerInvoices'])))).toContain(
      '/manager-dashboard/invoices',
    );
    expect(paths(navFor('admin', false))).toContain('/admin-dashboard/invoices');
  });
});
