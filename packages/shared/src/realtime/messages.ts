import { z } from 'zod';

/**
 * The realtime protocol of DOMAIN.md ("Tracker protocol and realtime"), spoken by the server, the web app
 * and the trackers over `GET /api/v1/ws`. The first client message authenticates; then the server sends
 * `{ type, data }` messages.
 */
export const WS_PATH = '/api/v1/ws';

export const clientKindSchema = z.enum(['desktop', 'web', 'app']);
export type ClientKind = z.infer<typeof clientKindSchema>;

export const authMessageSchema = z.object({
  type: z.literal('auth'),
  token: z.string().min(1),
  client: z.object({ kind: clientKindSchema, capture: z.boolean() }).optional(),
});

/** A tracker tells whether it can capture now (the web timer while the VA shares a screen). */
export const captureMessageSchema = z.object({ type: z.literal('client'), capture: z.boolean() });

export const clientMessageSchema = z.discriminatedUnion('type', [
  authMessageSchema,
  captureMessageSchema,
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

const serverMessages = {
  ready: z.object({ user_id: z.number().int(), connection_id: z.string() }),
  pong: z.object({}),
  'presence.changed': z.object({ va_id: z.number().int(), online: z.boolean(), idle: z.boolean() }),
  'attendance.changed': z.object({
    attendance_id: z.number().int(),
    va_id: z.number().int(),
    status: z.string(),
  }),
  'attendance.logout': z.object({ attendance_id: z.number().int() }),
  'screenshot.request': z.object({ request_id: z.string(), attendance_id: z.number().int() }),
  'screenshot.created': z.object({
    id: z.number().int(),
    va_id: z.number().int(),
    request_id: z.string().optional(),
  }),
  'screenshot.failed': z.object({ request_id: z.string(), reason: z.string() }),
  notification: z.object({ id: z.number().int(), type: z.string(), title: z.string() }),
  /**
   * Beyond DOMAIN.md's list (issue 15): a tracker of the VA chose what the ongoing shift works on; the VA's
   * other trackers follow (to the VA only).
   */
  'attendance.task': z.object({
    attendance_id: z.number().int(),
    task: z.object({ kind: z.enum(['task', 'general']), id: z.number().int() }).nullable(),
  }),
  /** Beyond DOMAIN.md's list (issue 15): a board changed; everyone who may see the project refetches it. */
  'board.changed': z.object({
    project_id: z.number().int(),
    task_id: z.number().int().nullable(),
    action: z.string(),
  }),
  /**
   * Beyond DOMAIN.md's list (issue 28): an analytics report being written, to the user who asked for it only.
   * `delta` pieces arrive in order (`seq` from 0); the last message has `status` done or failed and no delta.
   */
  'ai.report': z.object({
    report_id: z.number().int(),
    seq: z.number().int(),
    status: z.enum(['running', 'done', 'failed']),
    delta: z.string().optional(),
  }),
  /** Beyond DOMAIN.md's list (issue 28): an AI result or a batch changed state; its readers refetch it. */
  'ai.result': z.object({
    result_id: z.number().int(),
    attendance_id: z.number().int(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
  }),
} as const;

export type ServerMessageType = keyof typeof serverMessages;
export type ServerMessageData<T extends ServerMessageType> = z.infer<(typeof serverMessages)[T]>;

type Envelope = z.ZodObject<{ type: z.ZodLiteral<string>; data: z.ZodType }>;
const envelopes: Envelope[] = Object.entries(serverMessages).map(([type, data]) =>
  z.object({ type: z.literal(type), data }),
);

/** Any server message, as a client validates what it receives. */
export const serverMessageSchema = z.discriminatedUnion('type', envelopes as [Envelope, ...Envelope[]]);

export type ServerMessage = {
  [T in ServerMessageType]: { type: T; data: ServerMessageData<T> };
}[ServerMessageType];

/** Close codes the server uses, so a client knows whether reconnecting can help. */
export const WS_CLOSE = {
  /** No or bad auth message in time, or the session ended: sign in again, do not reconnect. */
  unauthenticated: 4401,
  /** The server is shutting down: reconnect (with backoff). */
  restarting: 1012,
  /** Missed heartbeats. */
  timeout: 4408,
  /** A binary frame: the protocol is JSON text. (A frame over 8 KiB closes with 1009.) */
  unsupported: 1003,
  /** The server failed handling a message; reconnecting may help. */
  internalError: 1011,
} as const;
