import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { InviteForm } from '../../features/profile/components/invite-form';
import { sayMessage } from '../../lib/form-errors';
import { meQueryKey } from '../../lib/me';

/** `/invite?token=…`: an invited person chooses their password and lands signed in. */
export function InvitePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { t } = useTranslation();
  return (
    <InviteForm
      token={params.get('token') ?? ''}
      onAccepted={(result) => {
        if (result.me) {
          client.clear();
          client.setQueryData(meQueryKey, result.me);
          void navigate(paths.dashboard, { replace: true });
        } else {
          void navigate(paths.authLogin, { replace: true, state: { notice: sayMessage(t, result.message) } });
        }
      }}
    />
  );
}
