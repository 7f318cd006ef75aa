// `cd apps/server && npx tsx bench/smoke.ts` (CI): every part of `npm run bench` once, on small sizes and a few
// rounds, so a change that breaks the bench is seen at once. Its figures mean nothing and nothing is checked
// against a goal: it fails only when a part throws. Sizes given in the environment win over these.
const SMALL: Record<string, string> = {
  BENCH_SMOKE: '1',
  BENCH_PEOPLE: '300',
  BENCH_ROUNDS: '5',
  // The memory part's first start without the demo (writing it took a minute of CI's two cores).
  BENCH_MEMORY_DEMO: 'false',
  BENCH_INGEST_CALLS: '120',
  BENCH_SCREENSHOT_ROUNDS: '3',
  BENCH_WS_SOCKETS: '10',
  BENCH_WS_MESSAGES: '10',
  BENCH_WORK_VAS: '3',
  BENCH_WORK_DAYS: '2',
  BENCH_WORK_TASKS: '20',
  BENCH_WORK_REQUESTS: '200',
  BENCH_WORK_PENDING: '20',
  BENCH_WORK_NOTIFICATIONS: '100',
  BENCH_WORK_CASE_MS: '300',
  BENCH_EXPORT_ROWS: '25000',
  BENCH_HISTORY_DAYS: '3',
  BENCH_AHEAD_DAYS: '3',
  BENCH_TRACKERS: '50',
  BENCH_SCALE_MEASURED_MS: '3000',
  BENCH_SCALE_STEP_MS: '1000',
  BENCH_SCALE_RAMP: '10,20',
};
for (const [name, value] of Object.entries(SMALL)) process.env[name] ??= value;

// After the sizes are set: each part reads its own when its module loads.
await import('./run');

export {};
