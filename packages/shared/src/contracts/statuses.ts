import { defineMessages } from '../api/messages';
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
  if (from === 'ended') return 'An ended contract cannot change status.';
  if (to === 'draft') return 'A contract cannot go back to draft.';
  return `A ${from} contract cannot become ${to}.`;
}

export const CONTRACT_MESSAGES = defineMessages('contracts', {
  activate_needs_schedule: 'Add at least one schedule before activating',
  delete_not_allowed: 'Only draft or ended contracts can be deleted. End the contract first.',
  end_before_start: 'The end date must be on or after the start date',
  not_a_va: 'Choose a virtual assistant of your organization',
  not_a_client: 'Choose a client of your organization',
  zero_length_block: 'The end time must differ from the start time (a block lasts less than 24 hours)',
  effective_to_before_from: 'The last day must be on or after the first day',
});
