import { endpoint } from '../api/endpoint';
import { auditPageSchema, auditQuerySchema } from './schemas';

/** The organization's audit log, newest first. */
export const auditEndpoints = {
  list: endpoint({
    operationName: 'adminListAuditLog',
    method: 'GET',
    path: '/api/v1/admin-access/audit-log',
    resource: 'audit',
    tags: ['audit'],
    access: 'audit.read',
    summary: 'Who changed what (filters: entity_type, entity_id, actor_id)',
    query: auditQuerySchema,
    response: auditPageSchema,
  }),
} as const;
