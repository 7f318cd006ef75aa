// The manager dashboard's home page (its own module, so each role's home grows without touching the others).
export { DashboardHome as ManagerHome } from '../dashboard-home';
