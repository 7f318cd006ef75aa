import * as ai from '@vahub/shared/ai/endpoints';
import type { EndpointDef } from '@vahub/shared/api/endpoint';
import * as attendance from '@vahub/shared/attendance/endpoints';
import * as audit from '@vahub/shared/audit/endpoints';
import * as auth from '@vahub/shared/auth/endpoints';
import * as billing from '@vahub/shared/billing/endpoints';
import * as calendar from '@vahub/shared/calendar/endpoints';
import * as contracts from '@vahub/shared/contracts/endpoints';
import * as dataRights from '@vahub/shared/data-rights/endpoints';
import * as directory from '@vahub/shared/directory/endpoints';
import * as mailAccounts from '@vahub/shared/mail-accounts/endpoints';
import * as money from '@vahub/shared/money/endpoints';
import * as notifications from '@vahub/shared/notifications/endpoints';
import * as organization from '@vahub/shared/organization/endpoints';
import * as projects from '@vahub/shared/projects/endpoints';
import * as requests from '@vahub/shared/requests/endpoints';
import * as screenshots from '@vahub/shared/screenshots/endpoints';
import * as system from '@vahub/shared/system/endpoints';
import * as teams from '@vahub/shared/teams/endpoints';
import * as timesheets from '@vahub/shared/timesheets/endpoints';
import * as tokens from '@vahub/shared/tokens/endpoints';
import * as users from '@vahub/shared/users/endpoints';
import * as invitations from '@vahub/shared/users/invitations';
import * as webhooks from '@vahub/shared/webhooks/endpoints';

/**
 * Every module of endpoint contracts. A new endpoint in one of them gets its operationId by itself; a new module
 * of contracts is added here (registering a contract this list does not reach fails at start with its path).
 */
const CONTRACT_MODULES: readonly Record<string, unknown>[] = [
  ai,
  webhooks,
  attendance,
  audit,
  auth,
  billing,
  calendar,
  contracts,
  directory,
  mailAccounts,
  money,
  notifications,
  organization,
  projects,
  requests,
  screenshots,
  system,
  teams,
  timesheets,
  tokens,
  users,
  invitations,
  dataRights,
];

/** The areas of `/api/v1/{area}-access/…`, as the exports of their contracts begin (`adminUsers`, `vaAttendance`). */
const AREA_PREFIXES = ['superAdmin', 'admin', 'manager', 'client', 'va'] as const;

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const isEndpoint = (value: unknown): value is EndpointDef =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as EndpointDef).method === 'string' &&
  typeof (value as EndpointDef).path === 'string' &&
  'response' in value;

/**
 * The operationId derived from where a contract is exported: `{area}{Key}{Noun}` when the key is one word
 * (`adminUsers.list` → `adminListUsers`), `{area}{Key}` when the key names its object itself
 * (`vaAttendance.clockIn` → `vaClockIn`); keys above the last one go between (`adminReports.daily.export` →
 * `adminExportDailyReports`). Exports outside an area drop their `Endpoints` suffix
 * (`setupEndpoints.check` → `checkSetup`). A contract's own `operationName` replaces the key and noun.
 */
export function deriveOperationId(
  exportName: string,
  keys: readonly string[],
  operationName?: string,
): string {
  const group = exportName.replace(/Endpoints$/, '');
  const area = AREA_PREFIXES.find((a) => group.startsWith(a) && /^[A-Z]/.test(group.slice(a.length))) ?? '';
  const noun = group.slice(area.length);
  const action = keys[keys.length - 1] ?? '';
  const between = keys.slice(0, -1).map(capital).join('');
  const oneWord = /^[a-z]+$/.test(action);
  const name = operationName
    ? `${area}${capital(operationName)}`
    : `${area}${capital(action)}${between}${oneWord ? capital(noun) : ''}`;
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** Method and path name an operation (a route may register a copy of its contract with a refined schema). */
const key = (e: Pick<EndpointDef, 'method' | 'path'>) => `${e.method} ${e.path}`;

function collect(): Map<string, string> {
  // A contract may be reached twice (`attendanceEndpoints.admin.list` is `adminAttendance.list`): the shortest
  // way names it.
  const places = new Map<EndpointDef, { exportName: string; keys: string[] }>();
  const visit = (value: unknown, exportName: string, keys: string[]) => {
    if (isEndpoint(value)) {
      const known = places.get(value);
      if (!known || known.keys.length > keys.length) places.set(value, { exportName, keys });
      return;
    }
    // Only plain objects group contracts (zod schemas and arrays are never walked into).
    if (!value || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return;
    for (const [key, child] of Object.entries(value)) visit(child, exportName, [...keys, key]);
  };
  for (const module of CONTRACT_MODULES) {
    for (const [exportName, value] of Object.entries(module)) visit(value, exportName, []);
  }
  const ids = new Map<string, string>();
  const owners = new Map<string, string>();
  for (const [endpoint, { exportName, keys }] of places) {
    const id = deriveOperationId(exportName, keys, endpoint.operationName);
    const where = [exportName, ...keys].join('.');
    const taken = owners.get(id);
    if (taken) throw new Error(`operationId ${id} of ${where} is also ${taken}'s: give one an operationName`);
    owners.set(id, where);
    ids.set(key(endpoint), id);
  }
  return ids;
}

let cache: Map<string, string> | null = null;

/** The operationId of a registered contract. */
export function operationIdOf(endpoint: EndpointDef): string {
  cache ??= collect();
  const id = cache.get(key(endpoint));
  if (!id) {
    throw new Error(
      `${endpoint.method} ${endpoint.path}: its contract is not exported from a module of CONTRACT_MODULES (lib/operation-ids.ts)`,
    );
  }
  return id;
}

/** Every operation (`METHOD path`) with its operationId. */
export function operationIds(): ReadonlyMap<string, string> {
  cache ??= collect();
  return cache;
}
