/**
 * The shared TRACKING and SCREENSHOTS constants the core needs, repeated as plain numbers: importing them
 * from `@vahub/shared/attendance/schemas` or `.../screenshots/schemas` would pull zod and every schema into
 * the web timer's chunk. `limits.test.ts` keeps them equal to the shared ones.
 */
export const CORE_LIMITS = {
  pingIntervalSeconds: 60,
  maxPingsPerCall: 500,
  /** Captures are downscaled to at most this many pixels wide. */
  maxCaptureWidth: 1920,
  /** A tracker answers an on-demand request within this many seconds, else the requester is told it failed. */
  requestTimeoutSeconds: 30,
} as const;
