import { aiFeature } from './feature-routes/ai';
import { attendanceFeature } from './feature-routes/attendance';
import { attendanceInsightsFeature } from './feature-routes/attendance-insights';
import { billingFeature } from './feature-routes/billing';
import { contractsFeature } from './feature-routes/contracts';
import { integrationsFeature } from './feature-routes/integrations';
import { moneyFeature } from './feature-routes/money';
import { notificationsFeature } from './feature-routes/notifications';
import { peopleFeature } from './feature-routes/people';
import { projectsFeature } from './feature-routes/projects';
import { reportsFeature } from './feature-routes/reports';
import { requestsFeature } from './feature-routes/requests';
import { screenshotsFeature } from './feature-routes/screenshots';
import { shellFeature } from './feature-routes/shell';
import { timesheetsFeature } from './feature-routes/timesheets';
import type { FeatureManifest } from './manifest';

/** Every feature of the app, in sidebar order of their first entries. A new feature adds itself here. */
export const FEATURES: FeatureManifest[] = [
  shellFeature,
  peopleFeature,
  contractsFeature,
  attendanceFeature,
  attendanceInsightsFeature,
  screenshotsFeature,
  reportsFeature,
  timesheetsFeature,
  notificationsFeature,
  requestsFeature,
  projectsFeature,
  billingFeature,
  aiFeature,
  integrationsFeature,
  moneyFeature,
];
