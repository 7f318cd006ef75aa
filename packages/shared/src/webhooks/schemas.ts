import { z } from 'zod';
import { paginationQuerySchema } from '../api/problem';
import { WEBHOOK_MESSAGES as M } from './messages';

/**
 * The domain events an endpoint can subscribe to, named as the server raises them (issue 31). A forced logout
 * is an `attendance.ended` whose `reason` is `forced_logout`.
 */
export const WEBHOOK_EVENTS = [
  'attendance.started',
  'attendance.ended',
  'attendance.late',
  'attendance.absent',
  'request.created',
  'request.decided',
  'screenshot.failed',
  'task.created',
  'task.moved',
  'task.assigned',
  'timesheet.approved',
  'timesheet.signed_off',
  'user.created',
  'user.deactivated',
  'invoice.issued',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** `standard`: the signed JSON envelope; `slack`: `{text}` for Slack, Mattermost or Teams incoming webhooks. */
export const WEBHOOK_FORMATS = ['standard', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const urlField = z
  .string()
  .trim()
  .min(1, { error: M.url_invalid })
  .max(2000)
  // The server parses it properly and checks the scheme and the address after DNS; this only catches typos.
  .regex(/^https?:\/\/[^\s/?#]+([/?#]\S*)?$/i, { error: M.url_invalid });

export const webhookCreateSchema = z.object({
  url: urlField,
  description: z.string().trim().max(500).default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, { error: M.events_required })
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => [...new Set(events)]),
  format: z.enum(WEBHOOK_FORMATS).default('standard'),
});
export type WebhookCreateInput = z.input<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z.object({
  url: urlField.optional(),
  description: z.string().trim().max(500).optional(),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, { error: M.events_required })
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => [...new Set(events)])
    .optional(),
  format: z.enum(WEBHOOK_FORMATS).optional(),
  /** Switches an endpoint on again after it was switched off for failing, or off by hand. */
  enabled: z.boolean().optional(),
});
export type WebhookUpdateInput = z.input<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  format: z.enum(WEBHOOK_FORMATS),
  enabled: z.boolean(),
  /** Why it is off: `failing` when the server switched it off after three days of failures. */
  disabled_reason: z.string().nullable(),
  /** The first failure of the current run of failures, if it is failing. */
  failing_since: z.string().nullable(),
  created_at: z.string(),
  created_by: z.number().int().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer to a creation: the endpoint and its signing secret, shown this once. */
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const deliverySchema = z.object({
  id: z.number().int(),
  webhook_id: z.number().int(),
  event_id: z.string(),
  event: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** Attempts made so far in this sequence. */
  attempt: z.number().int(),
  response_code: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  next_retry_at: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveriesQuerySchema = paginationQuerySchema;
