// Screenshot uploads for `npm run bench`: a tracker's 1920x1080 capture (PNG, with the detail of a real
// desktop) through `POST va-access/screenshots`: bytes checked, header read, thumbnail made (and, for a
// blurred contract, the blurred rendition), stored on the local driver, the row written. Each round is a new
// capture id (a retry would answer the stored row). Printed as a ratio of the run's baseline, with the
// process's peak memory while it ran.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../src/db/client';
import { attendances, contractSettings } from '../src/db/schema';
import type { App } from '../src/lib/types';
import { desktopSvg } from '../src/seed/demo-desktop';

const ROUNDS = Number(process.env.BENCH_SCREENSHOT_ROUNDS ?? 30);

/** A 1920x1080 desktop as a tracker sends it (the demo's synthetic desktop, scaled up: text, windows, bars). */
const capture = () =>
  sharp(Buffer.from(desktopSvg(1, 2)))
    .resize(1920, 1080)
    .png()
    .toBuffer();

function multipart(fields: Record<string, string | number>, file: Buffer) {
  const boundary = `----bench${randomUUID()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(parts.join('') + head),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * Samples the resident set every 10 ms while `work` runs; answers its peak and how far above the start it
 * went (MB: the whole process, PGlite included), and the work's result.
 */
async function peakRss<T>(work: () => Promise<T>) {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakMb: peak / 1024 / 1024, growthMb: (peak - start) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

export async function benchScreenshots(
  app: App,
  db: Db,
  vaToken: string,
  attendanceId: number,
  baselineMs: number,
) {
  const png = await capture();
  const [a] = await db.select().from(attendances).where(eq(attendances.id, attendanceId));
  const at = new Date(Math.max((a.startedAt as Date).getTime() + 60_000, Date.now() - 60_000)).toISOString();
  const upload = async () => {
    const body = multipart(
      { id: randomUUID(), attendance_id: attendanceId, taken_at: at, screen: 0, source: 'desktop' },
      png,
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/va-access/screenshots',
      headers: { authorization: `Bearer ${vaToken}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    if (res.statusCode !== 201)
      throw new Error(`screenshot upload: ${res.statusCode} ${res.body.slice(0, 200)}`);
  };
  const rows: Array<{ name: string; perOp: number; peakMb: number; growthMb: number }> = [];
  for (const tier of ['full', 'blurred'] as const) {
    await db
      .update(contractSettings)
      .set({ screenshotPrivacy: tier, blurScreenshots: tier === 'blurred' })
      .where(eq(contractSettings.contractId, a.contractId));
    for (let i = 0; i < 3; i++) await upload();
    const {
      result: perOp,
      peakMb,
      growthMb,
    } = await peakRss(async () => {
      const start = process.hrtime.bigint();
      for (let i = 0; i < ROUNDS; i++) await upload();
      return Number(process.hrtime.bigint() - start) / 1e6 / ROUNDS;
    });
    rows.push({ name: `POST va-access/screenshots (1920x1080 PNG, ${tier})`, perOp, peakMb, growthMb });
  }
  console.log(
    `\nScreenshot uploads: a ${Math.round(png.length / 1024)} kB 1920x1080 PNG, ${ROUNDS} rounds per case\n`,
  );
  console.log(
    `${'case'.padEnd(58)} ${'ms/op'.padStart(8)} ${'x baseline'.padStart(11)}  peak RSS (above the start)`,
  );
  for (const r of rows)
    console.log(
      `${r.name.padEnd(58)} ${r.perOp.toFixed(3).padStart(8)} ${(r.perOp / baselineMs).toFixed(2).padStart(11)}  ${r.peakMb.toFixed(0)} MB (+${r.growthMb.toFixed(0)} MB)`,
    );
}
