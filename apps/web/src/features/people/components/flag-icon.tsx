import { flagForTimezone } from '../../../lib/format/flag';

const STRIPES = [0, 2, 4, 6, 8, 10, 12];

/** The spec's flag as a small picture (emoji flags do not render on every system). */
export function FlagIcon({
  timezone,
  label = true,
}: {
  timezone: string | null | undefined;
  label?: boolean;
}) {
  const flag = flagForTimezone(timezone);
  const picture =
    flag.code === 'PH' ? (
      <svg width="20" height="14" viewBox="0 0 30 20" aria-hidden="true" style={{ borderRadius: 2 }}>
        <rect width="30" height="10" fill="#0038a8" />
        <rect y="10" width="30" height="10" fill="#ce1126" />
        <path d="M0 0 L17.3 10 L0 20 Z" fill="#fff" />
        <circle cx="6" cy="10" r="2.4" fill="#fcd116" />
      </svg>
    ) : (
      <svg width="20" height="14" viewBox="0 0 30 20" aria-hidden="true" style={{ borderRadius: 2 }}>
        <rect width="30" height="20" fill="#fff" />
        {STRIPES.map((i) => (
          <rect key={i} y={(i * 20) / 13} width="30" height={20 / 13} fill="#b22234" />
        ))}
        <rect width="12" height={(7 * 20) / 13} fill="#3c3b6e" />
      </svg>
    );
  return label ? (
    <span
      role="img"
      aria-label={flag.label}
      data-flag={flag.code}
      style={{ display: 'inline-flex', flexShrink: 0 }}
    >
      {picture}
    </span>
  ) : (
    <span data-flag={flag.code} style={{ display: 'inline-flex', flexShrink: 0 }}>
      {picture}
    </span>
  );
}
