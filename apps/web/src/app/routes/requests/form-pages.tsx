import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import type { FormKind } from '../../../features/requests/components/request-form/kinds';
import { RequestForm } from '../../../features/requests/components/request-form/request-form';
import { myRequestHref, myRequestsHref } from './shared';

/** A request form page of the VA: sent, it goes to the new request's status page. */
function RequestFormPage({ kind }: { kind: FormKind }) {
  const { t } = useTranslation('requests');
  const navigate = useNavigate();
  return (
    <>
      <PageTitle title={t(`kinds.${kind}.title`)} text={t(`kinds.${kind}.text`)} />
      <RequestForm
        kind={kind}
        onSent={(request) => navigate(myRequestHref(request.id))}
        onCancel={() => navigate(myRequestsHref)}
      />
    </>
  );
}

/** `requests/vacation-leaves`: vacation, emergency or unpaid leave. */
export const VacationLeavePage = () => <RequestFormPage kind="vacation" />;
/** `requests/absent`: an absence with its reason. */
export const AbsentPage = () => <RequestFormPage kind="absent" />;
/** `requests/sick-leave-approval`: sick leave with its certificate. */
export const SickLeavePage = () => <RequestFormPage kind="sick" />;
/** `requests/overtime-request`: overtime on a started shift. */
export const OvertimePage = () => <RequestFormPage kind="overtime" />;
/** `requests/mus-approval`: a make-up shift. */
export const MakeUpShiftPage = () => <RequestFormPage kind="mus" />;
