/** Why someone receives a notification, which also says which dashboard its link opens. */
export type RecipientRole = 'admin' | 'manager' | 'client' | 'va';

/** What a notification is about, for its link. */
export type Topic =
  | { kind: 'request'; requestId: number }
  /** A request that is gone: the list of the VA's requests. */
  | { kind: 'requests' }
  | { kind: 'attendance' }
  | { kind: 'timesheets' }
  | { kind: 'screenshots' }
  | { kind: 'task'; projectId: number; taskId: number }
  /** A client's invoice (issue 30). */
  | { kind: 'invoice'; invoiceId: number };

const DASHBOARD: Record<RecipientRole, string> = {
  admin: '/admin-dashboard',
  manager: '/manager-dashboard',
  client: '/client-dashboard',
  va: '/va-dashboard',
};

/**
 * The page of the web app a notification opens, by the recipient's role (the web app's routes: the requests
 * pages, the attendance list, the timesheets and the screenshots of each dashboard). A path: the mail puts
 * `APP_URL` before it.
 */
export function linkFor(topic: Topic, role: RecipientRole): string {
  const base = DASHBOARD[role];
  const supervisor = role === 'admin' || role === 'manager';
  switch (topic.kind) {
    case 'request':
      return role === 'va' ? `${base}/requests/status/${topic.requestId}` : `${base}/requests`;
    case 'requests':
      return role === 'va' ? `${base}/requests/status` : `${base}/requests`;
    case 'attendance':
      return supervisor ? `${base}/virtual-assistants/attendance` : `${base}/attendance`;
    case 'timesheets':
      return supervisor ? `${base}/reports/timesheets` : `${base}/timesheets`;
    case 'screenshots':
      return `${base}/screenshots`;
    // A VA has no boards: their home lists their tasks.
    case 'task':
      return role === 'va' ? base : `${base}/projects/${topic.projectId}/board?task=${topic.taskId}`;
    case 'invoice':
      return role === 'client'
        ? `${base}/invoices?invoice=${topic.invoiceId}`
        : `${base}/invoices/${topic.invoiceId}`;
  }
}
