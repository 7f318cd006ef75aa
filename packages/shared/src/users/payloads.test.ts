import { describe, expect, it } from 'vitest';
import { userCreateSchema, userUpdateSchema } from './payloads';
import { usersQuerySchema } from './schemas';

const base = { email: 'A@B.test', first_name: 'A', last_name: 'B', password: 'long-enough', role: 'va' };

describe('user payloads', () => {
  it('applies the Admin and Client flag rules on the flag field', () => {
    const bad = userCreateSchema.safeParse({ ...base, is_admin: true, is_client: true });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['is_admin', 'is_client']);
    expect(userCreateSchema.safeParse({ ...base, role: 'admin', is_admin: true }).success).toBe(true);
    expect(userUpdateSchema.safeParse({ role: 'manager', is_client: true }).success).toBe(false);
  });
  it('lower-cases the email, defaults the status and removes duplicate ids', () => {
    const parsed = userCreateSchema.parse({ ...base, team_ids: [2, 2, 3] });
    expect(parsed).toMatchObject({ email: 'a@b.test', status: 'active', team_ids: [2, 3] });
  });
  it('reads a comma-joined roles filter', () => {
    expect(usersQuerySchema.parse({ roles: 'manager,va' }).roles).toEqual(['manager', 'va']);
    expect(usersQuerySchema.safeParse({ roles: 'manager,boss' }).success).toBe(false);
    expect(usersQuerySchema.safeParse({ per_page: '101' }).success).toBe(false);
  });
});
