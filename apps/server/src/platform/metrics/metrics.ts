import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/client';
import { pingCounts } from './counters';

/** What the registry reads when scraped (nothing of it runs per request). */
export type MetricsSources = {
  db: Db;
  /** Authenticated WebSockets on this instance. */
  sockets: () => number;
  /** The PostgreSQL pool's connections; null on the embedded database (one session). */
  pool: () => { total: number; idle: number; waiting: number } | null;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The Prometheus registry of one app: HTTP requests by route and status (count and duration), the tracker's
 * pings, open sockets, jobs per queue and state, each event consumer's lag, the database pool and the process
 * (prom-client's defaults: memory, CPU, event loop). Per request: one histogram observation; a ping call, whose
 * duration says little, only a counter.
 */
export function createMetrics(sources: MetricsSources, options: { hotRoutes: string[] }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const hot = new Set(options.hotRoutes);
  const requests = new Counter({
    name: 'vahub_http_requests_total',
    help: 'HTTP requests by route (its pattern) and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'vahub_http_request_duration_seconds',
    help: 'HTTP request durations by route and status (the tracker pings excepted: counted only)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Counter({
    name: 'vahub_pings_total',
    help: "The tracker's pings: accepted, refused (one by one) and duplicates (a retried ping counted once)",
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'accepted' }, pingCounts.accepted);
      this.inc({ result: 'refused' }, pingCounts.refused);
      this.inc({ result: 'duplicate' }, pingCounts.duplicates);
    },
  });
  new Gauge({
    name: 'vahub_sockets_open',
    help: 'Authenticated WebSockets on this instance',
    registers: [registry],
    collect() {
      this.set(sources.sockets());
    },
  });
  new Gauge({
    name: 'vahub_jobs',
    help: 'Jobs per queue and state (queued: created or waiting for a retry; active; failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const rows = rowsOf<{ name: string; state: string; n: number }>(
          await sources.db.execute(sql`
            select name, case when state in ('created', 'retry') then 'queued' else state::text end as state,
              count(*)::int as n
            from pgboss.job where state in ('created', 'retry', 'active', 'failed') group by 1, 2`),
        );
        for (const r of rows) this.set({ queue: r.name, state: r.state }, r.n);
      } catch {
        // No job schema yet (jobs disabled on this instance): nothing to report.
      }
    },
  });
  new Gauge({
    name: 'vahub_event_consumer_lag',
    help: 'Domain events each consumer has not handled yet',
    labelNames: ['consumer'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ name: string; lag: number }>(
        await sources.db.execute(sql`
          select c.name, (select count(*) from domain_events e
            where (e.tx_id, e.id) > (c.last_tx_id, c.last_event_id))::int as lag
          from event_consumers c`),
      );
      for (const r of rows) this.set({ consumer: r.name }, r.lag);
    },
  });
  new Gauge({
    name: 'vahub_database_pool_connections',
    help: "The PostgreSQL pool's connections: total, idle, and callers waiting for one (absent on PGlite)",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const pool = sources.pool();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  return {
    registry,
    /** The onResponse hook: a counter and (but for the hot routes) an observation. */
    onResponse(request: FastifyRequest, reply: FastifyReply) {
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      requests.inc(labels);
      if (!hot.has(route)) durations.observe(labels, reply.elapsedTime / 1000);
    },
  };
}
