import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { clientStatusOfPath } from '../../../features/people/api/list-queries';
import { ClientForm } from '../../../features/people/components/client-form';
import { ClientsTable } from '../../../features/people/components/clients-table';
import { notify } from '../../../lib/notify';
import { PageTitle, useDashboard } from './shared';

/** `clients`, `clients/active`, `clients/inactive`, `clients/onhold`: one table, the status from the path. */
export function ClientsPage() {
  const { t } = useTranslation('people');
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { scope, href } = useDashboard();
  const status = clientStatusOfPath(pathname);
  const keep = new URLSearchParams(search);
  keep.delete('page');
  const query = keep.toString() ? `?${keep}` : '';
  return (
    <>
      <PageTitle
        title={t(status ? `clients.titleStatus.${status}` : 'clients.title')}
        text={t(scope === 'manager' ? 'clients.textManager' : 'clients.text')}
      />
      <ClientsTable
        scope={scope}
        status={status}
        onStatusChange={(next) => navigate(`${href(next ? `clients/${next}` : 'clients')}${query}`)}
        userHref={(id) => href(`users/${id}`)}
      />
    </>
  );
}

export function ClientAddPage() {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const { scope, href } = useDashboard();
  return (
    <>
      <PageTitle
        title={t('clients.addTitle')}
        text={t(scope === 'manager' ? 'clients.addTextManager' : 'clients.addText')}
      />
      <ClientForm
        scope={scope}
        onCreated={(user) => {
          notify('green', t('form.created', { name: user.company_name || user.name }));
          navigate(href(`users/${user.id}`));
        }}
      />
    </>
  );
}
