import { describe, expect, it } from 'vitest';
import { parseActiveWindowId, parseWindowProps, WindowSampler, x11ActiveWindow } from './window';

describe('xprop parsing', () => {
  it('reads the active window id, and none for 0x0 or a missing property', () => {
    expect(parseActiveWindowId('_NET_ACTIVE_WINDOW(WINDOW): window id # 0x3a0000b\n')).toBe('0x3a0000b');
    expect(parseActiveWindowId('_NET_ACTIVE_WINDOW(WINDOW): window id # 0x0\n')).toBeNull();
    expect(parseActiveWindowId('_NET_ACTIVE_WINDOW:  not found.\n')).toBeNull();
  });

  it("takes WM_CLASS's class as the application and _NET_WM_NAME (UTF-8) as the title", () => {
    const out = [
      'WM_CLASS(STRING) = "navigator", "Firefox"',
      '_NET_WM_NAME(UTF8_STRING) = "Inbox — \\"Support\\" – Mozilla Firefox"',
      'WM_NAME(STRING) = "Inbox - Mozilla Firefox"',
    ].join('\n');
    expect(parseWindowProps(out)).toEqual({ app: 'Firefox', title: 'Inbox — "Support" – Mozilla Firefox' });
  });

  it('falls back to WM_NAME, and answers null for a window with neither class nor name', () => {
    expect(
      parseWindowProps(
        'WM_CLASS(STRING) = "xterm", "XTerm"\n_NET_WM_NAME:  not found.\nWM_NAME(STRING) = "bash"',
      ),
    ).toEqual({ app: 'XTerm', title: 'bash' });
    expect(
      parseWindowProps('WM_CLASS:  not found.\n_NET_WM_NAME:  not found.\nWM_NAME:  not found.'),
    ).toBeNull();
  });

  it('asks xprop for the root, then for the window', async () => {
    const calls: string[][] = [];
    const window = await x11ActiveWindow(async (_file, args) => {
      calls.push(args);
      return args[0] === '-root'
        ? '_NET_ACTIVE_WINDOW(WINDOW): window id # 0x1e00003'
        : 'WM_CLASS(STRING) = "code", "Code"\n_NET_WM_NAME(UTF8_STRING) = "agent.ts - vahub"';
    });
    expect(window).toEqual({ app: 'Code', title: 'agent.ts - vahub' });
    expect(calls[1]).toEqual(['-id', '0x1e00003', 'WM_CLASS', '_NET_WM_NAME', 'WM_NAME']);
  });
});

describe('window sampler', () => {
  const clock = { now: () => 0, setTimeout: () => 0, clearTimeout: () => {} };
  it('names the window used most since the last ping, the latest on a tie', () => {
    const sampler = new WindowSampler({ probe: async () => null, clock });
    const mail = { app: 'Thunderbird', title: 'Inbox' };
    const sheet = { app: 'LibreOffice', title: 'Report.ods' };
    sampler.add(mail);
    sampler.add(sheet);
    sampler.add(sheet);
    sampler.add(mail);
    sampler.add(sheet);
    expect(sampler.take()).toEqual(sheet);
    sampler.add(mail);
    sampler.add(sheet);
    expect(sampler.take()).toEqual(sheet);
    // No sample since: the window still in front.
    expect(sampler.take()).toEqual(sheet);
  });
});
