import { execFileSync } from 'node:child_process';
import type { CapturedScreen } from '@vahub/tracker-core/capture/types';
import { type InputSource, UiohookInputSource } from './activity';
import { captureWindows, captureX11, hasProgram } from './screens';
import { type ActiveWindow, windowsActiveWindow, x11ActiveWindow } from './window';

/** What this machine offers the agent: input, the active window, screen capture (each with why not). */
export interface HostCapabilities {
  input: InputSource | null;
  windowProbe: (() => Promise<ActiveWindow | null>) | null;
  windowProblem: string | null;
  capture: (() => Promise<CapturedScreen[]>) | null;
  captureProblem: string | null;
}

/** On Linux, whether the X display answers (uiohook would wait forever for one that does not). */
function x11Problem(env: NodeJS.ProcessEnv): string | null {
  if (!env.DISPLAY) return 'no X display (DISPLAY is not set; Wayland-only sessions are not supported)';
  try {
    execFileSync('xprop', ['-root', '_NET_SUPPORTED'], { timeout: 3000, stdio: 'ignore' });
    return null;
  } catch {
    return `the X display ${env.DISPLAY} does not answer (or xprop is not installed)`;
  }
}

export async function detectHost(env: NodeJS.ProcessEnv = process.env): Promise<HostCapabilities> {
  if (process.platform === 'win32') {
    return {
      input: new UiohookInputSource(() => null),
      windowProbe: () => windowsActiveWindow(),
      windowProblem: null,
      capture: captureWindows,
      captureProblem: null,
    };
  }
  if (process.platform === 'linux') {
    const problem = x11Problem(env);
    if (problem)
      return {
        // Says why when the agent starts it: time is tracked without activity.
        input: new UiohookInputSource(() => problem),
        windowProbe: null,
        windowProblem: problem,
        capture: null,
        captureProblem: problem,
      };
    const canImport = await hasProgram('import', ['-version']);
    return {
      input: new UiohookInputSource(() => x11Problem(env)),
      windowProbe: () => x11ActiveWindow(),
      windowProblem: null,
      capture: canImport ? captureX11 : null,
      captureProblem: canImport ? null : 'ImageMagick `import` is not installed',
    };
  }
  const unsupported = `${process.platform} is not supported by this build`;
  return {
    input: null,
    windowProbe: null,
    windowProblem: unsupported,
    capture: null,
    captureProblem: unsupported,
  };
}
