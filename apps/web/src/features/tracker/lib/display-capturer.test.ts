import { describe, expect, it, vi } from 'vitest';
import { DisplayCapturer, fitWidth } from './display-capturer';

/** A shared screen's video track: `end()` is the VA pressing the browser's "Stop sharing". */
class FakeTrack extends EventTarget {
  readyState: MediaStreamTrackState = 'live';
  contentHint = '';
  stopped = false;
  constructor(private readonly surface: string) {
    super();
  }
  getSettings() {
    return { displaySurface: this.surface };
  }
  stop() {
    this.stopped = true;
    this.readyState = 'ended';
  }
  end() {
    this.readyState = 'ended';
    this.dispatchEvent(new Event('ended'));
  }
}

function media(result: FakeTrack | Error) {
  return {
    getDisplayMedia: vi.fn(async () => {
      if (result instanceof Error) throw result;
      return { getVideoTracks: () => [result], getTracks: () => [result] } as unknown as MediaStream;
    }),
  };
}

const denied = () => Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });

describe('DisplayCapturer', () => {
  it('captures while the VA shares; stopping from the browser ends it at once and says so', async () => {
    const track = new FakeTrack('monitor');
    const m = media(track);
    const capturer = new DisplayCapturer(m);
    const seen: boolean[] = [];
    capturer.subscribe(() => seen.push(capturer.canCapture()));
    expect(capturer.canCapture()).toBe(false);

    await capturer.start();
    expect(m.getDisplayMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: false }));
    expect(capturer.getStatus()).toEqual({ state: 'on', surface: 'monitor' });
    expect(capturer.canCapture()).toBe(true);
    expect(document.querySelectorAll('video')).toHaveLength(1);

    track.end();
    expect(capturer.canCapture()).toBe(false);
    expect(capturer.getStatus().state).toBe('off');
    expect(seen).toEqual([false, true, false]);
    expect(document.querySelectorAll('video')).toHaveLength(0);
    await expect(capturer.capture()).rejects.toThrow('No screen is shared');
  });

  it('the VA stops sharing from the timer: the tracks stop', async () => {
    const track = new FakeTrack('window');
    const capturer = new DisplayCapturer(media(track));
    await capturer.start();
    expect(capturer.getStatus().surface).toBe('window');
    capturer.stop();
    expect(track.stopped).toBe(true);
    expect(capturer.canCapture()).toBe(false);
  });

  it('tells a refusal apart, and a browser that cannot share', async () => {
    const refused = new DisplayCapturer(media(denied()));
    await refused.start();
    expect(refused.getStatus().state).toBe('denied');
    const phone = new DisplayCapturer(undefined);
    expect(phone.getStatus().state).toBe('unsupported');
    await phone.start();
    expect(phone.canCapture()).toBe(false);
  });

  it('downscales to the widest capture the server wants, keeping the aspect', () => {
    expect(fitWidth(3840, 2160, 1920)).toEqual({ width: 1920, height: 1080 });
    expect(fitWidth(5120, 1440, 1920)).toEqual({ width: 1920, height: 540 });
    expect(fitWidth(1280, 800, 1920)).toEqual({ width: 1280, height: 800 });
  });
});
