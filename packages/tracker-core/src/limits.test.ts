import { TRACKING } from '@vahub/shared/attendance/schemas';
import { SCREENSHOTS } from '@vahub/shared/screenshots/schemas';
import { expect, it } from 'vitest';
import { CORE_LIMITS } from './limits';

it('repeats the shared tracking constants exactly', () => {
  expect(CORE_LIMITS.pingIntervalSeconds).toBe(TRACKING.pingIntervalSeconds);
  expect(CORE_LIMITS.maxPingsPerCall).toBe(TRACKING.maxPingsPerCall);
  expect(CORE_LIMITS.maxCaptureWidth).toBe(SCREENSHOTS.maxCaptureWidth);
  expect(CORE_LIMITS.requestTimeoutSeconds).toBe(SCREENSHOTS.requestTimeoutSeconds);
});
