import { TIMESHEET_MESSAGES as M } from '@vahub/shared/timesheets/messages';
import { isApiError } from '../../../lib/normalize-error';

const CODE = 'timesheets.sign_off_off';

/**
 * Whether a failed call says the organization turned client sign-off off (a client cannot read the
 * organization's settings, so the 422 is how the client's page learns it).
 */
export function isSignOffOff(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 422) return false;
  if (error.messageCode?.code === CODE || error.message === M.sign_off_off) return true;
  const codes = Object.values(error.codes ?? {}).flat();
  const texts = Object.values(error.errors ?? {}).flat();
  return codes.some((c) => c.code === CODE) || texts.includes(M.sign_off_off);
}
