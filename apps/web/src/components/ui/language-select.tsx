import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES, setLanguage } from '../../lib/i18n';

/** A native select: light to load and accessible everywhere. */
export function LanguageSelect() {
  const { i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label="Select Language"
      title="Select Language"
      data={LANGUAGES.map((l) => ({ value: l.value, label: l.label }))}
      value={i18n.language}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) void setLanguage(value);
      }}
      w={110}
      size="xs"
    />
  );
}
