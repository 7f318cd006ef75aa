import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CapturedScreen } from '@vahub/tracker-core/capture/types';
import type Sharp from 'sharp';

export interface Monitor {
  index: number;
  name: string;
  width: number;
  height: number;
  x: number;
  y: number;
}

/** `xrandr --listmonitors` → the monitors in the root window, in xrandr's order. */
export function parseMonitors(output: string): Monitor[] {
  const monitors: Monitor[] = [];
  for (const line of output.split('\n')) {
    const m = /^\s*(\d+):\s+\+?\*?(\S+)\s+(\d+)\/\d+x(\d+)\/\d+\+(-?\d+)\+(-?\d+)(?:\s+(\S+))?/.exec(line);
    if (!m) continue;
    monitors.push({
      index: Number(m[1]),
      name: m[7] ?? m[2],
      width: Number(m[3]),
      height: Number(m[4]),
      x: Number(m[5]),
      y: Number(m[6]),
    });
  }
  return monitors;
}

const contains = (a: Monitor, b: Monitor) =>
  a.x <= b.x && a.y <= b.y && a.x + a.width >= b.x + b.width && a.y + a.height >= b.y + b.height;

/**
 * The screens to capture: mirrored monitors (same area) once, and a monitor that holds others (an output split
 * into virtual monitors with `xrandr --setmonitor`) replaced by its parts.
 */
export function distinctMonitors(monitors: Monitor[]): Monitor[] {
  const unique = monitors.filter(
    (m, i) =>
      monitors.findIndex(
        (n) => n.x === m.x && n.y === m.y && n.width === m.width && n.height === m.height,
      ) === i,
  );
  return unique.filter((m) => !unique.some((n) => n !== m && contains(m, n)));
}

/** Screens wider than this are scaled down (height in proportion). */
export const MAX_WIDTH = 1920;
const MAX_SCREENS = 16;

let sharpModule: Promise<typeof Sharp> | null = null;
/**
 * sharp (libvips) loads with the first screenshot, not at start: `status`, `login` and `--version` need none of
 * it, and a system without what libvips links to (Wine 8 lacks Windows 10's bcryptprimitives.dll) still signs in.
 */
const loadSharp = () => {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
};

/**
 * Cuts one picture of the whole desktop into its monitors, each downscaled to at most 1920 px wide and
 * encoded as JPEG. Monitors are clipped to the picture; without monitor information the whole picture is
 * one screen.
 */
export async function splitScreens(
  image: Buffer,
  monitors: Monitor[],
  quality = 70,
): Promise<CapturedScreen[]> {
  const sharp = await loadSharp();
  const meta = await sharp(image).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const areas = (
    monitors.length ? distinctMonitors(monitors) : [{ index: 0, name: 'root', x: 0, y: 0, width, height }]
  )
    .map((m) => {
      const left = Math.max(0, m.x);
      const top = Math.max(0, m.y);
      return {
        left,
        top,
        width: Math.min(width, m.x + m.width) - left,
        height: Math.min(height, m.y + m.height) - top,
      };
    })
    .filter((a) => a.width > 0 && a.height > 0)
    .slice(0, MAX_SCREENS);
  return Promise.all(
    areas.map(async (area, screen) => {
      const out = await sharp(image)
        .extract(area)
        .resize({ width: MAX_WIDTH, withoutEnlargement: true })
        .jpeg({ quality, mozjpeg: false })
        .toBuffer();
      return {
        screen,
        bytes: new Uint8Array(out.buffer, out.byteOffset, out.length),
        type: 'image/jpeg' as const,
      };
    }),
  );
}

function exec(file: string, args: string[], binary: true): Promise<Buffer>;
function exec(file: string, args: string[], binary?: false): Promise<string>;
function exec(file: string, args: string[], binary = false): Promise<Buffer | string> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { timeout: 15_000, maxBuffer: 256 * 1024 * 1024, encoding: binary ? 'buffer' : 'utf8' },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });
}

/** Every screen of the X11 display: ImageMagick's `import -window root`, split by `xrandr --listmonitors`. */
export async function captureX11(): Promise<CapturedScreen[]> {
  const [image, listing] = await Promise.all([
    exec('import', ['-silent', '-window', 'root', '-define', 'png:compression-level=1', 'png:-'], true),
    exec('xrandr', ['--listmonitors']).catch(() => ''),
  ]);
  return splitScreens(image, parseMonitors(listing));
}

/**
 * Every screen on Windows: PowerShell with System.Drawing copies each screen to a PNG in a temporary folder.
 * Untested here: this build machine runs Linux only.
 */
const WINDOWS_SCRIPT = (dir: string) => `
Add-Type -AssemblyName System.Windows.Forms, System.Drawing
$i = 0
foreach ($s in [System.Windows.Forms.Screen]::AllScreens) {
  $b = $s.Bounds; $bmp = New-Object System.Drawing.Bitmap $b.Width, $b.Height
  $g = [System.Drawing.Graphics]::FromImage($bmp); $g.CopyFromScreen($b.Location, [System.Drawing.Point]::Empty, $b.Size)
  $bmp.Save((Join-Path '${dir.replace(/'/g, "''")}' ("screen-{0:D2}.png" -f $i)), [System.Drawing.Imaging.ImageFormat]::Png)
  $g.Dispose(); $bmp.Dispose(); $i++
}`;

export async function captureWindows(): Promise<CapturedScreen[]> {
  const dir = await mkdtemp(join(tmpdir(), 'vahub-capture-'));
  try {
    await exec('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', WINDOWS_SCRIPT(dir)]);
    const names = (await readdir(dir)).filter((n) => n.endsWith('.png')).sort();
    const screens: CapturedScreen[] = [];
    for (const name of names.slice(0, MAX_SCREENS)) {
      const [screen] = await splitScreens(await readFile(join(dir, name)), []);
      screens.push({ ...screen, screen: screens.length });
    }
    return screens;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whether a program answers on this machine (`xprop`, `import`…). */
export async function hasProgram(file: string, args: string[]): Promise<boolean> {
  try {
    await exec(file, args);
    return true;
  } catch {
    return false;
  }
}
