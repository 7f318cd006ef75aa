import type { UnitOfWork } from '../transaction';

/** Event types other modules react to. */
export type DomainEventType =
  | 'contract.activated'
  | 'contract.paused'
  | 'contract.ended'
  | 'contract.schedules_changed'
  /** A contract's dates or timezone changed (payload: contract_id, va_id, client_id, changed: field names). */
  | 'contract.updated'
  | 'user.deactivated'
  /** An admin added a person (payload: user_id, roles, status, actor_id); sign-up and first setup raise none. */
  | 'user.created'
  /** A VA clocked in (payload: attendance_id, va_id, late_minutes). */
  | 'attendance.started'
  /** An attendance ended (payload: attendance_id, va_id, reason). */
  | 'attendance.ended'
  /** A VA has not clocked in by the scheduled start plus the grace (payload: attendance_id, va_id), once per shift. */
  | 'attendance.late'
  /** A shift ended without a clock-in (payload: attendance_id, va_id). */
  | 'attendance.absent'
  /** A VA asked (payload: request_id, va_id, client_id, type). */
  | 'request.created'
  /** A request was approved or rejected, or a decision reversed (payload: request_id, va_id, status, decided_by, reversed). */
  | 'request.decided'
  /** The VA cancelled a pending request (payload: request_id, va_id, client_id, type). */
  | 'request.cancelled'
  /** An admin deleted a request, an approved one's effects undone first (payload: request_id, va_id, type, status, actor_id). */
  | 'request.deleted'
  /** An on-demand screenshot failed (payload: request_id, va_id, requested_by, reason). */
  | 'screenshot.failed'
  /** A client disputed a VA's week (payload: va_id, client_id, week_start, comment). */
  | 'timesheet.disputed'
  /** A timesheet was approved, by an approver or automatically (payload: timesheet_id, attendance_id, va_id, client_id, approved_by, automatic). */
  | 'timesheet.approved'
  /** A client signed off (approved) a VA's week (payload: va_id, client_id, week_start, comment, actor_id). */
  | 'timesheet.signed_off'
  /** An invoice was issued to a client (payload: invoice_id, client_id, number, total, due_date, actor_id). */
  | 'invoice.issued'
  /** A task was created (payload: task_id, project_id, client_id, column_id, title, assignee_id, actor_id). */
  | 'task.created'
  /** A task moved to another column (payload: task_id, project_id, client_id, from_column_id, to_column_id, completed, actor_id). */
  | 'task.moved'
  /** A task was assigned to a VA (payload: task_id, project_id, client_id, assignee_id, title, actor_id). */
  | 'task.assigned'
  /** A comment mentioned users (payload: task_id, project_id, client_id, comment_id, user_ids, title, actor_id). */
  | 'task.mentioned';

export type DomainEvent = {
  id: number;
  organizationId: number;
  type: DomainEventType;
  payload: Record<string, unknown>;
  createdAt: Date;
};

/** A consumer's handler: runs after the raising transaction committed, at least once, in order. */
export type EventHandler = (event: DomainEvent, uow: UnitOfWork) => Promise<void>;

/**
 * Domain events in a transactional outbox. Each consumer keeps its own cursor, so several modules react to
 * one event; a handler's database writes commit together with its cursor.
 */
export interface Events {
  raise(
    uow: UnitOfWork,
    organizationId: number,
    type: DomainEventType,
    payload: Record<string, unknown>,
  ): Promise<void>;
  /** Registers a consumer (modules call this while the app is built). A new consumer reads the whole history. */
  subscribe(consumer: string, types: readonly DomainEventType[], handler: EventHandler): void;
  /**
   * Resolves once every consumer has handled what was visible when it was called (waiting through handler
   * retries). For tests and tools; the dispatcher runs by itself.
   */
  drain(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
