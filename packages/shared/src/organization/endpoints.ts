import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idParamSchema } from '../api/problem';
import { ORGANIZATION_CALLS } from './calls';
import { organizationSchema, planSchema } from './schemas';
import {
  organizationPageSchema,
  organizationRowSchema,
  organizationSettingsSchema,
  organizationsQuerySchema,
  organizationUpdateSchema,
  settingsUpdateSchema,
} from './settings';

/** The caller's organization and the plans on offer. */
export const organizationEndpoints = {
  get: endpoint({
    ...ORGANIZATION_CALLS.get,
    tags: ['organization'],
    summary: "The caller's organization",
    response: organizationSchema,
  }),
  plans: endpoint({
    operationName: 'listPlans',
    ...ORGANIZATION_CALLS.plans,
    tags: ['organization'],
    summary: 'Subscription plans',
    response: z.array(planSchema),
  }),
} as const;

/** An admin's settings of their organization: name, default time zone, contract defaults. */
export const settingsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/v1/admin-access/settings',
    resource: 'settings',
    tags: ['settings'],
    access: 'settings.manage',
    summary: 'Organization name, timezone, contract defaults and subscription',
    response: organizationSettingsSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/admin-access/settings',
    resource: 'settings',
    tags: ['settings'],
    access: 'settings.manage',
    summary: 'Change the name, default timezone or contract defaults',
    body: settingsUpdateSchema,
    response: organizationSettingsSchema,
  }),
} as const;

/** The super admin's directory of every organization. */
export const superAdminOrganizations = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/super-admin-access/organizations',
    resource: 'organizations',
    tags: ['super-admin'],
    access: 'organizations.manage',
    summary: 'Organizations (search by name, filter status)',
    query: organizationsQuerySchema,
    response: organizationPageSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/super-admin-access/organizations/:id',
    resource: 'organizations',
    tags: ['super-admin'],
    access: 'organizations.manage',
    summary: 'Suspend or reactivate an organization, change its plan, expiry or seats',
    params: idParamSchema,
    body: organizationUpdateSchema,
    response: organizationRowSchema,
    errors: [404],
  }),
} as const;
