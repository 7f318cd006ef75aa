export interface Flag {
  code: 'PH' | 'US';
  emoji: string;
  label: string;
}

const PH: Flag = { code: 'PH', emoji: '🇵🇭', label: 'Philippines' };
const US: Flag = { code: 'US', emoji: '🇺🇸', label: 'United States' };

/** The spec's rule: Manila shows the Philippines flag, any other zone the US flag. */
export const flagForTimezone = (timezone: string | null | undefined): Flag =>
  timezone === 'Asia/Manila' ? PH : US;
