import { Alert, Button, Text } from '@mantine/core';
import { SSO_MESSAGES, type SsoErrorKey } from '@vahub/shared/auth/messages';
import { useTranslation } from 'react-i18next';
import { sayMessage } from '../../../lib/form-errors';
import { useRealm } from '../api/realm';
import { ssoStartUrl } from '../api/sso';

const isSsoError = (key: string | null): key is SsoErrorKey =>
  key !== null && Object.hasOwn(SSO_MESSAGES, key);

/** Why the last SSO sign-in failed (`?sso_error=` of the callback's redirect), in the user's language. */
export function SsoError({ errorKey }: { errorKey: string | null }) {
  const { t } = useTranslation();
  if (!isSsoError(errorKey)) return null;
  return (
    <Alert color="danger" role="alert" variant="light" mb="md" title={t('login.ssoFailed')}>
      {sayMessage(t, SSO_MESSAGES[errorKey])}
    </Alert>
  );
}

/**
 * "Sign in with <OIDC_NAME>" when the installation has single sign-on (the realm says so); nothing otherwise. The
 * session is kept like the password form's: in the tab unless `remember` (the form's "Remember me").
 */
export function SsoSignIn({ remember = false }: { remember?: boolean }) {
  const { t } = useTranslation();
  const realm = useRealm();
  if (!realm.data?.sso_enabled) return null;
  return (
    <>
      {/* Text, not Divider: the first page carries the styles of the Mantine parts it already uses only. */}
      <Text size="sm" c="dimmed" ta="center" my="sm">
        {t('login.or')}
      </Text>
      <Button component="a" href={ssoStartUrl(remember)} variant="default" fullWidth>
        {t('login.ssoButton', { name: realm.data.sso_name ?? t('login.ssoDefaultName') })}
      </Button>
    </>
  );
}
