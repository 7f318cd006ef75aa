import type { Notification } from '@vahub/shared/notifications/schemas';
import type { TFunction } from 'i18next';

/**
 * A notification in the reader's language, from its `type` and the facts in its `data`; the server's English
 * `title` when `data` lacks what the sentence needs (an older row, or a fact the server did not send).
 *
 * The `data` keys read here: `va_name`, `client_name`, `request_type` (a request type), `status` (`approved` |
 * `rejected`), `reversed` (boolean), `date` and `week_start` (`YYYY-MM-DD`). The VA's name may also come from
 * the caller (the admin's log has the VA beside each row).
 */
type Readable = Pick<Notification, 'type' | 'title' | 'data' | 'va_id'>;

export type TextOptions = {
  /** The reader: a notification about themself says "your". */
  selfId?: number;
  /** The VA's name when `data` has none. */
  vaName?: string;
  language: string;
};

type Sentence = { key: string; params?: Record<string, string> } | null;

const textOf = (data: Readable['data'], key: string): string | undefined => {
  const value = data[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` as the language writes a date ("2 Dec 2026"). */
export function formatDay(day: string, language: string): string {
  if (!DATE.test(day)) return day;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
  } catch {
    return day;
  }
}

function sentence(t: TFunction, n: Readable, opts: TextOptions): Sentence {
  const { data } = n;
  const name = textOf(data, 'va_name') ?? opts.vaName;
  const self = opts.selfId !== undefined && n.va_id === opts.selfId;
  const kind = textOf(data, 'request_type');
  const requestType = kind ? t(`requestTypes.${kind}`, { defaultValue: '' }) : '';
  const day = (key: string) => {
    const value = textOf(data, key);
    return value && DATE.test(value) ? formatDay(value, opts.language) : undefined;
  };

  switch (n.type) {
    case 'request.created':
    case 'request.cancelled':
      return name && requestType ? { key: `text.${n.type}`, params: { name, requestType } } : null;
    case 'request.deleted':
      if (!requestType) return null;
      if (self) return { key: 'text.request.deleted.self', params: { requestType } };
      return name ? { key: 'text.request.deleted.other', params: { name, requestType } } : null;
    case 'request.decided': {
      if (!requestType) return null;
      const status = textOf(data, 'status');
      const outcome = data.reversed === true ? 'reversed' : status;
      if (outcome !== 'approved' && outcome !== 'rejected' && outcome !== 'reversed') return null;
      if (self) return { key: `text.request.decided.${outcome}Self`, params: { requestType } };
      return name ? { key: `text.request.decided.${outcome}`, params: { name, requestType } } : null;
    }
    case 'attendance.late':
      return name ? { key: 'text.attendance.late', params: { name } } : null;
    case 'attendance.absent': {
      const date = day('date');
      if (!name) return null;
      return date
        ? { key: 'text.attendance.absentOn', params: { name, date } }
        : { key: 'text.attendance.absent', params: { name } };
    }
    case 'screenshot.failed':
      return name ? { key: 'text.screenshot.failed', params: { name } } : null;
    case 'timesheet.disputed': {
      const week = day('week_start');
      if (!week || (!self && !name)) return null;
      const client = textOf(data, 'client_name');
      const who = self ? 'Self' : '';
      return client
        ? { key: `text.timesheet.disputedBy${who}`, params: { client, week, name: name ?? '' } }
        : { key: `text.timesheet.disputed${who}`, params: { week, name: name ?? '' } };
    }
    case 'task.assigned':
    case 'task.mentioned': {
      const actor = textOf(data, 'actor_name');
      const title = textOf(data, 'task_title');
      return actor && title ? { key: `text.${n.type}`, params: { actor, title } } : null;
    }
    case 'invoice.issued': {
      const number = textOf(data, 'number');
      const total = textOf(data, 'total');
      const due = textOf(data, 'due_date');
      return number && total && due ? { key: 'text.invoice.issued', params: { number, total, due } } : null;
    }
    default:
      return null;
  }
}

/** What the notification says, in the `notifications` namespace's language. */
export function notificationText(t: TFunction, n: Readable, opts: TextOptions): string {
  const s = sentence(t, n, opts);
  if (!s) return n.title;
  return t(s.key, { ...s.params, defaultValue: n.title });
}

/** The short name of a type ("New request", "Late"): a heading over the text, a filter's option. */
export const typeLabel = (t: TFunction, type: string): string => t(`types.${type}`, { defaultValue: type });
