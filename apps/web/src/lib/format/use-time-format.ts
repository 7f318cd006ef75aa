import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { meQueryOptions } from '../me';
import { loadSession } from '../session';
import { type TimeFormatter, timeFormatter, usesHour12 } from './time';

/**
 * The signed-in user's clock (their `time_format`, else their language's habit) and zone (their profile's):
 * every time the web shows uses it. It reads the session's `me` (the gate loaded it); signed out, the language decides.
 */
export function useTimeFormatter(): TimeFormatter {
  const { i18n } = useTranslation();
  const me = useQuery({ ...meQueryOptions(), enabled: loadSession() !== null });
  const format = me.data?.time_format ?? null;
  const zone = me.data?.timezone || 'UTC';
  const language = i18n.language || 'en';
  return useMemo(() => timeFormatter(usesHour12(format, language), language, zone), [format, language, zone]);
}
