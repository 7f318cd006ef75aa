import type { Metadata } from 'sharp';
import { loadSharp } from '../../lib/lazy-modules';
import type { SniffedImage } from './sniff';

/** The format sharp reports for each image type an upload may be. */
const FORMATS: Record<SniffedImage, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * Reads an image's header (never a pixel: no limit is needed to read a decompression bomb's declared size) and
 * judges it: `unreadable` when it is not the sniffed type or declares no size, `too_many_pixels` past
 * `maxPixels`. Screenshots and request attachments are judged by it.
 */
export async function judgeImageHeader(
  bytes: Buffer,
  type: SniffedImage,
  maxPixels: number,
): Promise<{ verdict: 'ok'; width: number; height: number } | { verdict: 'unreadable' | 'too_many_pixels' }> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { verdict: 'unreadable' };
  }
  if (meta.format !== FORMATS[type] || !meta.width || !meta.height) return { verdict: 'unreadable' };
  if (meta.width * meta.height > maxPixels) return { verdict: 'too_many_pixels' };
  return { verdict: 'ok', width: meta.width, height: meta.height };
}
