import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/types';
import { aiSettings, aiUsage } from './ai.table';

export const monthOf = (d: Date) => d.toISOString().slice(0, 7);

/** The organization's settings (the defaults until someone changes one). */
export async function settingsOf(db: Db, organizationId: number) {
  const [row] = await db.select().from(aiSettings).where(eq(aiSettings.organizationId, organizationId));
  return (
    row ?? { organizationId, enabled: true, windowTitles: false, monthlyTokenBudget: null as number | null }
  );
}

export async function tokensThisMonth(db: Db, organizationId: number, now: Date) {
  const [row] = await db
    .select({ tokens: aiUsage.tokens })
    .from(aiUsage)
    .where(and(eq(aiUsage.organizationId, organizationId), eq(aiUsage.month, monthOf(now))));
  return row?.tokens ?? 0;
}

/** Counts tokens the moment the model reports them (a failed call's tokens were used all the same). */
export async function addTokens(db: Db, organizationId: number, now: Date, tokens: number) {
  if (tokens <= 0) return;
  await db
    .insert(aiUsage)
    .values({ organizationId, month: monthOf(now), tokens })
    .onConflictDoUpdate({
      target: [aiUsage.organizationId, aiUsage.month],
      set: { tokens: sql`${aiUsage.tokens} + ${tokens}` },
    });
}

export async function saveSettings(
  db: Db,
  organizationId: number,
  patch: Partial<{ enabled: boolean; windowTitles: boolean; monthlyTokenBudget: number | null }>,
) {
  const current = await settingsOf(db, organizationId);
  const next = { ...current, ...patch, organizationId };
  await db
    .insert(aiSettings)
    .values(next)
    .onConflictDoUpdate({
      target: aiSettings.organizationId,
      set: {
        enabled: next.enabled,
        windowTitles: next.windowTitles,
        monthlyTokenBudget: next.monthlyTokenBudget,
        updatedAt: sql`now()`,
      },
    });
}

/** The settings as the API answers them. */
export async function settingsView(deps: Deps, organizationId: number) {
  const s = await settingsOf(deps.db, organizationId);
  return {
    enabled: s.enabled,
    window_titles: s.windowTitles,
    monthly_token_budget: s.monthlyTokenBudget,
    tokens_this_month: await tokensThisMonth(deps.db, organizationId, deps.clock.now()),
    model: deps.llm.model ?? 'built-in',
  };
}
