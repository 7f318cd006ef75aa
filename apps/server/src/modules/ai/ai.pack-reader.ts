import type { Db } from '../../db/client';
import { type EvidenceShift, shiftActivity } from '../attendance/public';
import { itemTitles } from '../projects/public';
import { approvedRequestsOn } from '../requests/public';
import { screenshotFactsOfAttendance } from '../screenshots/public';
import { buildEvidencePack } from './evidence/pack';
import type { EvidencePack, PackTask } from './evidence/pack-types';

/** Reads one shift's rows from the modules that keep them and builds its evidence pack under the VA's alias. */
export async function packOfShift(
  db: Db,
  shift: EvidenceShift,
  alias: string,
  windowTitles: boolean,
): Promise<EvidencePack> {
  const [activity, shots, requests] = await Promise.all([
    shiftActivity(db, shift.id),
    screenshotFactsOfAttendance(db, shift.organizationId, shift.id),
    approvedRequestsOn(db, shift.organizationId, shift.vaId, shift.date),
  ]);
  const taskIds = activity.items.flatMap((i) => (i.taskId ? [i.taskId] : []));
  const generalIds = activity.items.flatMap((i) => (i.generalTaskId ? [i.generalTaskId] : []));
  const titles = await itemTitles(db, shift.organizationId, taskIds, generalIds);
  const tasks: PackTask[] = activity.items.flatMap((i): PackTask[] => {
    if (i.taskId) {
      const t = titles.tasks.get(i.taskId);
      return [
        {
          kind: 'task' as const,
          id: i.taskId,
          title: t?.title ?? `Task ${i.taskId}`,
          project: t?.project ?? null,
          seconds: i.seconds,
        },
      ];
    }
    if (i.generalTaskId) {
      const t = titles.general.get(i.generalTaskId);
      return [
        {
          kind: 'general' as const,
          id: i.generalTaskId,
          title: t?.title ?? `General task ${i.generalTaskId}`,
          project: null,
          seconds: i.seconds,
        },
      ];
    }
    return [];
  });
  return buildEvidencePack({
    shift,
    alias,
    pings: activity.pings,
    blocks: activity.blocks,
    screenshots: shots,
    tasks,
    requests,
    windowTitles,
  });
}
