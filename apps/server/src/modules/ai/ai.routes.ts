import {
  adminAi as admin,
  clientAi as client,
  managerAi as manager,
  superAdminAi,
  vaAi as va,
} from '@vahub/shared/ai/endpoints';
import { notFound } from '../../lib/errors';
import type { ModuleContext } from '../../lib/module';
import { organizationNames } from '../organizations/public';
import { batchDetail, createBatch, listBatches } from './ai.batches';
import { createPrompt, deletePrompt, listPrompts, updatePrompt } from './ai.prompts';
import { generateReport, listReports, reportDetail } from './ai.reports';
import { addNote, listResults, processAttendance } from './ai.results';
import { saveSettings, settingsView } from './ai.settings';

/** The AI calls of every area; the viewer's scope is what tells an admin's from a client's. */
export function registerAiRoutes({ route, deps }: ModuleContext) {
  route(admin.prompts, (_i, { viewer }) => listPrompts(deps, viewer));
  route(client.prompts, (_i, { viewer }) => listPrompts(deps, viewer));
  route(admin.createPrompt, ({ body }, { viewer }) => createPrompt(deps, viewer, body));
  route(admin.updatePrompt, ({ params, body }, { viewer }) => updatePrompt(deps, viewer, params.id, body));
  route(admin.deletePrompt, ({ params }, { viewer }) => deletePrompt(deps, viewer, params.id));
  route(admin.processAttendance, ({ body }, { viewer }) => processAttendance(deps, viewer, body));
  for (const api of [admin, manager, client, va]) {
    route(api.results, ({ query }, { viewer }) => listResults(deps, viewer, query.attendance_id));
  }
  route(va.addNote, ({ params, body }, { viewer }) => addNote(deps, viewer, params.id, body.note));
  route(admin.settings, (_i, { viewer }) => settingsView(deps, viewer.organizationId));
  route(admin.updateSettings, async ({ body }, { viewer }) => {
    await saveSettings(deps.db, viewer.organizationId, {
      ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
      ...(body.window_titles === undefined ? {} : { windowTitles: body.window_titles }),
    });
    return settingsView(deps, viewer.organizationId);
  });
  route(superAdminAi.setBudget, async ({ params, body }) => {
    const names = await organizationNames(deps.db, [params.id]);
    if (!names.has(params.id)) throw notFound('Organization');
    await saveSettings(deps.db, params.id, { monthlyTokenBudget: body.monthly_token_budget });
    return settingsView(deps, params.id);
  });
  for (const api of [admin, client]) {
    route(api.batches, (_i, { viewer }) => listBatches(deps, viewer));
    route(api.createBatch, ({ body }, { viewer }) => createBatch(deps, viewer, body));
    route(api.batch, ({ params }, { viewer }) => batchDetail(deps, viewer, params.id));
    route(api.generateReport, ({ body }, { viewer }) => generateReport(deps, viewer, body));
    route(api.reports, (_i, { viewer }) => listReports(deps, viewer));
    route(api.report, ({ params }, { viewer }) => reportDetail(deps, viewer, params.id));
  }
}
