import { SegmentedControl, useMantineColorScheme, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** auto / light / dark, stored by Mantine's manager under `color-schema`. */
export function ColorSchemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { t } = useTranslation();
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <VisuallyHidden component="legend">{t('header.colorScheme')}</VisuallyHidden>
      <SegmentedControl
        size="xs"
        value={colorScheme}
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
