import type { Area } from '../../../features/attendance/api/filters';
import { countersQuery, onlineQuery } from '../../../features/attendance/api/lists';
import { organizationQueryOptions } from '../../../features/organization/api/organization';
import { meQueryOptions } from '../../../lib/me';
import { subscriptionActive } from '../../gate';
import type { PageLoader } from '../../manifest';
import { attendanceTexts } from '../attendance/home-parts';

/**
 * What a home showing attendance shows first, fetched while its code downloads: the attendance texts, the counters
 * and who is on shift; the home renders once they are in, complete above the fold. Supervisors' late and absent
 * shifts of today (up to 100 of them) are not waited for: their section, the last of the page (below the fold on a
 * phone), asks for them once shown (the counters name the day) and shows its skeleton rows until then, so neither
 * that second round trip nor its download holds the page.
 */
const attendanceHomeLoader =
  (area: Area): PageLoader =>
  async (_, client) => {
    const [me, organization] = await Promise.all([
      client.ensureQueryData(meQueryOptions()),
      client.ensureQueryData(organizationQueryOptions()),
    ]);
    // Where the gate sends the person elsewhere (a plan to choose, an email to verify), the server refuses these
    // reads, and a refusal makes the app revalidate in the middle of the gate's redirect: fetch nothing.
    if (!subscriptionActive(organization) || !me.email_verified_at) return [];
    return Promise.all([
      attendanceTexts(),
      client.ensureQueryData(onlineQuery(area, 'all', 1)),
      client.ensureQueryData(countersQuery(area)),
    ]);
  };

export const adminHomeLoader = attendanceHomeLoader('admin');
export const managerHomeLoader = attendanceHomeLoader('manager');
export const clientHomeLoader = attendanceHomeLoader('client');
