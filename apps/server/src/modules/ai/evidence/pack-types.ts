import type { EvidenceShift } from '../../attendance/public';

/**
 * What the evidence pack is built from: the rows of one attendance, read by the ai module from the modules that
 * keep them (attendance, screenshots, projects, requests) and handed to the pure builder.
 */
/** The shift as the attendance module reads it for evidence, less what the pack does not use. */
export type PackShift = Omit<EvidenceShift, 'organizationId' | 'clientId'>;

export type PackPing = {
  at: Date;
  keyboard: number;
  mouse: number;
  idleSeconds: number;
  source: 'web' | 'desktop';
  activeWindow: { app: string; title: string } | null;
};

export type PackBlock = {
  startAt: Date;
  trackedSeconds: number;
  activeSeconds: number;
  idleSeconds: number;
  keyboard: number;
  mouse: number;
  pings: number;
};

export type PackScreenshot = {
  takenAt: Date;
  bytes: number;
  width: number;
  height: number;
  tracker: 'web' | 'desktop';
};

export type PackTask = {
  kind: 'task' | 'general';
  id: number;
  title: string;
  project: string | null;
  seconds: number;
};

/** An approved leave or overtime request touching the shift's date. */
export type PackRequest = {
  id: number;
  type: string;
  startDate: string;
  endDate: string;
  hours: number | null;
};

export type PackInput = {
  shift: PackShift;
  /** The person's alias, as the model sees them ("VA-1"); their name and email are never in the pack. */
  alias: string;
  pings: PackPing[];
  blocks: PackBlock[];
  screenshots: PackScreenshot[];
  tasks: PackTask[];
  requests: PackRequest[];
  /** Whether the organization lets window titles reach reports (off: only app names). */
  windowTitles: boolean;
};

/** One fact with a stable id and the page (within a dashboard) that shows it. */
export type Evidence = {
  id: string;
  kind:
    | 'schedule'
    | 'worked'
    | 'lateness'
    | 'early_leave'
    | 'break'
    | 'idle'
    | 'block'
    | 'task'
    | 'screenshots'
    | 'leave'
    | 'overtime'
    | 'tracker'
    | 'apps';
  label: string;
  value: string;
  /** Relative to the dashboard's root (`reports/activity-logs/12`), so each dashboard links to its own page. */
  page: string;
};

export type SignalRule = 'input_repeat' | 'single_input' | 'flawless_stretch' | 'static_screen';

/** A rule that matched: "needs review", with its threshold and a confidence, never a verdict. */
export type Signal = {
  id: string;
  rule: SignalRule;
  verdict: 'needs_review';
  confidence: 'low' | 'medium' | 'high';
  /** The rule and its threshold, in plain words. */
  threshold: string;
  /** What was seen. */
  observed: string;
  from: string;
  to: string;
  page: string;
};

export type PackStatus = 'analysed' | 'on_leave' | 'not_enough_data' | 'not_worked';

export type EvidencePack = {
  version: 1;
  attendance_id: number;
  subject: string;
  date: string;
  timezone: string;
  status: PackStatus;
  /** Plain sentences for the reader, e.g. why nothing is scored. */
  notes: string[];
  facts: Evidence[];
  signals: Signal[];
};
