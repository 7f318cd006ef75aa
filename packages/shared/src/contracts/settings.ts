import { z } from 'zod';
import { COMMON_MESSAGES as C, msg } from '../api/messages';
import { MAX_ID } from '../api/problem';
import { privacyAllowsImages, SCREENSHOT_PRIVACY } from '../screenshots/privacy';
import { CONTRACT_MESSAGES } from './messages';

/** How a tracker tells the VA of scheduled screenshots (issue 32): one notice each, or a count per hour. */
export const SCREENSHOT_NOTICES = ['each', 'hourly'] as const;
export type ScreenshotNoticeMode = (typeof SCREENSHOT_NOTICES)[number];

const int = (min: number, max: number) =>
  z
    .number({ error: C.whole_number })
    .int({ error: C.whole_number })
    .min(min, { error: msg(C.at_least_n, { min }) })
    .max(max, { error: msg(C.at_most_n, { max }) });

export const contractSettingsFields = z.object({
  screenshots_enabled: z.boolean(),
  screenshots_per_hour: int(1, 60),
  blur_screenshots: z.boolean(),
  /** The privacy tier (`screenshots_enabled` and `blur_screenshots` follow it, see `reconcilePrivacy`). */
  screenshot_privacy: z.enum(SCREENSHOT_PRIVACY, { error: CONTRACT_MESSAGES.choose_privacy }),
  /** Whether a supervisor may ask for a screenshot now. */
  screenshots_on_demand: z.boolean(),
  /** How the desktop agent tells the VA of scheduled screenshots: each one, or a count per hour. */
  screenshot_notice: z.enum(SCREENSHOT_NOTICES, { error: CONTRACT_MESSAGES.choose_screenshot_notice }),
  /** Whether the VA may turn the scheduled-screenshot notices off (on-demand and start/stop notices stay). */
  va_may_mute_screenshot_notice: z.boolean(),
  idle_timeout_minutes: int(1, 240),
  late_grace_minutes: int(0, 240),
  early_clock_in_minutes: int(0, 240),
  overtime_allowed: z.boolean(),
  /** The most overtime one request may ask for one shift (minutes). */
  max_overtime_minutes: int(0, 1440),
  timesheet_approval_required: z.boolean(),
  vacation_days_per_year: int(0, 365),
  sick_days_per_year: int(0, 365),
});
export type ContractSettingsFields = z.infer<typeof contractSettingsFields>;

export const contractSettingsPatchSchema = contractSettingsFields.partial();
export type ContractSettingsPatch = z.infer<typeof contractSettingsPatchSchema>;

/** `POST contracts/settings`: creates or replaces a contract's settings (missing fields take the defaults). */
export const contractSettingsPutSchema = contractSettingsPatchSchema.extend({
  contract_id: z.number({ error: CONTRACT_MESSAGES.choose_contract }).int().positive().max(MAX_ID),
});

export const contractSettingsSchema = contractSettingsFields.extend({
  id: z.number().int(),
  contract_id: z.number().int(),
  updated_at: z.string(),
});
export type ContractSettings = z.infer<typeof contractSettingsSchema>;

type PrivacyFields = Pick<
  ContractSettingsFields,
  'screenshots_enabled' | 'blur_screenshots' | 'screenshot_privacy'
>;

/**
 * The privacy tier and the spec's two booleans say one thing. A change of the tier sets the booleans; a
 * change of only the booleans sets the tier (screenshots off → `activity_only`, blurred → `blurred`, else
 * `full`), so a client that knows only the spec's fields keeps working.
 */
export function reconcilePrivacy<T extends PrivacyFields>(current: T, patch: Partial<PrivacyFields>): T {
  if (patch.screenshot_privacy) {
    const p = patch.screenshot_privacy;
    return {
      ...current,
      screenshot_privacy: p,
      screenshots_enabled: privacyAllowsImages(p),
      blur_screenshots: p === 'blurred',
    };
  }
  const enabled = patch.screenshots_enabled ?? current.screenshots_enabled;
  const blur = patch.blur_screenshots ?? current.blur_screenshots;
  if (patch.screenshots_enabled === undefined && patch.blur_screenshots === undefined) return current;
  const screenshot_privacy = !enabled
    ? current.screenshot_privacy === 'off'
      ? 'off'
      : 'activity_only'
    : blur
      ? 'blurred'
      : 'full';
  return { ...current, screenshots_enabled: enabled, blur_screenshots: blur, screenshot_privacy };
}
