import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { auditLog } from '../src/modules/audit/audit.table';
import { retentionSweep } from '../src/modules/screenshots/public';
import { screenshots } from '../src/modules/screenshots/screenshots.table';
import { createStorage } from '../src/platform/storage/create-storage';
import {
  callAs,
  logsOf,
  pingSeries,
  seedTrackerWorld,
  setContractSettings,
  shift,
  type TrackerWorld,
} from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { startS3rver } from './s3rver';
import {
  anaOnShift,
  as,
  bombPng,
  capture,
  detailed,
  detailOf,
  END,
  START,
  storedFiles,
  upload,
} from './screenshots-fixtures';

// Uploads: checked by their bytes, tied to the VA's own shift, under the contract's privacy tier, counted
// once, stored with a thumbnail behind short-lived signed URLs; deletes and retention remove the files.
let h: Harness;
let w: TrackerWorld;
useWorld('each', seedTrackerWorld, (harness, world) => {
  h = harness;
  w = world;
});

const ANA = 'ana@home.test';
const AT = '2026-03-10T01:55:00Z';
const codeOf = (body: { codes?: Record<string, Array<{ code: string }>> }, field: string) =>
  body.codes?.[field]?.map((c) => c.code);
const fetchUrl = (url: string) => h.app.inject({ method: 'GET', url });

