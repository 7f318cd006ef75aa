// Timesheet exports for `npm run bench`: 250,000 completed shifts (and so timesheets, made by the database's
// trigger) seeded with generate_series, then XLSX and CSV exports through the real route over HTTP, the body
// read to its end as a browser would. Prints rows/s, the ratio of one row's cost to the run's baseline, and the
// process's peak memory (PGlite included) for 50,000 and 250,000 rows: a flat peak means the export streams.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import type { App } from '../src/lib/types';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 250_000);
const CONTRACTS = 2500;
const DAYS_PER_INSERT = 10;

/** Samples the resident set every 10 ms while `work` runs. */
async function peakRss<T>(work: () => Promise<T>) {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const result = await work();
    return { result, peakMb: peak / 1024 / 1024, growthMb: (peak - start) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

/** `ROWS` completed shifts over the first `CONTRACTS` contracts, one a day each from 2025-01-01. */
async function seed(db: Db): Promise<{ days: number; seconds: number }> {
  const started = performance.now();
  const days = Math.ceil(ROWS / CONTRACTS);
  for (let from = 0; from < days; from += DAYS_PER_INSERT) {
    const to = Math.min(days, from + DAYS_PER_INSERT) - 1;
    // Worked 7–8 h, active a share of it, a few over the 8 h schedule (capped unless overtime is allowed).
    await db.execute(sql`
      insert into attendances (organization_id, contract_id, va_id, client_id, date, timezone, scheduled_start_at,
        scheduled_end_at, status, started_at, ended_at, worked_seconds, active_seconds, idle_seconds, source)
      select 1, c.id, c.va_id, c.client_id, d::date, c.timezone, d + interval '1 hour', d + interval '9 hours',
        'completed', d + interval '1 hour', d + interval '9 hours', w, (w * 0.8)::int, w - (w * 0.8)::int, 'desktop'
      from (select id, va_id, client_id, timezone from contracts where organization_id = 1 order by id limit ${CONTRACTS}) c
      cross join generate_series(date '2025-01-01' + ${from}::int, date '2025-01-01' + ${to}::int, interval '1 day') d
      cross join lateral (select 25200 + ((c.id * 37 + extract(doy from d)::int * 11) % 4200) as w) f`);
  }
  return { days, seconds: (performance.now() - started) / 1000 };
}

export async function benchExports(app: App, db: Db, adminToken: string, baselineMs: number) {
  const { days, seconds } = await seed(db);
  const [{ count }] = (
    (await db.execute(
      sql`select count(*)::int as count from timesheets where organization_id = 1`,
    )) as unknown as {
      rows: Array<{ count: number }>;
    }
  ).rows;
  // A server of its own around the app's router: the app's own may have been listened on and closed already.
  const server = createServer((req, res) => app.routing(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fifth = Math.round(days / 5) - 1;
  const periods = [
    { label: `${Math.round((count * (fifth + 1)) / days).toLocaleString('en')} rows`, end: fifth },
    { label: `${count.toLocaleString('en')} rows`, end: days - 1 },
  ];
  const rows: Array<{
    name: string;
    rows: number;
    rowsPerS: number;
    mb: number;
    peakMb: number;
    growthMb: number;
  }> = [];
  for (const format of ['xlsx', 'csv'] as const)
    for (const period of periods) {
      const end = new Date(Date.UTC(2025, 0, 1 + period.end)).toISOString().slice(0, 10);
      const url = `http://127.0.0.1:${port}/api/v1/admin-access/timesheets/export?format=${format}&start_date=2025-01-01&end_date=${end}`;
      const matched = (
        (await db.execute(
          sql`select count(*)::int as n from timesheets where organization_id = 1 and date <= ${end}`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0].n;
      const { result, peakMb, growthMb } = await peakRss(async () => {
        const started = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${adminToken}` } });
        if (res.status !== 200 || !res.body)
          throw new Error(`export ${format}: ${res.status} ${await res.text()}`);
        let bytes = 0;
        for await (const chunk of res.body) bytes += chunk.length;
        return { ms: performance.now() - started, bytes };
      });
      rows.push({
        name: `GET admin-access/timesheets/export (${format}, ${period.label})`,
        rows: matched,
        rowsPerS: (matched * 1000) / result.ms,
        mb: result.bytes / 1024 / 1024,
        peakMb,
        growthMb,
      });
    }
  await new Promise((resolve) => server.close(resolve));
  console.log(
    `\nTimesheet exports: ${count.toLocaleString('en')} timesheets (${CONTRACTS} contracts x ${days} days) seeded in ${seconds.toFixed(0)} s, read over HTTP\n`,
  );
  console.log(
    `${'case'.padEnd(62)} ${'rows/s'.padStart(8)} ${'µs/row'.padStart(7)} ${'x baseline'.padStart(11)} ${'file'.padStart(8)}  peak RSS (above the start)`,
  );
  for (const r of rows) {
    const perRowMs = 1000 / r.rowsPerS;
    console.log(
      `${r.name.padEnd(62)} ${r.rowsPerS.toFixed(0).padStart(8)} ${(perRowMs * 1000).toFixed(1).padStart(7)} ${(perRowMs / baselineMs).toFixed(3).padStart(11)} ${`${r.mb.toFixed(1)} MB`.padStart(8)}  ${r.peakMb.toFixed(0)} MB (+${r.growthMb.toFixed(0)} MB)`,
    );
  }
}
