/**
 * A contract's privacy tier: `off` (no capture, and no application or window titles), `activity_only` (no
 * image; keyboard and mouse activity and the active application still count), `blurred` (only a blurred
 * rendition is ever stored), `full`.
 */
export const SCREENSHOT_PRIVACY = ['off', 'activity_only', 'blurred', 'full'] as const;
export type ScreenshotPrivacy = (typeof SCREENSHOT_PRIVACY)[number];

/** Whether the tier lets a tracker capture images at all. */
export const privacyAllowsImages = (p: ScreenshotPrivacy) => p === 'blurred' || p === 'full';
