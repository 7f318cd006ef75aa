import { useRegisterSW } from 'virtual:pwa-register/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ReloadPromptView } from '../components/ui/reload-prompt-view';
import { useRealm } from '../features/auth/api/realm';

export function ReloadPrompt() {
  const { t } = useTranslation();
  const realm = useRealm();
  const {
    offlineReady: [offlineReady, setOfflineReady],
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    // Only a worker replacing an existing one means new code: reload once to run it.
    const hadController = Boolean(navigator.serviceWorker.controller);
    let reloading = false;
    const onChange = () => {
      if (!hadController || reloading) return;
      reloading = true;
      window.location.reload();
    };
    navigator.serviceWorker.addEventListener('controllerchange', onChange);
    return () => navigator.serviceWorker.removeEventListener('controllerchange', onChange);
  }, []);

  useEffect(() => {
    if (localStorage.getItem('pwa-test') !== '1') return;
    window.__pwaTest = { offlineReady: () => setOfflineReady(true), needRefresh: () => setNeedRefresh(true) };
    return () => {
      window.__pwaTest = undefined;
    };
  }, [setOfflineReady, setNeedRefresh]);

  return (
    <ReloadPromptView
      appName={realm.data?.app_name ?? t('common:appName')}
      offlineReady={offlineReady}
      needRefresh={needRefresh}
      onReload={() => void updateServiceWorker(true)}
      onClose={() => {
        setOfflineReady(false);
        setNeedRefresh(false);
      }}
    />
  );
}
