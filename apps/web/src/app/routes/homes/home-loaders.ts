import type { Area } from '../../../features/attendance/api/filters';
import { countersQuery, onlineQuery } from '../../../features/attendance/api/lists';
import { organizationQueryOptions } from '../../../features/organization/api/organization';
import { meQueryOptions } from '../../../lib/me';
import { subscriptionActive } from '../../gate';
import type { PageLoader } from '../../manifest';
import { attendanceTexts, lateAndAbsentQuery } from '../attendance/home-parts';

/**
 * What a home showing attendance shows first, fetched while its code downloads: the attendance texts, the counters,
 * who is on shift and, for supervisors, today's late and absent shifts once the counters name the day. The home then
 * renders once, complete, rather than asking for each part after the previous one has arrived.
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
    const counters = client.ensureQueryData(countersQuery(area));
    return Promise.all([
      attendanceTexts(),
      client.ensureQueryData(onlineQuery(area, 'all', 1)),
      area === 'client'
        ? counters
        : counters.then(({ date }) => client.ensureQueryData(lateAndAbsentQuery(area, date))),
    ]);
  };

export const adminHomeLoader = attendanceHomeLoader('admin');
export const managerHomeLoader = attendanceHomeLoader('manager');
export const clientHomeLoader = attendanceHomeLoader('client');
