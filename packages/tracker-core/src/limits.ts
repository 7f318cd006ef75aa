/**
 * The shared TRACKING constants the core needs, repeated as plain numbers: importing them from
 * `@vahub/shared/attendance/schemas` would pull zod and every attendance schema into the web timer's chunk.
 * `limits.test.ts` keeps them equal to the shared ones.
 */
export const CORE_LIMITS = {
  pingIntervalSeconds: 60,
  maxPingsPerCall: 500,
} as const;