describe('an upload', () => {
  it('stores the capture and a thumbnail behind signed URLs that expire, with its block activity', async () => {
    const a = await anaOnShift(h, w);
    const bytes = await detailed();
    const res = await upload(h, ANA, capture(a.id, AT), { bytes });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const shot = res.body.screenshot;
    expect(res.body.duplicate).toBe(false);
    expect(shot).toMatchObject({
      attendance_id: a.id,
      contract_id: w.contracts.c1.id,
      va_id: w.people.ana.id,
      client: { id: w.people.mina.id },
      date: '2026-03-10',
      timezone: 'Asia/Manila',
      taken_at: '2026-03-10T01:55:00.000Z',
      source: 'scheduled',
      tracker: 'desktop',
      status: 'stored',
      width: 640,
      height: 360,
      bytes: bytes.length,
      blurred: false,
      activity_percent: null,
      // The organization's default grace: 10 minutes after the capture.
      deletable_until: '2026-03-10T02:05:00.000Z',
      urls_expire_at: '2026-03-10T02:05:00.000Z',
    });
    const image = await fetchUrl(shot.image_url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(bytes)).toBe(true);
    const thumb = await fetchUrl(shot.thumbnail_url);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([thumb.headers['content-type'], meta.width, meta.height]).toEqual(['image/webp', 320, 180]);
    expect((await logsOf(h, a.id)).map((l) => l.type)).toContain('screenshot_taken');

    // Pings of its 10-minute block that arrive later still count.
    const pings = await callAs(h, ANA, 'va', 'POST', 'attendance/pings', {
      attendance_id: a.id,
      pings: pingSeries('2026-03-10T01:50:00Z', 5),
    });
    expect(pings.status).toBe(200);
    const list = await as(h, ANA, 'GET', 'va-access/screenshots');
    expect(list.body.data[0].activity_percent).toBe(100);

    // Past the URL's lifetime the file route refuses the same link.
    h.clock.advance(h.config.STORAGE_SIGNED_URL_TTL_SECONDS * 1000 + 1000);
    const late = await fetchUrl(shot.image_url);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe('This file link has expired.');
  });

  it('refuses bytes that are not PNG, JPEG or WebP, an SVG by name, a GIF, and pixels that do not decode', async () => {
    const a = await anaOnShift(h, w);
    const before = storedFiles(h).length;
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#abc' } })
      .gif()
      .toBuffer();
    const png = await detailed(64, 64);
    const cases: Array<[Buffer, string, string]> = [
      [Buffer.from('<html><script>alert(1)</script></html>'), 'image/png', 'screenshots.file_type'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
        'image/png',
        'screenshots.file_svg',
      ],
      [gif, 'image/gif', 'screenshots.file_type'],
      [
        Buffer.concat([png.subarray(0, 60), Buffer.alloc(200, 7)]),
        'image/png',
        'screenshots.file_unreadable',
      ],
    ];
    for (const [bytes, type, code] of cases) {
      const res = await upload(h, ANA, capture(a.id, AT), { bytes, type });
      expect(res.status, code).toBe(422);
      expect(codeOf(res.body, 'file')).toEqual([code]);
    }
    expect((await upload(h, ANA, capture(a.id, AT))).body.codes.file).toEqual([
      { code: 'screenshots.file_missing' },
    ]);
    expect(storedFiles(h).length).toBe(before);
    expect(await h.db.select().from(screenshots)).toEqual([]);
  });

  it('refuses a decompression bomb by its declared size, before decoding it, and a file over 10 MB', async () => {
    const a = await anaOnShift(h, w);
    const bomb = await bombPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1000);
    // Refused by the size its header declares (decoding 900 megapixels would take seconds and gigabytes).
    const res = await upload(h, ANA, capture(a.id, AT), { bytes: bomb });
    expect(res.status).toBe(422);
    expect(res.body.codes.file).toEqual([{ code: 'screenshots.file_too_many_pixels', params: { max: 40 } }]);

    const huge = Buffer.concat([await detailed(32, 32), Buffer.alloc(10 * 1024 * 1024)]);
    const big = await upload(h, ANA, capture(a.id, AT), { bytes: huge });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('A screenshot may be at most 10 MB');
  });

  it('belongs to a started shift of the VA, taken inside it', async () => {
    const a = await anaOnShift(h, w);
    const bens = await shift(h, w.contracts.c2, START, END, {
      status: 'ongoing',
      startedAt: new Date(START),
    });
    const elsewhere = await shift(h, w.contracts.c9, START, END, {
      status: 'ongoing',
      startedAt: new Date(START),
    });
    const ahead = await shift(h, w.contracts.c1, '2026-03-11T01:00:00Z', '2026-03-11T09:00:00Z');
    const old = await shift(h, w.contracts.c1, '2026-03-06T01:00:00Z', '2026-03-06T09:00:00Z', {
      status: 'completed',
      startedAt: new Date('2026-03-06T01:00:00Z'),
      endedAt: new Date('2026-03-06T09:00:00Z'),
    });
    const bytes = await detailed(64, 64);
    const cases: Array<[Record<string, string | number>, string, string]> = [
      [capture(bens.id, AT), 'attendance_id', 'screenshots.attendance_not_yours'],
      [capture(elsewhere.id, AT), 'attendance_id', 'screenshots.attendance_not_yours'],
      [capture(ahead.id, AT), 'attendance_id', 'screenshots.attendance_not_started'],
      [capture(old.id, '2026-03-06T02:00:00Z'), 'attendance_id', 'screenshots.attendance_closed'],
      [capture(a.id, '2026-03-10T00:50:00Z'), 'taken_at', 'screenshots.taken_at_outside'],
      [capture(a.id, '2026-03-10T02:05:00Z'), 'taken_at', 'screenshots.taken_at_future'],
      [capture(a.id, 'yesterday'), 'taken_at', 'screenshots.taken_at'],
      [{ ...capture(a.id, AT), id: 'not-a-uuid' }, 'id', 'screenshots.client_id'],
      [{ ...capture(a.id, AT), screen: 99 }, 'screen', 'screenshots.screen'],
    ];
    for (const [fields, field, code] of cases) {
      const res = await upload(h, ANA, fields, { bytes });
      expect(res.status, code).toBe(422);
      expect(codeOf(res.body, field), code).toEqual([code]);
    }
    // A shift that ended less than 48 hours ago still takes its tracker's late uploads.
    const recent = await shift(h, w.contracts.c1, '2026-03-09T01:00:00Z', '2026-03-09T09:00:00Z', {
      status: 'completed',
      startedAt: new Date('2026-03-09T01:00:00Z'),
      endedAt: new Date('2026-03-09T09:00:00Z'),
    });
    expect((await upload(h, ANA, capture(recent.id, '2026-03-09T08:30:00Z'), { bytes })).status).toBe(201);
  });

  it("follows the contract's tier: none for off and activity only, only a blurred rendition for blurred", async () => {
    const a = await anaOnShift(h, w);
    const bytes = await detailed();
    for (const [tier, code] of [
      ['off', 'screenshots.tier_off'],
      ['activity_only', 'screenshots.tier_no_images'],
    ] as const) {
      await setContractSettings(h, w.contracts.c1.id, { screenshotPrivacy: tier });
      const res = await upload(h, ANA, capture(a.id, AT), { bytes });
      expect(res.status).toBe(422);
      expect(codeOf(res.body, 'file')).toEqual([code]);
    }
    await setContractSettings(h, w.contracts.c1.id, { screenshotPrivacy: 'blurred' });
    const before = storedFiles(h);
    const res = await upload(h, ANA, capture(a.id, AT), { bytes });
    expect(res.status).toBe(201);
    expect(res.body.screenshot).toMatchObject({ blurred: true, width: 640, height: 360 });
    const [row] = await h.db.select().from(screenshots);
    const stored = await fetchUrl(res.body.screenshot.image_url);
    expect(stored.headers['content-type']).toBe('image/webp');
    // The original's detail is gone from what is stored, and from its thumbnail.
    const original = await detailOf(await sharp(bytes).webp({ quality: 70 }).toBuffer());
    expect(await detailOf(stored.rawPayload)).toBeLessThan(original / 5);
    expect(await detailOf((await fetchUrl(res.body.screenshot.thumbnail_url)).rawPayload)).toBeLessThan(
      original / 5,
    );
    // Only the two renditions were written: no copy of the original.
    const added = storedFiles(h).filter((f) => !before.includes(f));
    expect(added.sort()).toEqual([row.imageKey, row.thumbnailKey].map((k) => k?.slice(12)).sort());
  });

  it('counts a retried capture once, also when two identical uploads race, and keeps no orphan file', async () => {
    const a = await anaOnShift(h, w);
    const bytes = await detailed(320, 180);
    const fields = capture(a.id, AT);
    const first = await upload(h, ANA, fields, { bytes });
    const again = await upload(h, ANA, fields, { bytes });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toMatchObject({ duplicate: true, screenshot: { id: first.body.screenshot.id } });

    const before = storedFiles(h).length;
    const racing = capture(a.id, '2026-03-10T01:56:00Z');
    const both = await Promise.all([upload(h, ANA, racing, { bytes }), upload(h, ANA, racing, { bytes })]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both.map((r) => r.body.duplicate).sort()).toEqual([false, true]);
    expect(both[0].body.screenshot.id).toBe(both[1].body.screenshot.id);
    expect(await h.db.select().from(screenshots)).toHaveLength(2);
    expect(storedFiles(h).length).toBe(before + 2);
  });
});

