import { defineModule } from '../../lib/module';
import { NIGHTLY_QUEUE, nightlyBatches } from './ai.batches';
import { REPORT_QUEUE, runReport } from './ai.reports';
import { ANALYSE_QUEUE, runResult } from './ai.results';
import { registerAiRoutes } from './ai.routes';

/**
 * AI reports (DOMAIN.md "AI reports"; issue 28): evidence packs, prompts, analyses of one attendance, summary
 * batches and analytics reports, written by a model behind `platform/llm` or by the built-in analyst.
 */
export const aiModule = defineModule({
  name: 'ai',
  register(ctx) {
    const { deps } = ctx;
    registerAiRoutes(ctx);
    // The adapter retries and ends every model call within LLM_TIMEOUT_MS; a job that outlives twice that (with
    // its reading) is presumed dead. The handlers finish their row as failed themselves, so no job retry.
    const expireInSeconds = Math.ceil((deps.config.LLM_TIMEOUT_MS * 3) / 1000) + 60;
    deps.jobs.work<{ resultId: number }>(ANALYSE_QUEUE, (job) => runResult(deps, job.data.resultId), {
      retryLimit: 0,
      expireInSeconds,
    });
    deps.jobs.work<{ reportId: number; clientId: number | null }>(
      REPORT_QUEUE,
      (job) => runReport(deps, job.data.reportId, job.data.clientId),
      { retryLimit: 0, expireInSeconds },
    );
    deps.jobs.work(NIGHTLY_QUEUE, () => nightlyBatches(deps), { retryLimit: 2 });
    // Hourly: each organization's batch is made once its own day is a few hours old (`nightlyBatches`).
    deps.jobs.schedule(NIGHTLY_QUEUE, '20 * * * *');
  },
});
