import { nprogress } from '@mantine/nprogress';
import { useEffect } from 'react';
import { useLocation, useNavigation } from 'react-router';

/** A thin bar (no spinner) while a navigation loads its code and data. */
export function RouteProgress() {
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === 'idle') nprogress.complete();
    else nprogress.start();
  }, [navigation.state]);
  return null;
}

/** Hash: scroll smoothly to the element. Otherwise: top of the page when the path changes. */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is the trigger, even though it is unread.
  useEffect(() => {
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth' });
      return;
    }
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname, hash]);
  return null;
}
