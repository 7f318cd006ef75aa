import type { vaScreenshots } from '@vahub/shared/screenshots/endpoints';
import { type ScreenshotTransport, uploadFields, uploadFileName } from '@vahub/tracker-core/capture/types';
import { call, contractOf } from '../../../lib/api-client';

/**
 * The web timer's two screenshot calls (`vaScreenshots.upload` and `.decline`), by their call data only, like
 * the tracker calls: the contracts would bring zod into the VA home's chunk.
 */
const calls = {
  upload: contractOf<typeof vaScreenshots.upload>({
    method: 'POST',
    path: '/api/v1/va-access/screenshots',
    access: 'screenshots.own',
    resource: 'screenshots',
  }),
  decline: contractOf<typeof vaScreenshots.decline>({
    method: 'POST',
    path: '/api/v1/va-access/screenshot-requests/:id/decline',
    access: 'screenshots.own',
    resource: 'screenshots',
  }),
};
export const screenshotCalls = calls;

/** Uploads over the app's api client (session, token refresh, problem errors with their status). */
export const webScreenshotTransport: ScreenshotTransport = {
  upload(item) {
    const body = new FormData();
    // The text fields before the file: a streaming parser reads them first.
    for (const [name, value] of uploadFields(item)) body.append(name, value);
    body.append(
      'file',
      new Blob([item.bytes as Uint8Array<ArrayBuffer>], { type: item.type }),
      uploadFileName(item),
    );
    return call(calls.upload, { body });
  },
  async decline(requestId, body) {
    await call(calls.decline, { params: { id: requestId }, body });
  },
};
