import { FILE_REQUIRED_TYPES, type RequestType, VACATION_TYPES } from '@vahub/shared/requests/schemas';

/**
 * The five request forms of the VA's dashboard, one form configured per kind: which types it asks for, where
 * it lives, and which parts it shows (days off with their balance, a shift and minutes, a make-up shift).
 */
export const FORM_KINDS = ['vacation', 'absent', 'sick', 'overtime', 'mus'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

export interface KindConfig {
  /** The page under `/va-dashboard/` (spelled as the spec's routes). */
  path: string;
  /** The types the form asks for: a choice when there are several. */
  types: readonly RequestType[];
  /** Days off: a first and a last day, with the working days and the balance before sending. */
  leave: boolean;
  /** A reason is required (an absence says why). */
  detailsRequired: boolean;
}

export const KINDS: Record<FormKind, KindConfig> = {
  vacation: { path: 'requests/vacation-leaves', types: VACATION_TYPES, leave: true, detailsRequired: false },
  absent: { path: 'requests/absent', types: ['absent'], leave: true, detailsRequired: true },
  sick: { path: 'requests/sick-leave-approval', types: ['sick_leave'], leave: true, detailsRequired: false },
  overtime: { path: 'requests/overtime-request', types: ['overtime'], leave: false, detailsRequired: false },
  mus: { path: 'requests/mus-approval', types: ['mus'], leave: false, detailsRequired: false },
};

export const fileRequired = (type: RequestType): boolean => FILE_REQUIRED_TYPES.includes(type);

/** The form a type is asked with. */
export const kindOfType = (type: RequestType): FormKind =>
  FORM_KINDS.find((kind) => KINDS[kind].types.includes(type)) ?? 'vacation';
