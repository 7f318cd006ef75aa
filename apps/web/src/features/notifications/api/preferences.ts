import { useQuery } from '@tanstack/react-query';
import { ownNotifications } from '@vahub/shared/notifications/endpoints';
import { endpointQuery } from '../../../lib/query-keys';

/** `GET /api/v1/notifications/preferences`: which events also reach me by mail. */
export const preferencesQuery = () => endpointQuery(ownNotifications.preferences, {});
export const usePreferences = () => useQuery(preferencesQuery());
