import type { z } from 'zod';
import type { Permission } from '../auth/permissions';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Who may call an endpoint: anyone, any signed-in user, or the holders of a permission. */
export type Access = 'public' | 'signed_in' | Permission;

/**
 * Server resources, the roots of the web client's query keys: a change to a resource refetches every
 * query under it. One entry per kind of row the API serves.
 */
export const RESOURCES = [
  'session',
  'system',
  'organizations',
  'plans',
  'settings',
  'users',
  'clients',
  'teams',
  'audit',
  'outbox',
  'contracts',
  'schedules',
  'attendance',
  'screenshots',
  'timesheets',
  'reports',
  'requests',
  'notifications',
  'projects',
  'billing',
  'ai',
  'directory',
  'webhooks',
  'tokens',
  'calendar',
  'invoices',
  'payroll',
  'exports',
] as const;
export type Resource = (typeof RESOURCES)[number];

/**
 * One endpoint of the API: what the server registers and what the web client calls, from one definition.
 * `path` is the full path with `:name` parameters (`/api/v1/admin-access/contracts/:id`).
 */
export interface EndpointDef {
  method: HttpMethod;
  path: string;
  access: Access;
  resource: Resource;
  summary: string;
  tags?: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success body (`z.null()` for 204 and redirects). */
  response: z.ZodType;
  /** The success status (200 unless said). */
  status?: 200 | 201 | 202 | 204 | 302;
  /** Problem statuses the endpoint documents beyond the ones its access implies. */
  errors?: readonly number[];
  /** Problem bodies that say more than problem+json, by status (OAuth's `error` beside the problem fields). */
  problems?: Readonly<Partial<Record<number, z.ZodType>>>;
  /** How the body travels (JSON unless said); `multipart` bodies are read by the handler. */
  encoding?: 'json' | 'multipart' | 'form';
  /**
   * The success body is a file streamed by the handler (an export): `response` documents it, the server does not
   * serialize it, and the web client reads it as a Blob with its file name from `Content-Disposition`.
   */
  download?: true;
  /** The media types a download answers in (`Content-Type` by the requested format), for the API document. */
  mediaTypes?: readonly string[];
  /**
   * The operation's name in the API document where the one derived from the contract's export name and key reads
   * badly or collides (apps/server/src/lib/operation-ids.ts): camelCase; the export's area goes in front
   * (`listAttendanceUsers` in `adminAttendance` → `adminListAttendanceUsers`).
   */
  operationName?: string;
  /**
   * A session started through the `tracker` client may call it (DOMAIN.md "Trackers"): the tracker protocol
   * and the reads a tracker needs. Every other endpoint answers such a session 403.
   */
  tracker?: true;
  /**
   * Only a session may call it, never a personal API token (403): managing the tokens themselves and the calendar
   * links, so a leaked token cannot make a successor that outlives its revocation. The document says so.
   */
  sessionOnly?: true;
}

/** Declares an endpoint, keeping its exact types. */
export const endpoint = <const E extends EndpointDef>(def: E): E => def;

type In<S> = S extends z.ZodType ? z.input<S> : undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

type Optional<K extends string, V> = undefined extends V ? { [P in K]?: V } : { [P in K]: V };

/**
 * A query as a caller builds it: the parsed types (numbers, not the strings of the wire), every field
 * optional since the server fills defaults.
 */
type QueryIn<S> = S extends z.ZodType ? Partial<z.output<S>> : undefined;

/** What a caller sends: path parameters, query and body, each only when the endpoint has one (a `FormData` for multipart). */
export type EndpointInput<E extends EndpointDef> = Optional<'params', In<E['params']>> &
  Optional<'query', QueryIn<E['query']>> &
  (E['encoding'] extends 'multipart' ? { body: object } : Optional<'body', In<E['body']>>);

/** What the server's handler receives, after validation and defaults. */
export type EndpointParsed<E extends EndpointDef> = {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
};

/** The success body of an endpoint. */
export type EndpointOutput<E extends EndpointDef> = z.output<E['response']>;

/** The path with its parameters filled in (`/contracts/:id` + `{ id: 7 }` → `/contracts/7`). */
export function pathOf(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** `/api/v1/{area}-access/...` → the area, else null. */
export function areaOfPath(path: string): string | null {
  return /^\/api\/v1\/([a-z-]+)-access(?:\/|$)/.exec(path)?.[1] ?? null;
}

/** A stable name for logs and query keys: `GET /api/v1/admin-access/contracts/:id`. */
export const endpointName = (e: Pick<EndpointDef, 'method' | 'path'>) => `${e.method} ${e.path}`;
