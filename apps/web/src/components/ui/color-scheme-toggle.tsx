import { SegmentedControl, useMantineColorScheme, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePainted } from '../../lib/use-painted';

/**
 * auto / light / dark, stored by Mantine's manager under `color-schema`.
 *
 * Mantine's SegmentedControl measures its selected segment as soon as it mounts. On a page's first render that
 * measure is the page's first layout (fonts and all), run inside React's commit, one long task that holds the phone's
 * main thread, instead of in the browser's own paint. So the choice is shown once the page has painted (a frame
 * later), placed without sliding; changes slide as before.
 */
export function ColorSchemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { t } = useTranslation();
  const painted = usePainted();
  const [placed, setPlaced] = useState(false);
  useEffect(() => {
    if (!painted) return;
    const timer = window.setTimeout(() => setPlaced(true), 0);
    return () => window.clearTimeout(timer);
  }, [painted]);
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <VisuallyHidden component="legend">{t('header.colorScheme')}</VisuallyHidden>
      <SegmentedControl
        size="xs"
        value={painted ? colorScheme : ''}
        transitionDuration={placed ? undefined : 0}
        onChange={(value) => setColorScheme(value as 'auto' | 'light' | 'dark')}
        data={[
          { value: 'auto', label: t('header.auto') },
          { value: 'light', label: t('header.light') },
          { value: 'dark', label: t('header.dark') },
        ]}
      />
    </fieldset>
  );
}
