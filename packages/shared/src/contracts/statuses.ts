import { msg } from '../api/messages';
import { CONTRACT_MESSAGES as M } from './messages';
export const CONTRACT_STATUSES = ['draft', 'active', 'paused', 'ended'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** draft → active ⇄ paused → ended (active may also end directly). Nothing leaves `ended`. */
const TRANSITIONS: Record<ContractStatus, ContractStatus[]> = {
  draft: ['active'],
  active: ['paused', 'ended'],
  paused: ['active', 'ended'],
  ended: [],
};

export const canTransition = (from: ContractStatus, to: ContractStatus): boolean =>
  TRANSITIONS[from].includes(to);

export const nextStatuses = (from: ContractStatus): ContractStatus[] => TRANSITIONS[from];

/** Only drafts and ended contracts may be deleted. */
export const canDelete = (status: ContractStatus): boolean => status === 'draft' || status === 'ended';

export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  paused: 'Paused',
  ended: 'Ended',
};

/** Why a status change is refused, as the API says it. */
export function transitionError(from: ContractStatus, to: ContractStatus): string | null {
  if (from === to) return null;
  if (canTransition(from, to)) return null;
  if (from === 'ended') return M.ended_is_final;
  if (to === 'draft') return M.no_back_to_draft;
  return msg(M.transition, { from, to });
}
