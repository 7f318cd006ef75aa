import { endpoint } from '../api/endpoint';
import { idParamSchema } from '../api/problem';
import {
  dataExportIdParamSchema,
  dataExportSchema,
  dataRightsSettingsSchema,
  erasedUserSchema,
  eraseUserSchema,
} from './schemas';

const ADMIN = '/api/v1/admin-access';
const CLIENT = '/api/v1/client-access';
const VA = '/api/v1/va-access';
const exports = { resource: 'exports', tags: ['data-rights'] } as const;

const exportJob = (base: string, access: 'data.export_all' | 'data.export_own_vas' | 'data.export_own') =>
  endpoint({
    ...exports,
    operationName: 'dataExport',
    method: 'GET',
    path: `${base}/exports/:id`,
    access,
    summary: "A data export's progress, and a signed download link of its ZIP when it is done",
    params: dataExportIdParamSchema,
    response: dataExportSchema,
    errors: [404],
  });

/** Data export and erasure (issue 33): an admin's organization export, erasing a person, the erasure period. */
export const adminDataRights = {
  exportOrganization: endpoint({
    ...exports,
    operationName: 'startDataExport',
    method: 'POST',
    path: `${ADMIN}/exports/organization`,
    access: 'data.export_all',
    summary:
      "Starts a ZIP export of the organization's data (a JSON and a CSV file per kind, the screenshots still kept); poll it",
    response: dataExportSchema,
    status: 202,
  }),
  exportJob: exportJob(ADMIN, 'data.export_all'),
  erase: endpoint({
    resource: 'users',
    tags: ['data-rights'],
    operationName: 'eraseUser',
    method: 'POST',
    path: `${ADMIN}/user/:id/erase`,
    access: 'data.erase',
    summary:
      "Erases a person's personal data (confirmed with their name): an alias replaces it everywhere, files go, sessions end",
    params: idParamSchema,
    body: eraseUserSchema,
    response: erasedUserSchema,
    errors: [404, 409, 422],
  }),
  settings: endpoint({
    resource: 'settings',
    tags: ['data-rights'],
    operationName: 'dataRightsSettings',
    method: 'GET',
    path: `${ADMIN}/data-rights/settings`,
    access: 'data.export_all',
    summary: 'How many days after a deactivation the daily job erases the personal data',
    response: dataRightsSettingsSchema,
  }),
  updateSettings: endpoint({
    resource: 'settings',
    tags: ['data-rights'],
    operationName: 'updateDataRightsSettings',
    method: 'PUT',
    path: `${ADMIN}/data-rights/settings`,
    access: 'data.erase',
    summary: 'Sets the erasure period',
    body: dataRightsSettingsSchema,
    response: dataRightsSettingsSchema,
    errors: [422],
  }),
};

export const clientDataRights = {
  exportMine: endpoint({
    ...exports,
    operationName: 'startDataExport',
    method: 'POST',
    path: `${CLIENT}/exports/mine`,
    access: 'data.export_own_vas',
    summary: "Starts a ZIP export of the client's own contracts and their VAs' data; poll it",
    response: dataExportSchema,
    status: 202,
  }),
  exportJob: exportJob(CLIENT, 'data.export_own_vas'),
};

export const vaDataRights = {
  exportMe: endpoint({
    ...exports,
    operationName: 'startDataExport',
    method: 'POST',
    path: `${VA}/exports/me`,
    access: 'data.export_own',
    summary: 'Starts a ZIP export of everything recorded about the VA; poll it',
    response: dataExportSchema,
    status: 202,
  }),
  exportJob: exportJob(VA, 'data.export_own'),
};
