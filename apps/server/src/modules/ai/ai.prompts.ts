import type { Prompt } from '@vahub/shared/ai/schemas';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { aiPrompts, aiPromptVersions } from './ai.table';
import { BUILT_IN_PROMPTS, isBuiltInPrompt, type PromptDef } from './analyst/prompts';

type PromptRow = typeof aiPrompts.$inferSelect;

const fromRow = (r: PromptRow): PromptDef => ({
  id: String(r.id),
  name: r.name,
  description: r.description,
  template: r.template,
  version: r.version,
  builtIn: false,
  focus: 'attendance_summary',
});

const toView = (p: PromptDef, updatedAt: Date | null = null): Prompt => ({
  id: p.id,
  name: p.name,
  description: p.description,
  template: p.template,
  version: p.version,
  built_in: p.builtIn,
  updated_at: updatedAt?.toISOString() ?? null,
});

export async function listPrompts(deps: Deps, viewer: Viewer) {
  const rows = await deps.db
    .select()
    .from(aiPrompts)
    .where(and(eq(aiPrompts.organizationId, viewer.organizationId), isNull(aiPrompts.deletedAt)))
    .orderBy(asc(aiPrompts.id));
  return {
    data: [
      ...Object.values(BUILT_IN_PROMPTS).map((p) => toView(p)),
      ...rows.map((r) => toView(fromRow(r), r.updatedAt)),
    ],
  };
}

/** A prompt by id: built-in, or the organization's own (not deleted); null otherwise. */
export async function resolvePrompt(db: Db, organizationId: number, id: string): Promise<PromptDef | null> {
  if (isBuiltInPrompt(id)) return BUILT_IN_PROMPTS[id];
  if (!/^\d{1,9}$/.test(id)) return null;
  const [row] = await db
    .select()
    .from(aiPrompts)
    .where(
      and(
        eq(aiPrompts.id, Number(id)),
        eq(aiPrompts.organizationId, organizationId),
        isNull(aiPrompts.deletedAt),
      ),
    );
  return row ? fromRow(row) : null;
}

export async function createPrompt(
  deps: Deps,
  viewer: Viewer,
  body: { name: string; description: string; template: string },
) {
  return deps.transaction(async ({ tx }) => {
    const [row] = await tx
      .insert(aiPrompts)
      .values({ organizationId: viewer.organizationId, ...body, createdBy: viewer.userId })
      .returning();
    await tx.insert(aiPromptVersions).values({ promptId: row.id, version: 1, template: row.template });
    return toView(fromRow(row), row.updatedAt);
  });
}

/** A changed template is a new version (kept in `ai_prompt_versions`); a name or description change is not. */
export async function updatePrompt(
  deps: Deps,
  viewer: Viewer,
  id: number,
  body: Partial<{ name: string; description: string; template: string }>,
) {
  return deps.transaction(async ({ tx }) => {
    const [row] = await tx
      .select()
      .from(aiPrompts)
      .where(
        and(
          eq(aiPrompts.id, id),
          eq(aiPrompts.organizationId, viewer.organizationId),
          isNull(aiPrompts.deletedAt),
        ),
      )
      .for('update');
    if (!row) throw notFound('Prompt');
    const newTemplate = body.template !== undefined && body.template !== row.template;
    const version = newTemplate ? row.version + 1 : row.version;
    const [next] = await tx
      .update(aiPrompts)
      .set({ ...body, version, updatedAt: deps.clock.now() })
      .where(eq(aiPrompts.id, id))
      .returning();
    if (newTemplate)
      await tx.insert(aiPromptVersions).values({ promptId: id, version, template: next.template });
    return toView(fromRow(next), next.updatedAt);
  });
}

export async function deletePrompt(deps: Deps, viewer: Viewer, id: number) {
  const rows = await deps.db
    .update(aiPrompts)
    .set({ deletedAt: deps.clock.now() })
    .where(
      and(
        eq(aiPrompts.id, id),
        eq(aiPrompts.organizationId, viewer.organizationId),
        isNull(aiPrompts.deletedAt),
      ),
    )
    .returning({ id: aiPrompts.id });
  if (!rows.length) throw notFound('Prompt');
  return { message: 'Prompt deleted.' };
}
