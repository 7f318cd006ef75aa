// The va dashboard's home page (its own module, so each role's home grows without touching the others).
export { DashboardHome as VaHome } from '../dashboard-home';
