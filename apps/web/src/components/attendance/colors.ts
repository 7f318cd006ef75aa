/**
 * Text colours for warnings (late) and problems (absent) that keep AA contrast on table stripes in both
 * schemes: Mantine's orange and red shades 8–9 fall short of 4.5:1 on white, so they are darkened (light) or
 * taken from the pale end (dark).
 */
export const WARN_TEXT =
  'light-dark(color-mix(in srgb, var(--mantine-color-orange-9), black 35%), var(--mantine-color-orange-3))';
export const DANGER_TEXT =
  'light-dark(color-mix(in srgb, var(--mantine-color-red-9), black 25%), var(--mantine-color-red-3))';

/** A light badge's text colour with AA contrast in both schemes (the Mantine default falls short). */
export const badgeLabelColor = (c: string): string =>
  `light-dark(color-mix(in srgb, var(--mantine-color-${c}-9), black 35%), var(--mantine-color-${c}-2))`;
