import { randomBytes } from 'node:crypto';
import { msg } from '@vahub/shared/api/messages';
import { SCREENSHOT_MESSAGES as M } from '@vahub/shared/screenshots/messages';
import { SCREENSHOTS } from '@vahub/shared/screenshots/schemas';
import { fieldError } from '../../lib/errors';
import { loadSharp } from '../../lib/lazy-modules';
import type { Deps } from '../../lib/types';
import { judgeImageHeader } from '../../platform/storage/image-header';
import { looksLikeSvg, sniffImage } from '../../platform/storage/sniff';

const TYPES = {
  'image/png': { ext: 'png' },
  'image/jpeg': { ext: 'jpg' },
  'image/webp': { ext: 'webp' },
} as const;
type ImageType = keyof typeof TYPES;

/** A blurred rendition is at most this wide: the blur hides the detail a wider one would carry. */
const BLURRED_WIDTH = 960;
const BLUR_SIGMA = 6;

const fileError = (message: string) => fieldError('file', message);

/** What an upload's bytes are, checked before anything decodes them. */
export type CheckedImage = { buffer: Buffer; type: ImageType; width: number; height: number };

/**
 * Judges an upload by its bytes: an SVG is refused by name, anything but PNG, JPEG or WebP (a GIF too) as the
 * wrong type, and a decompression bomb (a small file declaring a huge image) by the size its header
 * declares, read without decoding a pixel.
 */
export async function checkImage(buffer: Buffer): Promise<CheckedImage> {
  if (looksLikeSvg(buffer)) throw fileError(M.file_svg);
  const sniffed = sniffImage(buffer);
  if (!sniffed || !(sniffed in TYPES)) throw fileError(M.file_type);
  const type = sniffed as ImageType;
  const header = await judgeImageHeader(buffer, type, SCREENSHOTS.maxPixels);
  if (header.verdict !== 'ok')
    throw fileError(
      header.verdict === 'unreadable'
        ? M.file_unreadable
        : msg(M.file_too_many_pixels, { max: SCREENSHOTS.maxPixels / 1_000_000 }),
    );
  return { buffer, type, width: header.width, height: header.height };
}

/** What goes to storage: the image (for a blurred contract only its blurred rendition) and a thumbnail. */
export type Renditions = {
  image: Buffer;
  imageType: string;
  imageExt: string;
  thumbnail: Buffer;
  blurred: boolean;
};

// Decoding is bounded a second time, should a header ever under-declare its pixels.
const decode = async (buffer: Buffer) =>
  (await loadSharp())(buffer, { limitInputPixels: SCREENSHOTS.maxPixels });

const thumbnailOf = async (buffer: Buffer) =>
  (await decode(buffer))
    .resize({ width: SCREENSHOTS.thumbnailWidth, withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer();

/**
 * The renditions of a checked image. `full`: the bytes as captured and a WebP thumbnail. `blurred`: a blurred
 * WebP (at most 960 px wide) and a thumbnail made from it, so no rendition of the original is ever stored.
 * A file whose header passed but whose pixels do not decode is refused.
 */
export async function renditionsOf(img: CheckedImage, blur: boolean): Promise<Renditions> {
  try {
    if (!blur) {
      const { ext } = TYPES[img.type];
      return {
        image: img.buffer,
        imageType: img.type,
        imageExt: ext,
        thumbnail: await thumbnailOf(img.buffer),
        blurred: false,
      };
    }
    const image = await (await decode(img.buffer))
      .resize({ width: BLURRED_WIDTH, withoutEnlargement: true })
      .blur(BLUR_SIGMA)
      .webp({ quality: 70 })
      .toBuffer();
    return {
      image,
      imageType: 'image/webp',
      imageExt: 'webp',
      thumbnail: await thumbnailOf(image),
      blurred: true,
    };
  } catch {
    throw fileError(M.file_unreadable);
  }
}

export type StoredKeys = { imageKey: string; thumbnailKey: string };

/** Stores both renditions under `screenshots/<org>/<va>/<random>`; answers their keys. */
export async function storeRenditions(
  deps: Pick<Deps, 'storage'>,
  owner: { organizationId: number; vaId: number },
  r: Renditions,
): Promise<StoredKeys> {
  const base = `screenshots/${owner.organizationId}/${owner.vaId}/${randomBytes(16).toString('hex')}`;
  const keys = { imageKey: `${base}.${r.imageExt}`, thumbnailKey: `${base}-thumb.webp` };
  try {
    await deps.storage.put(keys.imageKey, r.image, { contentType: r.imageType });
    await deps.storage.put(keys.thumbnailKey, r.thumbnail, { contentType: 'image/webp' });
  } catch (err) {
    await removeObjects(deps, [keys.imageKey, keys.thumbnailKey]).catch(() => undefined);
    throw err;
  }
  return keys;
}

/** Removes stored renditions; keys that are null or already gone are ignored. */
export async function removeObjects(deps: Pick<Deps, 'storage'>, keys: Array<string | null>) {
  const present = keys.filter((k): k is string => Boolean(k));
  if (present.length) await deps.storage.delete(present);
}
