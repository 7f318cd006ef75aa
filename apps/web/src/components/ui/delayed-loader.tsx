import { Center, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Shows a loader only when loading takes longer than `delay` (spec: 200 ms), to avoid flashes. */
export function DelayedLoader({ delay = 200 }: { delay?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), delay);
    return () => window.clearTimeout(timer);
  }, [delay]);
  if (!visible) return null;
  return (
    <Center p="xl" role="status" aria-live="polite">
      <Loader size="md" aria-label={t('common:loading')} />
    </Center>
  );
}
