import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.table';
import { localStorageRoot } from '../src/platform/storage/create-storage';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  ADMIN,
  ANA,
  ask,
  BEN,
  call,
  codesOf,
  decide,
  LEADER,
  MANAGER,
  NEXT_MON,
  pdfBytes,
  pngBytes,
  type RequestWorld,
  requestRow,
  seedRequestWorld,
  vacation,
} from './requests-fixtures';
import { bombPng } from './screenshots-fixtures';

// Attachments: judged by their bytes, at most 10 MB, kept in storage, shown through signed URLs only to the VA
// and those who may decide, removed with the request.
let h: Harness;
let w: RequestWorld;
useWorld('each', seedRequestWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

// The database is reset for each test, the store's folder is not: each test starts without files.
beforeEach(() => rmSync(join(localStorageRoot(h.config), 'requests'), { recursive: true, force: true }));

const jpegBytes = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer();

const sick = () => ({ type: 'sick_leave', contract_id: w.contracts.c1.id, target_start_date: NEXT_MON });

/** The files the local store holds under `requests/` (its hidden metadata files aside). */
function storedFiles(): string[] {
  const root = join(localStorageRoot(h.config), 'requests');
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((d) => d.isFile() && !d.name.startsWith('.'))
    .map((d) => join(d.parentPath, d.name).slice(root.length + 1));
}

describe('an attachment', () => {
  it('is stored and shown through a signed URL to the VA and to those who decide, under its own name', async () => {
    const png = await pngBytes();
    const res = await ask(h, ANA, sick(), { bytes: png, name: 'scan.png', type: 'image/png' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.file).toMatchObject({ name: 'scan.png', content_type: 'image/png', size: png.length });
    expect(storedFiles()).toEqual([`1/${(await requestRow(h, res.body.id)).fileKey?.split('/')[2]}`]);

    for (const [email, path] of [
      [ANA, 'va-access'],
      [ADMIN, 'admin-access'],
      [MANAGER, 'manager-access'],
    ] as const) {
      const detail = await call(h, email, 'GET', `${path}/user-requests/${res.body.id}`);
      expect(detail.status).toBe(200);
      const file = await h.app.inject({ method: 'GET', url: detail.body.file.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-disposition']).toContain('scan.png');
      expect(file.rawPayload.equals(png)).toBe(true);
    }
    // Nobody else learns of it.
    expect((await call(h, BEN, 'GET', `va-access/user-requests/${res.body.id}`)).status).toBe(404);
    expect((await call(h, LEADER, 'GET', `manager-access/user-requests/${res.body.id}`)).status).toBe(404);
  });

  it('is judged by its bytes: text named .pdf, an SVG, a GIF are refused and nothing is stored', async () => {
    const attacks = [
      { bytes: Buffer.from('just some text, honestly a PDF'), name: 'note.pdf', type: 'application/pdf' },
      {
        bytes: Buffer.from(
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
        name: 'scan.png',
        type: 'image/png',
      },
      {
        bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
        name: 'scan.gif',
        type: 'image/gif',
      },
      { bytes: Buffer.from('<html><body>hi</body></html>'), name: 'scan.pdf', type: 'application/pdf' },
    ];
    for (const file of attacks) {
      const res = await ask(h, ANA, sick(), file);
      expect(res.status, file.name).toBe(422);
      expect(codesOf(res.body, 'file')).toEqual(['requests.file_type']);
    }
    expect(storedFiles()).toEqual([]);
  });

  it('is judged as screenshots are: a decompression bomb is refused by its declared size, nothing stored', async () => {
    const bomb = await bombPng(100_000, 100_000);
    expect(bomb.length).toBeLessThan(1000);
    const res = await ask(h, ANA, sick(), { bytes: bomb, name: 'scan.png', type: 'image/png' });
    expect(res.status).toBe(422);
    expect(res.body.codes.file).toEqual([{ code: 'requests.file_too_many_pixels', params: { max: 40 } }]);
    expect(res.body.errors.file).toEqual(['This image is too large: at most 40 megapixels']);
    // A PNG whose header is broken is unreadable, not stored either.
    const broken = Buffer.concat([(await pngBytes()).subarray(0, 20), Buffer.alloc(40)]);
    const bad = await ask(h, ANA, sick(), { bytes: broken, name: 'scan.png', type: 'image/png' });
    expect(codesOf(bad.body, 'file')).toEqual(['requests.file_unreadable']);
    expect(storedFiles()).toEqual([]);
  });

  it('downloads under a name whose extension is its type: a PDF named evil.html is evil.pdf', async () => {
    const res = await ask(h, ANA, sick(), { bytes: pdfBytes(), name: 'evil.html', type: 'text/html' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.file).toMatchObject({ name: 'evil.pdf', content_type: 'application/pdf' });
    const file = await h.app.inject({ method: 'GET', url: res.body.file.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="evil.pdf"; filename*=UTF-8''evil.pdf`,
    );
    // A JPEG may keep .jpeg; a name without an extension gets one.
    const jpeg = await ask(h, ANA, vacation(w.contracts.c1.id, '2026-04-06', '2026-04-07'), {
      bytes: await jpegBytes(),
      name: 'photo.JPEG',
      type: 'image/jpeg',
    });
    const bare = await ask(
      h,
      ANA,
      { ...sick(), target_start_date: '2026-03-30' },
      { bytes: pdfBytes(), name: 'report', type: 'application/pdf' },
    );
    expect(jpeg.status, JSON.stringify(jpeg.body)).toBe(201);
    expect(jpeg.body.file?.name).toBe('photo.JPEG');
    expect(bare.body.file?.name).toBe('report.pdf');
  });

  it('is at most 10 MB (413 on the file), and required for sick leave, overtime and make-up shifts', async () => {
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await ask(h, ANA, sick(), { bytes: big });
    expect(res.status).toBe(413);
    expect(res.body.codes?.file).toEqual([{ code: 'requests.file_too_large', params: { max: 10 } }]);
    const none = await ask(h, ANA, sick());
    expect(codesOf(none.body, 'file')).toEqual(['requests.file_required']);
    // An empty file input is no file.
    const empty = await ask(h, ANA, sick(), { bytes: Buffer.alloc(0) });
    expect(codesOf(empty.body, 'file')).toEqual(['requests.file_required']);
    expect(storedFiles()).toEqual([]);
    // A vacation needs none, but may carry one.
    expect((await ask(h, ANA, vacation(w.contracts.c1.id))).status).toBe(201);
  });

  it('keeps only the first file, and a name without its path', async () => {
    const boundary = `----vahub${randomUUID()}`;
    const part = (name: string, filename: string, bytes: Buffer) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ];
    const field = (name: string, value: string | number) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    const payload = Buffer.concat([
      field('type', 'sick_leave'),
      field('contract_id', w.contracts.c1.id),
      field('target_start_date', NEXT_MON),
      ...part('file', '../../etc/first.pdf', pdfBytes()),
      ...part('file', 'second.pdf', Buffer.from('not a pdf')),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/va-access/user-requests',
      headers: { ...(await h.bearer(ANA)), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().file).toMatchObject({ name: 'first.pdf', content_type: 'application/pdf' });
    expect(storedFiles()).toHaveLength(1);
  });

  it('is not kept when the request is refused by its rules', async () => {
    expect((await ask(h, ANA, vacation(w.contracts.c1.id))).status).toBe(201);
    const clash = await ask(h, ANA, sick(), { bytes: pdfBytes() });
    expect(codesOf(clash.body, 'target_start_date')).toEqual(['requests.overlaps']);
    expect(storedFiles()).toEqual([]);
  });

  it('goes with the request an admin deletes (audited); a VA or a manager cannot delete one', async () => {
    const res = await ask(h, ANA, sick(), { bytes: pdfBytes() });
    expect(storedFiles()).toHaveLength(1);
    expect((await call(h, ANA, 'DELETE', `admin-access/user-requests/${res.body.id}`)).status).toBe(403);
    expect((await call(h, MANAGER, 'DELETE', `admin-access/user-requests/${res.body.id}`)).status).toBe(403);
    expect(
      (await call(h, 'admin@else.test', 'DELETE', `admin-access/user-requests/${res.body.id}`)).status,
    ).toBe(404);
    const gone = await call(h, ADMIN, 'DELETE', `admin-access/user-requests/${res.body.id}`);
    expect(gone).toEqual({ status: 200, body: { message: 'Request deleted' } });
    expect(await requestRow(h, res.body.id)).toBeUndefined();
    expect(storedFiles()).toEqual([]);
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'request'), eq(auditLog.action, 'request.deleted')));
    expect(entry).toMatchObject({ entityId: res.body.id, actorId: w.people.admin.id });
    expect((await call(h, ANA, 'GET', `va-access/user-requests/${res.body.id}`)).status).toBe(404);
    // A decided request can be deleted too.
    const next = await ask(h, ANA, sick(), { bytes: pdfBytes() });
    expect((await decide(h, ADMIN, 'admin', next.body.id, { status: 'rejected', note: 'No' })).status).toBe(
      200,
    );
    expect((await call(h, ADMIN, 'DELETE', `admin-access/user-requests/${next.body.id}`)).status).toBe(200);
  });
});
