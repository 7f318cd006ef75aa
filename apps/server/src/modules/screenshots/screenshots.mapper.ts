import type { PersonSummary } from '@vahub/shared/contracts/schemas';
import type { Screenshot } from '@vahub/shared/screenshots/schemas';
import type { Deps } from '../../lib/types';
import { toPerson } from '../contracts/public';
import type { PersonCard } from '../people/public';
import type { ScreenshotRead } from './screenshots.repository';

type Urls = { image: string | null; thumbnail: string | null; expiresAt: string | null };

/**
 * Signs the image and thumbnail URLs of the reads (short-lived: STORAGE_SIGNED_URL_TTL_SECONDS). An expired
 * screenshot has no image: its URLs are null.
 */
export function urlSigner(deps: Pick<Deps, 'storage' | 'clock' | 'config'>) {
  const ttl = deps.config.STORAGE_SIGNED_URL_TTL_SECONDS;
  const expiresAt = new Date(deps.clock.now().getTime() + ttl * 1000).toISOString();
  return async ({ shot }: ScreenshotRead): Promise<Urls> => {
    if (shot.status !== 'stored' || !shot.imageKey) return { image: null, thumbnail: null, expiresAt: null };
    const [image, thumbnail] = await Promise.all([
      deps.storage.signedUrl(shot.imageKey, { expiresInSeconds: ttl }),
      shot.thumbnailKey ? deps.storage.signedUrl(shot.thumbnailKey, { expiresInSeconds: ttl }) : null,
    ]);
    return { image, thumbnail, expiresAt };
  };
}

export type Signer = ReturnType<typeof urlSigner>;

export async function toScreenshot(read: ScreenshotRead, sign: Signer): Promise<Screenshot> {
  const { shot } = read;
  const urls = await sign(read);
  return {
    id: shot.id,
    attendance_id: shot.attendanceId,
    contract_id: shot.contractId,
    va_id: shot.vaId,
    client_id: shot.clientId,
    date: read.date,
    timezone: read.timezone,
    taken_at: shot.takenAt.toISOString(),
    source: shot.source,
    tracker: shot.tracker,
    requested_by: shot.requestedBy,
    status: shot.status,
    screen: shot.screen,
    width: shot.width,
    height: shot.height,
    bytes: shot.bytes,
    blurred: shot.blurred,
    activity_percent: read.activity === null ? null : Number(read.activity),
    image_url: urls.image,
    thumbnail_url: urls.thumbnail,
    urls_expire_at: urls.expiresAt,
    created_at: shot.createdAt.toISOString(),
  };
}

/** A person of a page's people, failing loudly if the foreign key was somehow broken. */
export function personIn(people: Map<number, PersonCard>, id: number): PersonSummary {
  const found = people.get(id);
  if (!found) throw new Error(`screenshot person ${id} is missing`);
  return toPerson(found);
}

/** When a VA may still delete this screenshot: capture + the organization's grace, while the image is stored. */
export function deletableUntil(read: ScreenshotRead, graceMinutes: number): string | null {
  if (graceMinutes <= 0 || read.shot.status !== 'stored') return null;
  return new Date(read.shot.takenAt.getTime() + graceMinutes * 60_000).toISOString();
}
