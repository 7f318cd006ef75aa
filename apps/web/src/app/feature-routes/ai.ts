import { defineFeature } from '../manifest';

const analytics = () => import('../routes/ai/ai-analytics-page');

/**
 * AI reports (issue 28): the admin's and the client's `ai-analytics` (reports streamed as they are written, past
 * reports, summary batches; the admin's AI settings and prompts), and the VA's view of the results about them.
 * "Analyse" itself sits on the attendance timeline (`reports/activity-logs/:id`).
 */
export const aiFeature = defineFeature({
  name: 'ai',
  ns: 'ai',
  pages: {
    admin: [
      {
        path: 'ai-analytics',
        load: analytics,
        component: 'AdminAiAnalyticsPage',
        nav: { labelKey: 'nav.aiAnalytics', order: 38, icon: 'insights' },
      },
    ],
    client: [
      {
        path: 'ai-analytics',
        load: analytics,
        component: 'ClientAiAnalyticsPage',
        nav: { labelKey: 'nav.aiAnalytics', order: 38, icon: 'insights' },
      },
    ],
    va: [
      {
        path: 'ai-reports',
        load: () => import('../routes/ai/va-ai-page'),
        component: 'VaAiReportsPage',
        nav: { labelKey: 'nav.aiReports', order: 19, icon: 'insights' },
      },
    ],
  },
});
