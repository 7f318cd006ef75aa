import { person } from '../../../test/mock-api';

export { type Call, mockApi, person, type Reply } from '../../../test/mock-api';

import { ensureNamespace, initI18n } from '../../../lib/i18n';
import type { ScreenshotDetail, ScreenshotItem } from '../api/queries';

export async function loadTexts() {
  await initI18n();
  await ensureNamespace('screenshots');
  await ensureNamespace('errors');
}

export const ME = { id: 1, timezone: 'UTC', time_format: '12h', roles: [{ name: 'admin' }] };

const VINCE = person(4, 'Vince Cruz');
const ACME = person(9, 'Claire Whitman', 'Acme Dental');
/** Far enough ahead that no test sees a URL expire. */
const LATER = '2099-01-01T00:00:00Z';

/** A capture in a supervisor's list (Vince for Acme unless said), stored, scheduled, desktop. */
export function shot(id: number, takenAt: string, over: Partial<ScreenshotItem> = {}): ScreenshotItem {
  return {
    id,
    attendance_id: 100,
    contract_id: 7,
    va_id: VINCE.id,
    client_id: ACME.id,
    date: takenAt.slice(0, 10),
    timezone: 'UTC',
    taken_at: takenAt,
    source: 'scheduled',
    tracker: 'desktop',
    requested_by: null,
    status: 'stored',
    screen: 0,
    width: 1600,
    height: 1000,
    bytes: 250_000,
    blurred: false,
    activity_percent: 50,
    image_url: `/files/${id}.webp?sig=x`,
    thumbnail_url: `/files/${id}-thumb.webp?sig=x`,
    urls_expire_at: LATER,
    created_at: takenAt,
    va: VINCE,
    client: ACME,
    ...over,
  };
}

export const detailOf = (s: ScreenshotItem, over: Partial<ScreenshotDetail> = {}): ScreenshotDetail => ({
  ...s,
  contract: { id: s.contract_id, title: 'Inbox and calendar' },
  previous_id: null,
  next_id: null,
  siblings: [],
  ...over,
});

export const page = <T>(data: T[], current = 1, last = 1, total = data.length) => ({
  data,
  meta: { current_page: current, per_page: 60, total, last_page: last },
});
