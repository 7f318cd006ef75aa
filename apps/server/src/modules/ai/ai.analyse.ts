import { createHash } from 'node:crypto';
import type { Deps } from '../../lib/types';
import { LanguageModelError } from '../../platform/llm/types';
import { restoreNames } from './ai.aliases';
import { addTokens, settingsOf, tokensThisMonth } from './ai.settings';
import type { StoredClaim, StoredSignal } from './ai.table';
import { checkClaims, claimsMarkdown, type Draft, signalsOf } from './analyst/analysis';
import { type BuiltInReason, writeBuiltIn } from './analyst/built-in-analyst';
import {
  analysisMessages,
  askForClaims,
  keptReport,
  MalformedAnswer,
  streamReport,
} from './analyst/model-analyst';
import type { PromptDef } from './analyst/prompts';
import { evidenceIds } from './evidence/pack';
import type { EvidencePack } from './evidence/pack-types';

export const BUILT_IN_MODEL = 'built-in';

export type Analysis = {
  status: 'done' | 'failed';
  model: string | null;
  markdown: string | null;
  claims: StoredClaim[];
  signals: StoredSignal[];
  droppedClaims: number;
  tokens: number;
  inputHash: string;
  error: string | null;
};

export type AnalyseInput = {
  organizationId: number;
  packs: EvidencePack[];
  prompt: PromptDef;
  aliases: Map<number, string>;
  names: Map<number, string>;
  /** Streams the text as it is written (analytics reports); results are asked for JSON claims instead. */
  onText?: (delta: string) => void;
};

/**
 * Analyses evidence packs with a prompt: the model when one is configured and the organization's budget allows,
 * else the built-in analyst (which says why). Only claims citing evidence of the packs are kept (the rest counted);
 * aliases become names again in what is stored. A model that fails (after the adapter's retries, within its
 * deadline) or answers malformed twice gives a `failed` analysis with a plain reason. Never throws for those.
 */
export async function analyse(deps: Deps, input: AnalyseInput): Promise<Analysis> {
  const streamed = Boolean(input.onText);
  const messages = analysisMessages(input.packs, input.prompt.template, streamed);
  const inputHash = createHash('sha256')
    .update(JSON.stringify({ prompt: input.prompt.id, version: input.prompt.version, messages }))
    .digest('hex');
  const signals = signalsOf(input.packs);

  const reason = await builtInReason(deps, input.organizationId);
  let draft: Draft;
  let model: string;
  let tokens = 0;
  if (reason) {
    draft = writeBuiltIn(input.packs, input.prompt.focus, reason);
    model = BUILT_IN_MODEL;
    input.onText?.(draft.markdown);
  } else {
    const onUsage = (u: { total: number }) => {
      tokens += u.total;
    };
    try {
      const answer = input.onText
        ? await streamReport(deps.llm, input.packs, input.prompt.template, input.onText, onUsage)
        : await askForClaims(deps.llm, input.packs, input.prompt.template, onUsage);
      draft = {
        markdown: input.onText ? keptReport(answer.markdown, knownIds(input.packs)) : answer.markdown,
        claims: answer.claims,
      };
      model = answer.model;
      await addTokens(deps.db, input.organizationId, deps.clock.now(), tokens);
    } catch (error) {
      // A call that failed after answering (a malformed answer) used its tokens all the same.
      await addTokens(deps.db, input.organizationId, deps.clock.now(), tokens);
      if (!(error instanceof LanguageModelError) && !(error instanceof MalformedAnswer)) throw error;
      return {
        status: 'failed',
        model: deps.llm.model,
        markdown: null,
        claims: [],
        signals,
        droppedClaims: 0,
        tokens,
        inputHash,
        error: error.message,
      };
    }
  }

  const { kept, dropped } = checkClaims(input.packs, draft.claims);
  const restore = (text: string) => restoreNames(text, input.aliases, input.names);
  return {
    status: 'done',
    model,
    markdown: restore(draft.markdown.trimEnd() + claimsMarkdown(kept)),
    claims: kept.map((c) => ({ ...c, text: restore(c.text) })),
    signals,
    droppedClaims: dropped,
    tokens,
    inputHash,
    error: null,
  };
}

async function builtInReason(deps: Deps, organizationId: number): Promise<BuiltInReason | null> {
  if (deps.llm.provider === 'none') return 'not_configured';
  const settings = await settingsOf(deps.db, organizationId);
  if (settings.monthlyTokenBudget !== null) {
    const used = await tokensThisMonth(deps.db, organizationId, deps.clock.now());
    if (used >= settings.monthlyTokenBudget) return 'budget';
  }
  return null;
}

const knownIds = (packs: EvidencePack[]) => new Set(packs.flatMap((p) => [...evidenceIds(p)]));
