import { flagForTimezone } from '../../lib/format/flag';

/**
 * The spec's flag for a timezone (Manila: Philippines, otherwise US), drawn as SVG: flag emoji are not
 * rendered by many desktop systems (Windows, Linux without an emoji font).
 */
export function TimezoneFlag({
  timezone,
  size = 16,
}: {
  timezone: string | null | undefined;
  size?: number;
}) {
  const flag = flagForTimezone(timezone);
  const height = Math.round((size * 2) / 3);
  return (
    <svg
      role="img"
      aria-label={flag.label}
      width={size}
      height={height}
      viewBox="0 0 30 20"
      style={{
        verticalAlign: 'middle',
        borderRadius: 2,
        flexShrink: 0,
        boxShadow: '0 0 0 1px rgba(0,0,0,.15)',
      }}
    >
      <title>{flag.label}</title>
      {flag.code === 'PH' ? (
        <>
          <rect width="30" height="10" fill="#0038a8" />
          <rect y="10" width="30" height="10" fill="#ce1126" />
          <path d="M0 0 L17.3 10 L0 20 Z" fill="#fff" />
          <circle cx="5.8" cy="10" r="2.2" fill="#fcd116" />
        </>
      ) : (
        <>
          <rect width="30" height="20" fill="#fff" />
          {[0, 2, 4, 6, 8, 10, 12].map((i) => (
            <rect key={i} y={(i * 20) / 13} width="30" height={20 / 13} fill="#b22234" />
          ))}
          <rect width="12" height={(20 * 7) / 13} fill="#3c3b6e" />
        </>
      )}
    </svg>
  );
}
