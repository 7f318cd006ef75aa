import { IconAlertTriangle } from '@tabler/icons-react';
import { LoadError } from '../../../components/ui/load-error';

/** A failed read: what went wrong in the user's language, and a way to try again. */
export const ErrorState = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => (
  <LoadError
    error={error}
    onRetry={onRetry}
    ns="attendance-insights"
    titleKey="error.title"
    retryKey="common:retry"
    icon={<IconAlertTriangle aria-hidden />}
    mb={0}
    role="alert"
  />
);
