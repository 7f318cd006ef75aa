import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { distinctMonitors, parseMonitors, splitScreens } from './screens';

describe('xrandr --listmonitors', () => {
  it('reads each monitor with its size and place', () => {
    const out = [
      'Monitors: 3',
      ' 0: +*DP-1 2560/597x1440/336+0+0  DP-1',
      ' 1: +HDMI-1 1920/531x1080/299+2560+180  HDMI-1',
      ' 2: +VIRTUAL1 1280/339x1024/271+-1280+0  VIRTUAL1',
    ].join('\n');
    expect(parseMonitors(out)).toEqual([
      { index: 0, name: 'DP-1', width: 2560, height: 1440, x: 0, y: 0 },
      { index: 1, name: 'HDMI-1', width: 1920, height: 1080, x: 2560, y: 180 },
      { index: 2, name: 'VIRTUAL1', width: 1280, height: 1024, x: -1280, y: 0 },
    ]);
    expect(parseMonitors(' 0: +screen 1600/423x900/238+0+0  screen')).toHaveLength(1);
    expect(parseMonitors('Monitors: 0')).toEqual([]);
  });
});

describe('which monitors are screens', () => {
  it('captures an output split by --setmonitor as its parts, and mirrored monitors once', () => {
    const listed = parseMonitors(
      [
        'Monitors: 4',
        ' 0: vleft 800/200x900/200+0+0 ',
        ' 1: vright 800/200x900/200+800+0 ',
        ' 2: +screen 1600/423x900/238+0+0  screen',
        ' 3: +HDMI-2 800/200x900/200+0+0  HDMI-2',
      ].join('\n'),
    );
    expect(distinctMonitors(listed).map((m) => m.name)).toEqual(['vleft', 'vright']);
  });
});

describe('splitting a desktop into screens', () => {
  it('cuts each monitor out, scales a wide one to 1920 px, and encodes JPEG', async () => {
    // A 4480x1440 desktop: a red 2560 px monitor and a blue 1920 px one lower right.
    const desktop = await sharp({
      create: { width: 4480, height: 1440, channels: 3, background: { r: 200, g: 0, b: 0 } },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 1920, height: 1080, channels: 3, background: { r: 0, g: 0, b: 200 } },
          })
            .png()
            .toBuffer(),
          left: 2560,
          top: 180,
        },
      ])
      .png()
      .toBuffer();
    const screens = await splitScreens(desktop, [
      { index: 0, name: 'DP-1', width: 2560, height: 1440, x: 0, y: 0 },
      { index: 1, name: 'HDMI-1', width: 1920, height: 1080, x: 2560, y: 180 },
    ]);
    expect(screens.map((s) => [s.screen, s.type])).toEqual([
      [0, 'image/jpeg'],
      [1, 'image/jpeg'],
    ]);
    const [a, b] = await Promise.all(screens.map((s) => sharp(Buffer.from(s.bytes)).metadata()));
    expect([a.format, a.width, a.height]).toEqual(['jpeg', 1920, 1080]);
    expect([b.width, b.height]).toEqual([1920, 1080]);
    const { dominant } = await sharp(Buffer.from(screens[1].bytes)).stats();
    expect(dominant.b).toBeGreaterThan(150);
    expect(dominant.r).toBeLessThan(50);
  });

  it('takes the whole picture as one screen when xrandr says nothing', async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const screens = await splitScreens(png, []);
    expect(screens).toHaveLength(1);
    expect((await sharp(Buffer.from(screens[0].bytes)).metadata()).width).toBe(800);
  });
});
