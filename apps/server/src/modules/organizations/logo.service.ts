import { randomBytes } from 'node:crypto';
import { msg } from '@vahub/shared/api/messages';
import {
  LOGO_MAX_BYTES,
  LOGO_MIME_TYPES,
  ORGANIZATION_MESSAGES as M,
} from '@vahub/shared/organization/settings';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../lib/errors';
import { loadSharp } from '../../lib/lazy-modules';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import { looksLikeSvg, sniffImage } from '../../platform/storage/sniff';
import type { ObjectStorage } from '../../platform/storage/types';
import type { Tx } from '../../platform/transaction';
import { organizations } from './organizations.table';

/**
 * The organization's logo (issue 30): drawn on the invoice PDF and in the app's header. Judged by its bytes as
 * avatars are (PNG or JPEG magic numbers; an SVG refused by name), then stored as a PNG of at most 600×200
 * (fitted inside, never enlarged) under a random name, served publicly like avatars.
 */
export const LOGO_PREFIX = 'logos/';
export const LOGO_NAME = /^[0-9a-f]{32}\.png$/;
export const logoUrl = (key: string | null) => (key ? `/api/v1/files/${key}` : null);

export const logoTooLarge = () =>
  fieldError('logo', msg(M.logo_too_large, { max: LOGO_MAX_BYTES / 1024 / 1024 }));

export async function saveLogo(deps: Deps, viewer: Viewer, file: { buffer: Buffer }) {
  if (file.buffer.length > LOGO_MAX_BYTES) throw logoTooLarge();
  const type = sniffImage(file.buffer);
  if (looksLikeSvg(file.buffer) || !type || !(LOGO_MIME_TYPES as readonly string[]).includes(type))
    throw fieldError('logo', M.logo_type);
  const sharp = await loadSharp();
  let image: Buffer;
  try {
    image = await sharp(file.buffer, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(600, 200, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw fieldError('logo', M.logo_unreadable);
  }
  const key = `${LOGO_PREFIX}${randomBytes(16).toString('hex')}.png`;
  await deps.storage.put(key, image, { contentType: 'image/png' });
  let previous: string | null;
  try {
    previous = await setLogoKey(deps, viewer, key);
  } catch (err) {
    await deps.storage.delete(key).catch(() => undefined);
    throw err;
  }
  await dropOld(deps, previous);
  return { logo_url: logoUrl(key) };
}

export async function removeLogo(deps: Deps, viewer: Viewer) {
  await dropOld(deps, await setLogoKey(deps, viewer, null));
  return { logo_url: null };
}

/** Points the organization at the new key (row locked: two uploads at once orphan nothing); answers the old. */
async function setLogoKey(deps: Deps, viewer: Viewer, key: string | null) {
  return deps.transaction(async ({ tx }) => {
    const [before] = await tx
      .select({ key: organizations.logoKey })
      .from(organizations)
      .where(eq(organizations.id, viewer.organizationId))
      .for('update');
    await tx
      .update(organizations)
      .set({ logoKey: key, updatedAt: deps.clock.now() })
      .where(eq(organizations.id, viewer.organizationId));
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: key ? 'logo.uploaded' : 'logo.removed',
      entityType: 'organization',
      entityId: viewer.organizationId,
      before: { logo: before?.key ?? null },
      after: { logo: key },
    });
    return before?.key ?? null;
  });
}

async function dropOld(deps: Deps, previous: string | null) {
  if (!previous?.startsWith(LOGO_PREFIX)) return;
  await deps.storage.delete(previous).catch((err: unknown) => {
    deps.log.warn({ err, key: previous }, 'could not delete the previous logo');
  });
}

/** The logo's bytes (the invoice PDF draws them), or null when the organization has none or it is gone. */
export async function organizationLogo(db: Db | Tx, storage: ObjectStorage, organizationId: number) {
  const [row] = await db
    .select({ key: organizations.logoKey })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row?.key) return null;
  const file = await storage.get(row.key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export const logoNotFound = () => new AppError('not_found', M.logo_not_found);
