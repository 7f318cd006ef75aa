import { randomBytes, randomUUID } from 'node:crypto';
import { reconcilePrivacy } from '@vahub/shared/contracts/settings';
import { privacyAllowsImages, type ScreenshotPrivacy } from '@vahub/shared/screenshots/privacy';
import { instantToZoned } from '@vahub/shared/time/zoned';
import { and, asc, eq, gte, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { attendances, contractSettings, contracts, screenshots, users } from '../db/schema';
import { loadSharp } from '../lib/lazy-modules';
import type { ObjectStorage } from '../platform/storage/types';
import { DESKTOP, renderDesktop } from './demo-desktop';

/** At most this many screenshot rows: the demo starts in a couple of seconds, browser tests too. */
const MAX_ROWS = 380;
/** Captures cover each VA's latest worked days: this many, found within this many days back. */
const RECENT_WORKED_DAYS = 2;
const RECENT_DAYS_BACK = 7;
const MINUTE = 60_000;
const PUTS_AT_ONCE = 16;

type Rendered = { image: Buffer; thumbnail: Buffer; type: string; ext: string; blurred: boolean };

/**
 * Makes one demo contract `blurred` and another `activity_only` (neither the demo VA's), so every tier shows.
 * The tier and the spec's two booleans stay in step, as the settings API keeps them.
 */
async function demoTiers(db: Db, demoVaId: number | null) {
  const active = await db
    .select({ id: contracts.id, vaId: contracts.vaId })
    .from(contracts)
    .where(and(eq(contracts.organizationId, 1), eq(contracts.status, 'active')))
    .orderBy(asc(contracts.id));
  const others = active.filter((c) => c.vaId !== demoVaId);
  const picks: Array<[number | undefined, ScreenshotPrivacy]> = [
    [others[1]?.id, 'blurred'],
    [others[2]?.id, 'activity_only'],
  ];
  for (const [id, tier] of picks) {
    if (!id) continue;
    const s = reconcilePrivacy(
      { screenshot_privacy: 'full' as ScreenshotPrivacy, screenshots_enabled: true, blur_screenshots: false },
      { screenshot_privacy: tier },
    );
    await db
      .update(contractSettings)
      .set({
        screenshotPrivacy: s.screenshot_privacy,
        screenshotsEnabled: s.screenshots_enabled,
        blurScreenshots: s.blur_screenshots,
      })
      .where(eq(contractSettings.contractId, id));
  }
}

/**
 * Screenshots for the demo: the demo VAs' shifts of their two latest worked days and those still running,
 * spread over each shift (one capture per slot, at a random moment in it), under each contract's tier (none
 * for `off` and `activity_only`, only a blurred rendition for `blurred`). The demo VA has two screens. About
 * a dozen desktops are rendered once (a look per VA, a variant per hour) and their bytes reused under new keys.
 */
export async function seedDemoScreenshots(
  db: Db,
  storage: ObjectStorage,
  log: { info(msg: string): void },
  now = new Date(),
) {
  const [already] = await db.select({ id: screenshots.id }).from(screenshots).limit(1);
  if (already) return;
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.organizationId, 1), sql`${users.roles} && array['va', 'admin']::text[]`))
    .orderBy(asc(users.id));
  const demoVa = people.find((p) => p.email === 'va@example.com')?.id ?? null;
  const admin = people.find((p) => p.email === 'admin@example.com')?.id ?? null;
  await demoTiers(db, demoVa);

  const shifts = await db
    .select({
      a: attendances,
      privacy: contractSettings.screenshotPrivacy,
    })
    .from(attendances)
    .innerJoin(contractSettings, eq(contractSettings.contractId, attendances.contractId))
    .where(
      and(
        eq(attendances.organizationId, 1),
        or(
          eq(attendances.status, 'ongoing'),
          and(
            eq(attendances.status, 'completed'),
            lte(attendances.endedAt, now),
            gte(attendances.endedAt, new Date(now.getTime() - RECENT_DAYS_BACK * 24 * 3600_000)),
          ),
        ),
      ),
    )
    .orderBy(asc(attendances.id));
  // Each VA's latest worked days, not the last 48 hours: on a Monday morning those would be the weekend, and the
  // demo would open on a gallery without the demo VA's captures.
  const workedDays = new Map<number, Set<string>>();
  for (const { a } of [...shifts].sort((x, y) => y.a.date.localeCompare(x.a.date))) {
    if (a.status !== 'completed') continue;
    const days = workedDays.get(a.vaId) ?? new Set<string>();
    if (days.size < RECENT_WORKED_DAYS) days.add(a.date);
    workedDays.set(a.vaId, days);
  }
  const recent = shifts.filter((s) => s.a.status !== 'completed' || workedDays.get(s.a.vaId)?.has(s.a.date));
  const withImages = recent.filter((s) => privacyAllowsImages(s.privacy) && s.a.startedAt);
  const spanOf = (a: (typeof shifts)[number]['a']) =>
    Math.max(0, ((a.endedAt ?? now).getTime() - (a.startedAt as Date).getTime()) / MINUTE);
  const screensOf = (vaId: number) => (vaId === demoVa ? 2 : 1);
  // One capture per slot of each shift; slots are long enough that the rows stay under the cap.
  const rowsWith = (slot: number) =>
    withImages.reduce((sum, s) => sum + Math.ceil(spanOf(s.a) / slot) * screensOf(s.a.vaId), 0);
  let slot = 10;
  while (rowsWith(slot) > MAX_ROWS) slot += 5;

  const looks = new Map<number, number>();
  const lookOf = (vaId: number) => {
    if (!looks.has(vaId)) looks.set(vaId, looks.size % 4);
    return looks.get(vaId) as number;
  };
  const cache = new Map<string, Promise<Rendered>>();
  const rendered = (look: number, variant: number, blur: boolean) => {
    const key = `${look}:${variant}:${blur}`;
    if (!cache.has(key))
      cache.set(
        key,
        (async () => {
          const plain = await renderDesktop(look, variant);
          if (!blur) return { ...plain, type: 'image/jpeg', ext: 'jpg', blurred: false };
          const sharp = await loadSharp();
          const image = await sharp(plain.image).blur(5).webp({ quality: 70 }).toBuffer();
          const thumbnail = await sharp(image).resize({ width: 320 }).webp({ quality: 70 }).toBuffer();
          return { image, thumbnail, type: 'image/webp', ext: 'webp', blurred: true };
        })(),
      );
    return cache.get(key) as Promise<Rendered>;
  };

  const rows: Array<typeof screenshots.$inferInsert> = [];
  const puts: Array<() => Promise<void>> = [];
  let n = 0;
  for (const { a, privacy } of withImages) {
    const started = (a.startedAt as Date).getTime();
    const end = (a.endedAt ?? now).getTime();
    for (let from = started; from + MINUTE < end; from += slot * MINUTE) {
      const at = new Date(Math.min(end - MINUTE, from + Math.floor(Math.random() * slot) * MINUTE + 17_000));
      const variant = Math.floor(instantToZoned(at, a.timezone).minute / 60) % 3;
      const onDemand = n++ % 12 === 5 && admin !== null;
      for (let screen = 0; screen < screensOf(a.vaId); screen++) {
        const image = await rendered((lookOf(a.vaId) + screen) % 4, variant, privacy === 'blurred');
        const base = `screenshots/1/${a.vaId}/${randomBytes(16).toString('hex')}`;
        const imageKey = `${base}.${image.ext}`;
        const thumbnailKey = `${base}-thumb.webp`;
        puts.push(async () => {
          await storage.put(imageKey, image.image, { contentType: image.type });
          await storage.put(thumbnailKey, image.thumbnail, { contentType: 'image/webp' });
        });
        rows.push({
          organizationId: 1,
          attendanceId: a.id,
          contractId: a.contractId,
          vaId: a.vaId,
          clientId: a.clientId,
          clientUuid: randomUUID(),
          takenAt: at,
          source: onDemand ? 'on_demand' : 'scheduled',
          tracker: a.source ?? 'desktop',
          requestedBy: onDemand ? admin : null,
          screen,
          width: DESKTOP.width,
          height: DESKTOP.height,
          bytes: image.image.length,
          blurred: image.blurred,
          imageKey,
          thumbnailKey,
          createdAt: at,
        });
      }
    }
  }
  for (let i = 0; i < puts.length; i += PUTS_AT_ONCE)
    await Promise.all(puts.slice(i, i + PUTS_AT_ONCE).map((p) => p()));
  for (let i = 0; i < rows.length; i += 500) await db.insert(screenshots).values(rows.slice(i, i + 500));
  const ids = [...new Set(rows.map((r) => r.attendanceId))];
  log.info(
    `Seeded ${rows.length} demo screenshots over ${ids.length} shifts (${cache.size} rendered desktops)`,
  );
  return { rows: rows.length, shifts: ids.length };
}