describe('deletes and retention', () => {
  it('lets the VA delete their own within the grace, the admin any, and removes the files', async () => {
    const a = await anaOnShift(h, w);
    const bytes = await detailed(64, 64);
    const one = (await upload(h, ANA, capture(a.id, AT), { bytes })).body.screenshot;
    const two = (await upload(h, ANA, capture(a.id, '2026-03-10T01:58:00Z'), { bytes })).body.screenshot;
    const before = storedFiles(h).length;

    expect((await as(h, 'ben@home.test', 'DELETE', `va-access/screenshots/${one.id}`)).status).toBe(404);
    h.clock.set('2026-03-10T02:06:00Z');
    const late = await as(h, ANA, 'DELETE', `va-access/screenshots/${one.id}`);
    expect(late.status).toBe(422);
    expect(late.body.message).toBe('You can delete a screenshot only within 10 minutes of its capture');
    expect((await as(h, ANA, 'DELETE', `va-access/screenshots/${two.id}`)).status).toBe(200);
    expect(storedFiles(h).length).toBe(before - 2);

    const admin = 'admin@home.test';
    const none = await as(h, admin, 'DELETE', 'admin-access/screenshots');
    expect([none.status, none.body.message]).toEqual([422, 'No Screenshot ID was provided']);
    // A trailing slash (an empty id) is the same call, not a "too short" id.
    const empty = await as(h, admin, 'DELETE', 'admin-access/screenshots/');
    expect([empty.status, empty.body.message]).toEqual([422, 'No Screenshot ID was provided']);
    expect(empty.body.codes).toEqual({ id: [{ code: 'screenshots.no_id' }] });
    expect((await as(h, 'admin@else.test', 'DELETE', `admin-access/screenshots/${one.id}`)).status).toBe(404);
    expect((await as(h, 'manager@home.test', 'DELETE', `admin-access/screenshots/${one.id}`)).status).toBe(
      403,
    );
    expect((await as(h, admin, 'DELETE', `admin-access/screenshots/${one.id}`)).status).toBe(200);
    expect(storedFiles(h).length).toBe(before - 4);
    expect(await h.db.select().from(screenshots)).toEqual([]);
    const audits = await h.db.select().from(auditLog).where(eq(auditLog.action, 'screenshot.deleted'));
    expect(audits.map((e) => [e.entityId, e.actorId])).toEqual([
      [two.id, w.people.ana.id],
      [one.id, w.people.admin.id],
    ]);

    // An organization that gives no grace: the VA cannot delete at all.
    const three = (await upload(h, ANA, capture(a.id, '2026-03-10T02:05:00Z'), { bytes })).body.screenshot;
    const patch = await h.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin-access/settings',
      headers: await h.bearer(admin),
      payload: { screenshot_policy: { va_delete_grace_minutes: 0 } },
    });
    expect(patch.json().screenshot_policy).toEqual({ retention_days: 180, va_delete_grace_minutes: 0 });
    const refused = await as(h, ANA, 'DELETE', `va-access/screenshots/${three.id}`);
    expect(refused.body.message).toBe('Your organization does not let you delete your screenshots');
  });

  it("removes images past the organization's retention, keeping the rows and counts", async () => {
    const a = await anaOnShift(h, w);
    const bytes = await detailed(64, 64);
    await upload(h, ANA, capture(a.id, AT), { bytes });
    const before = storedFiles(h).length;
    const patch = await h.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin-access/settings',
      headers: await h.bearer('admin@home.test'),
      payload: { screenshot_policy: { retention_days: 30 } },
    });
    expect(patch.statusCode).toBe(200);
    h.clock.set('2026-04-08T02:00:00Z');
    expect(await retentionSweep(h.deps)).toBe(0);
    h.clock.set('2026-04-09T02:00:00Z');
    expect(await retentionSweep(h.deps)).toBe(1);
    expect(storedFiles(h).length).toBe(before - 2);
    const list = await as(h, 'admin@home.test', 'GET', 'admin-access/screenshots');
    expect(list.body.data[0]).toMatchObject({ status: 'expired', image_url: null, thumbnail_url: null });
    const count = await as(h, 'admin@home.test', 'GET', 'admin-access/screenshot-count');
    expect(count.body).toEqual({ total: 1, by_day: [{ date: '2026-03-10', count: 1 }] });
  });

  it('uploads, serves and deletes through an S3-compatible store', async () => {
    const s3 = await startS3rver();
    const local = h.deps.storage;
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: h.config.dataDir, ...s3.env });
    const store = createStorage(config, { secret: h.deps.secret, clock: h.clock, log: { error: () => {} } });
    h.deps.storage = store;
    try {
      const a = await anaOnShift(h, w);
      const bytes = await detailed(64, 64);
      const res = await upload(h, ANA, capture(a.id, AT), { bytes });
      expect(res.status).toBe(201);
      const url: string = res.body.screenshot.image_url;
      expect(url.startsWith(s3.endpoint)).toBe(true);
      const fetched = await fetch(url);
      expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
      const [row] = await h.db.select().from(screenshots);
      const del = await as(h, 'admin@home.test', 'DELETE', `admin-access/screenshots/${row.id}`);
      expect(del.status).toBe(200);
      expect(await store.get(row.imageKey as string)).toBeNull();
      expect(await store.get(row.thumbnailKey as string)).toBeNull();
    } finally {
      h.deps.storage = local;
      await store.close();
      await s3.close();
    }
  });
});
