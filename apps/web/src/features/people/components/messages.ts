import { TEAM_MESSAGES } from '@vahub/shared/teams/schemas';
import { USER_MESSAGES } from '@vahub/shared/users/payloads';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { sayMessage } from '../../../lib/form-errors';

const FIXED: Record<string, string> = {
  [USER_MESSAGES.admin_flag]: 'admin_flag',
  [USER_MESSAGES.client_flag]: 'client_flag',
  [USER_MESSAGES.email_taken]: 'email_taken',
  [USER_MESSAGES.super_admin_only]: 'super_admin_only',
  [USER_MESSAGES.delete_with_history]: 'delete_with_history',
  [USER_MESSAGES.delete_self]: 'delete_self',
  [USER_MESSAGES.deactivate_self]: 'deactivate_self',
  [USER_MESSAGES.drop_own_admin]: 'drop_own_admin',
  [TEAM_MESSAGES.name_taken]: 'team_name_taken',
  [TEAM_MESSAGES.name_required]: 'team_name_required',
  'Company name is required': 'company_required',
  'Use digits, spaces, +, ( ) and - only': 'phone',
};

const USER_LIMIT = /^Your plan allows (\d+) active users\./;

/** Messages of the shared schemas and the API, in the chosen language (English when unknown). */
export function translatePeopleMessage(t: TFunction, shell: TFunction, message: string): string {
  const key = FIXED[message];
  if (key) return t(`validation.${key}`, { defaultValue: message });
  if (message.startsWith('Choose a role')) return t('validation.role', { defaultValue: message });
  const limit = USER_LIMIT.exec(message);
  if (limit) return t('validation.user_limit', { max: limit[1], defaultValue: message });
  return sayMessage(shell, message);
}

export function useMessage() {
  const { t } = useTranslation('people');
  const { t: shell } = useTranslation();
  return useCallback((message: string) => translatePeopleMessage(t, shell, message), [t, shell]);
}
