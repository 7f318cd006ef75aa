import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idParamSchema } from '../api/problem';
import { ORGANIZATION_CALLS } from './calls';
import { organizationSchema, planSchema } from './schemas';
import {
  logoFileParamsSchema,
  logoResultSchema,
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

/** The organization's logo (issue 30): an admin uploads or removes it; it is served like avatars. */
export const logoEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/api/v1/admin-access/settings/logo',
    resource: 'settings',
    tags: ['settings'],
    access: 'settings.manage',
    operationName: 'uploadOrganizationLogo',
    summary:
      'Upload the organization\'s logo (multipart field "logo": PNG or JPEG, at most 2 MB), drawn on invoices and in the header',
    encoding: 'multipart',
    response: logoResultSchema,
    errors: [413, 415],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v1/admin-access/settings/logo',
    resource: 'settings',
    tags: ['settings'],
    access: 'settings.manage',
    operationName: 'deleteOrganizationLogo',
    summary: "Remove the organization's logo",
    response: logoResultSchema,
  }),
  file: endpoint({
    method: 'GET',
    path: '/api/v1/files/logos/:name',
    resource: 'settings',
    tags: ['settings'],
    access: 'public',
    operationName: 'getOrganizationLogo',
    summary: "An organization's logo image (public: random names, cached a year)",
    params: logoFileParamsSchema,
    response: z.unknown(),
    mediaTypes: ['image/png'],
    errors: [404],
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
