// The client dashboard's home page (its own module, so each role's home grows without touching the others).
export { DashboardHome as ClientHome } from '../dashboard-home';
