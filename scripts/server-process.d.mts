export function serverNodeFlags(env?: NodeJS.ProcessEnv, opts?: { prepare?: boolean }): string[];
export function preparesFirst(root: string, env?: NodeJS.ProcessEnv): boolean;
