import { AppError } from '../../lib/errors';
import type { RateLimits } from '../../platform/rate-limit/types';

/**
 * Sign-ups per address in fixed windows. Every attempt counts (taken emails too), and the check runs
 * before any work, so a flood costs neither password hashing nor database writes.
 */
export async function assertSignupAllowed(
  limits: RateLimits,
  ip: string,
  max: number,
  windowMinutes: number,
): Promise<void> {
  const result = await limits.hit(`signup:${ip}`, max, windowMinutes * 60);
  if (result.allowed) return;
  const minutes = Math.ceil(result.retryAfterSeconds / 60);
  throw new AppError(
    'rate_limited',
    `Too many sign-ups from your network. Try again in ${minutes} minute(s).`,
    undefined,
    { 'Retry-After': String(result.retryAfterSeconds) },
  );
}
