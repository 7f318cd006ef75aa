import { defineMessages } from '../api/messages';

/** What the screenshots API and screens say (see `api/messages.ts`). */
export const SCREENSHOT_MESSAGES = defineMessages('screenshots', {
  // The spec's exact text (a delete with no id).
  no_id: 'No Screenshot ID was provided',
  not_found: 'Screenshot not found',
  // Upload (`POST va-access/screenshots`), field by field.
  file_missing: 'Attach the screenshot as the "file" field',
  file_too_large: 'A screenshot may be at most {{max}} MB',
  file_type: 'A screenshot must be a PNG, JPEG or WebP image',
  file_svg: 'SVG images are not accepted as screenshots',
  file_unreadable: 'This image could not be read',
  file_too_many_pixels: 'A screenshot may be at most {{max}} megapixels',
  client_id: 'Give the screenshot an id: a UUID the tracker generated',
  taken_at: 'Give the capture time as an ISO-8601 instant',
  taken_at_outside: 'This screenshot was taken outside the shift',
  taken_at_future: 'This screenshot was taken in the future',
  screen: 'The screen is a whole number from 0 to {{max}}',
  source: 'Choose one of: web, desktop',
  attendance_not_yours: 'This attendance is not one of your shifts',
  attendance_not_started: 'This shift has not started yet',
  attendance_closed: 'This shift ended too long ago to take screenshots',
  tier_off: 'Screenshots are off for this contract',
  tier_no_images: 'This contract records activity only: no images are taken',
  request_unknown: 'This screenshot request is unknown or has already been answered',
  // On demand (`POST screenshots/take`).
  choose_va: 'Choose a virtual assistant',
  take_no_shift: '{{name}} is not on a shift now, so there is nothing to capture',
  take_no_tracker:
    "{{name}}'s tracker is not connected or cannot capture now (a web timer captures only while a screen is shared)",
  take_not_allowed: "This contract's privacy setting does not allow screenshots",
  take_on_demand_off: 'This contract does not allow on-demand screenshots',
  take_timeout: 'The tracker did not answer within {{seconds}} seconds',
  take_declined: 'The tracker could not capture: {{reason}}',
  // Delete.
  delete_grace_over: 'You can delete a screenshot only within {{minutes}} minutes of its capture',
  delete_not_allowed: 'Your organization does not let you delete your screenshots',
  // Filters.
  choose_source: 'Choose one of: scheduled, on_demand',
  choose_tracker: 'Choose one of: web, desktop',
});
