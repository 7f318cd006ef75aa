import { type ReactNode, useEffect, useState } from 'react';
import { ensureNamespace } from '../../../lib/i18n';

/** A data-rights section on another feature's page (Settings, Profile, a person's page): loads its texts first. */
export function WithDataRightsTexts({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void ensureNamespace('data-rights').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready ? children : null;
}
