import type { PingInput } from '@vahub/shared/attendance/tracker-protocol';
import type { declineRequestSchema } from '@vahub/shared/screenshots/schemas';
import type { z } from 'zod';

/** The image types the server takes (it checks the bytes, not this label). */
export type CaptureImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** One screen of a capture: a multi-screen machine gives several, all taken at the same moment. */
export interface CapturedScreen {
  /** The screen's index, 0 for the first (at most `SCREENSHOTS.maxScreen`). */
  screen: number;
  bytes: Uint8Array;
  type: CaptureImageType;
}

/**
 * What takes the pictures: the web timer's shared screen (getDisplayMedia), the desktop agent's native
 * capture of every screen. `canCapture` answers now (the VA may stop sharing at any time); `subscribe`, when
 * the host can tell, announces that the answer may have changed, so the socket says so at once.
 */
export interface Capturer {
  canCapture(): boolean;
  capture(): Promise<CapturedScreen[]>;
  subscribe?(listener: () => void): () => void;
}

/** Why a capture was taken: the contract's schedule, or someone asked (`screenshot.request`). */
export type CaptureOrigin = 'scheduled' | 'on_demand';

/** One screen waiting to be uploaded (`POST va-access/screenshots`). */
export interface UploadItem {
  /** A client UUID: the store's key and the server's idempotency key (a retried upload counts once). */
  id: string;
  attendanceId: number;
  /** ISO-8601, the moment of the capture: every screen of one capture carries the same. */
  takenAt: string;
  /** The on-demand request this capture answers. */
  requestId?: string;
  screen: number;
  source: PingInput['source'];
  origin: CaptureOrigin;
  bytes: Uint8Array;
  type: CaptureImageType;
}

/**
 * Where captures wait until the server has them: memory in the web timer (a reload loses them, as it loses
 * the shared screen), a folder for the desktop agent. Items come out in the order they went in.
 */
export interface UploadStore {
  append(items: UploadItem[]): Promise<void>;
  /** The oldest items, at most `limit`. */
  peek(limit: number): Promise<UploadItem[]>;
  /** Forgets uploaded (or refused) items; unknown ids are ignored. */
  remove(ids: string[]): Promise<void>;
  size(): Promise<number>;
}

export class MemoryUploadStore implements UploadStore {
  private readonly items = new Map<string, UploadItem>();

  async append(items: UploadItem[]): Promise<void> {
    for (const item of items) if (!this.items.has(item.id)) this.items.set(item.id, item);
  }

  async peek(limit: number): Promise<UploadItem[]> {
    return [...this.items.values()].slice(0, limit);
  }

  async remove(ids: string[]): Promise<void> {
    for (const id of ids) this.items.delete(id);
  }

  async size(): Promise<number> {
    return this.items.size;
  }
}

export type DeclineBody = z.infer<typeof declineRequestSchema>;
export type DeclineReason = DeclineBody['reason'];

/**
 * The two screenshot calls a tracker makes (`vaScreenshots.upload` and `.decline`). The web timer implements
 * it with the app's api client; other hosts use `fetchScreenshotTransport`. Errors carry the HTTP `status`
 * (undefined when nothing answered), as the tracker transport's do.
 */
export interface ScreenshotTransport {
  upload(item: UploadItem): Promise<unknown>;
  decline(requestId: string, body: DeclineBody): Promise<void>;
}

/** The multipart text fields of an upload, in the order they are sent (before the file). */
export function uploadFields(item: UploadItem): Array<[string, string]> {
  const fields: Array<[string, string]> = [
    ['id', item.id],
    ['attendance_id', String(item.attendanceId)],
    ['taken_at', item.takenAt],
    ['screen', String(item.screen)],
    ['source', item.source],
  ];
  if (item.requestId) fields.push(['request_id', item.requestId]);
  return fields;
}

const EXTENSIONS: Record<CaptureImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** The file name an upload's `file` part carries (the server reads the bytes, not the name). */
export const uploadFileName = (item: UploadItem) => `screen-${item.screen}.${EXTENSIONS[item.type]}`;
