import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { defineMessages } from '../api/messages';

/**
 * Signing a tracker in through the browser: the OAuth 2.0 device authorization grant (RFC 8628, issue 32).
 * The agent asks for a code, the VA approves it on the web page `/device`, the agent polls `/oauth/token`.
 */
export { DEVICE_GRANT_TYPE } from './schemas';

/** A device code (and its user code) lives this long, in seconds. */
export const DEVICE_CODE_TTL_SECONDS = 600;
/** The first polling interval, in seconds; each `slow_down` adds 5 (RFC 8628 section 3.5). */
export const DEVICE_POLL_INTERVAL_SECONDS = 5;

/** The user code's alphabet: consonants only (no vowels, no look-alikes), as RFC 8628 section 6.1 suggests. */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

/** `bcdf-ghjk`, `BCDFGHJK` or ` bcdf ghjk ` → `BCDFGHJK` (what the VA typed, as stored). */
export const normalizeUserCode = (code: string) => code.toUpperCase().replace(/[^A-Z]/g, '');
/** `BCDFGHJK` → `BCDF-GHJK` (as shown). */
export const formatUserCode = (code: string) => {
  const c = normalizeUserCode(code);
  return c.length === 8 ? `${c.slice(0, 4)}-${c.slice(4)}` : c;
};

export const DEVICE_MESSAGES = defineMessages('device', {
  code_required: 'Enter the code your computer shows.',
  code_unknown: 'This code is not valid. Check it on your computer, or start the sign-in there again.',
  code_expired: 'This code has expired. Start the sign-in on your computer again.',
  code_used: 'This code was already used.',
  va_only: 'Only a VA can connect a computer to track time. Sign in as the VA who will use it.',
  unsupported_client: 'Only the tracker signs in with a device code.',
  authorization_pending: 'The sign-in is waiting for approval in the browser.',
  slow_down: 'Polling too fast: wait longer between requests.',
  access_denied: 'The sign-in was denied in the browser.',
  expired_token: 'The code expired before it was approved. Start the sign-in again.',
  computer_not_found: 'Computer not found.',
  too_many: 'Too many sign-in codes from your network. Try again in {{minutes}} minute(s).',
});

/** What a computer says of itself (all optional: an old agent or a script says nothing). */
const deviceInfo = {
  device_name: z.string().trim().max(120).optional(),
  device_system: z.string().trim().max(120).optional(),
  agent_version: z.string().trim().max(40).optional(),
};
export const deviceInfoSchema = z.object(deviceInfo);

export const deviceCodeRequestSchema = z.object({
  client_id: z.string().min(1),
  scope: z.string().optional(),
  ...deviceInfo,
});

export const deviceCodeResponseSchema = z.object({
  device_code: z.string(),
  user_code: z.string(),
  verification_uri: z.string(),
  verification_uri_complete: z.string(),
  expires_in: z.number().int(),
  interval: z.number().int(),
});
export type DeviceCodeResponse = z.infer<typeof deviceCodeResponseSchema>;

const userCodeField = z
  .string({ error: DEVICE_MESSAGES.code_required })
  .max(40)
  .transform(normalizeUserCode)
  .refine((c) => c.length > 0, { error: DEVICE_MESSAGES.code_required });

export const pendingDeviceSchema = z.object({
  user_code: z.string(),
  device_name: z.string().nullable(),
  device_system: z.string().nullable(),
  agent_version: z.string().nullable(),
  expires_at: z.string(),
});

export const deviceDecisionSchema = z.object({
  user_code: userCodeField,
  approve: z.boolean(),
});

export const computerSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  system: z.string().nullable(),
  version: z.string().nullable(),
  signed_in_at: z.string(),
  last_seen_at: z.string(),
});
export type Computer = z.infer<typeof computerSchema>;

const device = { tags: ['auth'], resource: 'session' } as const;

export const deviceEndpoints = {
  code: endpoint({
    ...device,
    operationName: 'startDeviceAuthorization',
    method: 'POST',
    path: '/oauth/device/code',
    access: 'public',
    summary:
      'Device authorization request (RFC 8628) of the tracker client: a device code to poll /oauth/token with, and the user code the VA approves at /device',
    body: deviceCodeRequestSchema,
    response: deviceCodeResponseSchema,
    errors: [429],
  }),
  show: endpoint({
    ...device,
    operationName: 'showDeviceAuthorization',
    method: 'GET',
    path: '/api/v1/device',
    access: 'signed_in',
    summary: 'The computer waiting behind a user code, for the VA to confirm (a VA only)',
    query: z.object({ user_code: userCodeField }),
    response: pendingDeviceSchema,
    errors: [403, 404],
  }),
  decide: endpoint({
    ...device,
    operationName: 'decideDeviceAuthorization',
    method: 'POST',
    path: '/api/v1/device',
    access: 'signed_in',
    summary: 'Approve (signs the computer in as you) or deny a user code (a VA only); a code works once',
    body: deviceDecisionSchema,
    response: z.object({ approved: z.boolean() }),
    errors: [403, 404, 409],
  }),
  computers: endpoint({
    ...device,
    operationName: 'listConnectedComputers',
    method: 'GET',
    path: '/api/v1/va-access/computers',
    access: 'signed_in',
    summary: "The VA's signed-in trackers (computers): name, system, version, last seen",
    response: z.object({ data: z.array(computerSchema) }),
  }),
  disconnect: endpoint({
    ...device,
    operationName: 'disconnectComputer',
    method: 'DELETE',
    path: '/api/v1/va-access/computers/:id',
    access: 'signed_in',
    summary: "Signs one of the VA's computers out (revokes that tracker session)",
    params: z.object({ id: z.string().uuid() }),
    response: z.null(),
    status: 204,
    errors: [404],
  }),
};
