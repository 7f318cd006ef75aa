import { z } from 'zod';
import type { ChatMessage, LanguageModel, TokenUsage } from '../../../platform/llm/types';
import type { EvidencePack } from '../evidence/pack-types';
import type { Draft, DraftClaim } from './analysis';

const answerSchema = z.object({
  markdown: z.string(),
  claims: z.array(z.object({ text: z.string(), evidence: z.array(z.string()) })),
});

const JSON_SHAPE = `Answer with one JSON object and nothing else:
{"markdown": "the report in markdown, no HTML", "claims": [{"text": "one claim", "evidence": ["evidence id", ...]}]}
Every claim cites at least one evidence id that appears in the pack (facts[].id or signals[].id).`;

const STREAM_SHAPE = `Write the report in markdown (no HTML). End every sentence that states a figure or a signal with the
evidence ids it rests on in double brackets, e.g. "Clocked in 7 minutes late. [[att12.clock_in]]". Use only ids that
appear in the pack (facts[].id or signals[].id).`;

export class MalformedAnswer extends Error {}

const system = (template: string, shape: string): ChatMessage => ({
  role: 'system',
  content: `You analyse attendance records of virtual assistants for their managers. The people are named by aliases
(VA-1, VA-2); keep the aliases. ${template}\n\n${shape}`,
});

const packMessage = (packs: EvidencePack[]): ChatMessage => ({
  role: 'user',
  content: `Evidence pack (JSON):\n${JSON.stringify(packs.length === 1 ? packs[0] : packs)}`,
});

/** What was sent to the model for `input_hash`: the messages alone (the packs as the model sees them). */
export const analysisMessages = (packs: EvidencePack[], template: string, streamed: boolean) => [
  system(template, streamed ? STREAM_SHAPE : JSON_SHAPE),
  packMessage(packs),
];

const add = (a: TokenUsage, b: TokenUsage) => ({
  prompt: a.prompt + b.prompt,
  completion: a.completion + b.completion,
  total: a.total + b.total,
});

/**
 * Asks the model for claims in JSON; an answer that is not the JSON asked for gets one repair attempt (the model is
 * shown its answer and the shape again); a second malformed answer throws `MalformedAnswer`. Model failures throw
 * the adapter's `LanguageModelError` (it already retried 5xx and timeouts within its deadline).
 */
export async function askForClaims(
  llm: LanguageModel,
  packs: EvidencePack[],
  template: string,
  onUsage: (usage: TokenUsage) => void,
): Promise<Draft & { model: string; usage: TokenUsage; repaired: boolean }> {
  const messages = analysisMessages(packs, template, false);
  const first = await llm.complete({ messages, json: true });
  onUsage(first.usage);
  const parsed = parse(first.text);
  if (parsed) return { ...parsed, model: first.model, usage: first.usage, repaired: false };
  const second = await llm.complete({
    messages: [
      ...messages,
      { role: 'assistant', content: first.text.slice(0, 4000) },
      { role: 'user', content: `That was not the JSON asked for. ${JSON_SHAPE}` },
    ],
    json: true,
  });
  onUsage(second.usage);
  const repaired = parse(second.text);
  if (!repaired)
    throw new MalformedAnswer('The model answered something other than the report asked for, twice.');
  return { ...repaired, model: second.model, usage: add(first.usage, second.usage), repaired: true };
}

function parse(text: string): Draft | null {
  // Some endpoints wrap JSON in a fence even in JSON mode.
  const body = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  try {
    const result = answerSchema.safeParse(JSON.parse(body));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * Streams a report in markdown with `[[ids]]` citations (`onText` gets the text as it is written). The claims are
 * the cited lines; an answer with no citation at all is malformed and gets one repair attempt, streamed too.
 */
export async function streamReport(
  llm: LanguageModel,
  packs: EvidencePack[],
  template: string,
  onText: (delta: string) => void,
  onUsage: (usage: TokenUsage) => void,
): Promise<Draft & { model: string; usage: TokenUsage }> {
  const messages = analysisMessages(packs, template, true);
  const first = await llm.complete({ messages, onText });
  onUsage(first.usage);
  const claims = citedClaims(first.text);
  if (claims.length) return { markdown: first.text, claims, model: first.model, usage: first.usage };
  onText('\n\n---\n\n');
  const second = await llm.complete({
    messages: [
      ...messages,
      { role: 'assistant', content: first.text.slice(0, 4000) },
      { role: 'user', content: `That report cites no evidence. ${STREAM_SHAPE}` },
    ],
    onText,
  });
  onUsage(second.usage);
  const again = citedClaims(second.text);
  if (!again.length) throw new MalformedAnswer('The model wrote a report citing no evidence, twice.');
  return { markdown: second.text, claims: again, model: second.model, usage: add(first.usage, second.usage) };
}

const CITATION = /\[\[([^\]]+)\]\]/g;

/** Each line (or sentence) ending in `[[id, id]]` is a claim citing those ids. */
export function citedClaims(markdown: string): DraftClaim[] {
  const claims: DraftClaim[] = [];
  for (const line of markdown.split('\n')) {
    for (const sentence of line.split(/(?<=\]\])\s+/)) {
      const ids = [...sentence.matchAll(CITATION)].flatMap((m) =>
        m[1]
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
      if (!ids.length) continue;
      const text = sentence
        .replace(CITATION, '')
        .replace(/^[-*\s]+/, '')
        .trim();
      claims.push({ text, evidence: ids });
    }
  }
  return claims;
}

/**
 * The report as kept: a sentence citing an id the packs do not have is dropped (as its claim is), and the `[[ids]]`
 * go (the checked claims list them as links below the report).
 */
export function keptReport(markdown: string, known: Set<string>) {
  return markdown
    .split('\n')
    .map((line) =>
      line
        .split(/(?<=\]\])\s+/)
        .filter((sentence) => {
          const ids = [...sentence.matchAll(CITATION)].flatMap((m) => m[1].split(',').map((x) => x.trim()));
          return ids.every((id) => known.has(id));
        })
        .join(' '),
    )
    .join('\n')
    .replace(/\s*\[\[[^\]]+\]\]/g, '');
}
