import { WithAttendanceTexts } from '../attendance/home-parts';
import { SupervisorHome } from './admin-home';

// The manager dashboard's home page: the admin's home over the manager's scope (their clients' VAs and the
// members of teams they lead), without the idle list, which only admins have.
export function ManagerHome() {
  return (
    <WithAttendanceTexts>
      <SupervisorHome dashboard="manager" />
    </WithAttendanceTexts>
  );
}
