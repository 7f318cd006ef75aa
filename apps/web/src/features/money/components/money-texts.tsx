import { type ReactNode, useEffect, useState } from 'react';
import { ensureNamespace } from '../../../lib/i18n';

/** A money section on another feature's page (Settings, the VA's timesheets): loads the money texts first. */
export function WithMoneyTexts({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void ensureNamespace('money').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready ? children : null;
}
