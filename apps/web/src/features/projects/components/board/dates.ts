/** A calendar date (`2026-11-20`) as a short day in the user's language ("Nov 20", "Nov 20, 2027" in another year). */
export function formatDay(date: string, language: string, today: string): string {
  const sameYear = date.slice(0, 4) === today.slice(0, 4);
  return new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** Overdue: due before the viewer's today and not done (a task in the last column has `completed_at`). */
export const isOverdue = (task: { due_date: string | null; completed_at: string | null }, today: string) =>
  task.due_date !== null && task.completed_at === null && task.due_date < today;
