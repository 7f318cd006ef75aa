import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  localStorageColorSchemeManager,
  type MantineColorsTuple,
} from '@mantine/core';

const c = DEFAULT_THEME.colors;

export const COLOR_SCHEME_KEY = 'color-schema';
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/** Spec: secondary pink, accent violet; the rest name the roles our buttons and notifications use. */
const named: Record<string, MantineColorsTuple> = {
  primary: c.blue,
  secondary: c.pink,
  accent: c.violet,
  info: c.cyan,
  success: c.green,
  warning: c.yellow,
  danger: c.red,
  error: c.red,
  purple: c.grape,
  white: c.gray,
};

export const theme = createTheme({
  primaryColor: 'primary',
  // Shade 8 keeps white text on filled buttons above the WCAG AA contrast ratio.
  primaryShade: { light: 8, dark: 8 },
  colors: named,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  focusRing: 'auto',
});

/** Dimmed text dark enough (light) and light enough (dark) for AA contrast. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7], '--mantine-color-anchor': t.colors.primary[8] },
  dark: { '--mantine-color-dimmed': t.colors.dark[1], '--mantine-color-anchor': t.colors.primary[3] },
});
