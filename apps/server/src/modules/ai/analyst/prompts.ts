import type { BuiltInPrompt } from '@vahub/shared/ai/schemas';

export type PromptDef = {
  id: string;
  name: string;
  description: string;
  template: string;
  version: number;
  builtIn: boolean;
  /** Which of the built-in analyst's layouts writes it (an organization's own prompt: the summary's). */
  focus: BuiltInPrompt;
};

const RULES = `Rules: cite evidence ids from the pack for every claim; a signal is "needs review", never misconduct; say
"not enough data" where the pack says so; approved leave never counts against anyone; do not guess beyond the pack.`;

/** The prompts that ship with the product (version bumps when their text changes). */
export const BUILT_IN_PROMPTS: Record<BuiltInPrompt, PromptDef> = {
  attendance_summary: {
    id: 'attendance_summary',
    name: 'Attendance summary',
    description:
      'What was scheduled and worked, lateness, breaks, idle spells, tasks and any signal to review.',
    template: `Summarise the attendance in the evidence pack for a manager in a few short paragraphs: schedule against
worked time, lateness and early leave, breaks and idle spells, the tasks worked, and any signal that needs review.
${RULES}`,
    version: 1,
    builtIn: true,
    focus: 'attendance_summary',
  },
  unusual_activity: {
    id: 'unusual_activity',
    name: 'Unusual-activity review',
    description:
      'The signals the rules found, their thresholds and confidence, and what a reviewer should check.',
    template: `Review the unusual-activity signals in the evidence pack: for each, say what the rule and threshold are,
what was observed, its confidence, and what a reviewer could check (ordinary explanations first). If there are none,
say so. ${RULES}`,
    version: 1,
    builtIn: true,
    focus: 'unusual_activity',
  },
  schedule_adherence: {
    id: 'schedule_adherence',
    name: 'Schedule adherence',
    description: 'Clock-in and clock-out against the schedule, breaks, and approved leave or overtime.',
    template: `Describe how the attendance kept to its schedule: clock-in against the start, clock-out against the end,
breaks, approved leave and overtime. ${RULES}`,
    version: 1,
    builtIn: true,
    focus: 'schedule_adherence',
  },
};

export const isBuiltInPrompt = (id: string): id is BuiltInPrompt => Object.hasOwn(BUILT_IN_PROMPTS, id);
