import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idParamSchema, MAX_ID, messageSchema } from '../api/problem';
import { SCREENSHOT_MESSAGES } from './messages';
import {
  declineRequestSchema,
  latestQuerySchema,
  latestScreenshotPageSchema,
  ownScreenshotPageSchema,
  ownScreenshotQuerySchema,
  requestIdParamSchema,
  screenshotCountSchema,
  screenshotDetailSchema,
  screenshotPageSchema,
  screenshotQuerySchema,
  screenshotUploadResultSchema,
  takeScreenshotResultSchema,
  takeScreenshotSchema,
} from './schemas';

const ADMIN = '/api/v1/admin-access';
const MANAGER = '/api/v1/manager-access';
const CLIENT = '/api/v1/client-access';
const VA = '/api/v1/va-access';

const screenshots = { resource: 'screenshots', tags: ['screenshots'] } as const;
const byId = { params: idParamSchema, errors: [404] } as const;
/**
 * A delete's id: an empty one (`DELETE …/screenshots/`, a trailing slash) is the spec's delete without an id,
 * 'No Screenshot ID was provided', as `removeWithoutId` answers.
 */
const deleteById = {
  params: z.object({
    id: z
      .string()
      .min(1, { error: SCREENSHOT_MESSAGES.no_id })
      .pipe(z.coerce.number<string>().int().positive().max(MAX_ID)),
  }),
  errors: [404],
} as const;
const countQuery = screenshotQuerySchema;

type ReadAccess = 'screenshots.read_all' | 'screenshots.read_scoped' | 'screenshots.read_own_vas';

/** What the admin, a manager (their scope) and a client (their own VAs) share. */
const supervisorScreenshots = (base: string, access: ReadAccess) => ({
  list: endpoint({
    ...screenshots,
    method: 'GET',
    path: `${base}/screenshots`,
    access,
    summary:
      'Screenshots, newest first (filters: va_id, client_id, contract_id, team_id, attendance_id, start_date, end_date, source, tracker)',
    query: screenshotQuerySchema,
    response: screenshotPageSchema,
  }),
  detail: endpoint({
    ...screenshots,
    ...byId,
    method: 'GET',
    path: `${base}/screenshots/:id`,
    access,
    summary: 'One screenshot with the other screens of its capture and the previous and next of that VA',
    response: screenshotDetailSchema,
  }),
  count: endpoint({
    ...screenshots,
    method: 'GET',
    path: `${base}/screenshot-count`,
    access,
    summary: 'How many screenshots match the filters, in total and per day',
    query: countQuery,
    response: screenshotCountSchema,
  }),
  latest: endpoint({
    ...screenshots,
    method: 'GET',
    path: `${base}/screenshots/latest`,
    access,
    summary: 'The live wall: each VA on shift now with their latest screenshot',
    query: latestQuerySchema,
    response: latestScreenshotPageSchema,
  }),
  take: endpoint({
    ...screenshots,
    method: 'POST',
    path: `${base}/screenshots/take`,
    access: 'screenshots.take',
    summary:
      "Asks the VA's tracker for a screenshot now; the image arrives as `screenshot.created`, a failure as `screenshot.failed`",
    body: takeScreenshotSchema,
    response: takeScreenshotResultSchema,
    status: 202,
    errors: [404, 422],
  }),
});

export const adminScreenshots = {
  ...supervisorScreenshots(ADMIN, 'screenshots.read_all'),
  remove: endpoint({
    ...screenshots,
    ...deleteById,
    method: 'DELETE',
    path: `${ADMIN}/screenshots/:id`,
    access: 'screenshots.read_all',
    summary: 'Deletes a screenshot: its image, thumbnail and blurred rendition',
    response: messageSchema,
  }),
  /** The spec's delete without an id: answers 'No Screenshot ID was provided'. */
  removeWithoutId: endpoint({
    ...screenshots,
    method: 'DELETE',
    path: `${ADMIN}/screenshots`,
    access: 'screenshots.read_all',
    summary: "A delete without an id: 422 'No Screenshot ID was provided'",
    response: messageSchema,
    errors: [422],
  }),
};

export const managerScreenshots = supervisorScreenshots(MANAGER, 'screenshots.read_scoped');
export const clientScreenshots = supervisorScreenshots(CLIENT, 'screenshots.read_own_vas');

export const vaScreenshots = {
  upload: endpoint({
    ...screenshots,
    tracker: true,
    method: 'POST',
    path: `${VA}/screenshots`,
    access: 'screenshots.own',
    summary:
      'A tracker uploads a capture (multipart: file, id, attendance_id, taken_at, request_id?, screen, source); a retried id counts once',
    encoding: 'multipart',
    response: screenshotUploadResultSchema,
    status: 201,
    errors: [413, 422],
  }),
  list: endpoint({
    ...screenshots,
    method: 'GET',
    path: `${VA}/screenshots`,
    access: 'screenshots.own',
    summary: 'Every screenshot taken of me, newest first',
    query: ownScreenshotQuerySchema,
    response: ownScreenshotPageSchema,
  }),
  count: endpoint({
    ...screenshots,
    method: 'GET',
    path: `${VA}/screenshot-count`,
    access: 'screenshots.own',
    summary: 'How many screenshots of me, in total and per day',
    query: ownScreenshotQuerySchema,
    response: screenshotCountSchema,
  }),
  remove: endpoint({
    ...screenshots,
    ...deleteById,
    method: 'DELETE',
    path: `${VA}/screenshots/:id`,
    access: 'screenshots.own',
    summary: "Deletes one of my screenshots within the organization's grace period",
    response: messageSchema,
    errors: [404, 422],
  }),
  decline: endpoint({
    ...screenshots,
    tracker: true,
    method: 'POST',
    path: `${VA}/screenshot-requests/:id/decline`,
    access: 'screenshots.own',
    summary: 'A tracker that cannot capture says so at once; the requester is told',
    params: requestIdParamSchema,
    body: declineRequestSchema,
    response: z.null(),
    status: 204,
    errors: [404],
  }),
};
