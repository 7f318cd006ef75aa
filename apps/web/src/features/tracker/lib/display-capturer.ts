import type { CapturedScreen, CaptureImageType, Capturer } from '@vahub/tracker-core/capture/types';
import { CORE_LIMITS } from '@vahub/tracker-core/limits';

/**
 * `off`: nothing shared; `starting`: the browser's picker is open; `on`: a screen is shared; `denied`: the VA
 * (or the browser's policy) refused; `unsupported`: this browser cannot share a screen (phones).
 */
export type ShareState = 'off' | 'starting' | 'on' | 'denied' | 'unsupported';

export interface ShareStatus {
  state: ShareState;
  /** What is shared: `monitor` (a whole screen), `window`, `browser` (a tab); null when unknown. */
  surface: string | null;
}

type MediaLike = Pick<MediaDevices, 'getDisplayMedia'>;

/** The size a capture is encoded at: at most `maxWidth` wide, the aspect kept. */
export function fitWidth(width: number, height: number, maxWidth: number): { width: number; height: number } {
  if (width <= maxWidth) return { width, height };
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}

const QUALITY = 0.8;

/**
 * The web timer's capturer: a screen the VA shares (getDisplayMedia) played into a hidden `<video>`; each
 * capture draws the current frame on a canvas, downscaled to `maxCaptureWidth`, as WebP (JPEG where the
 * browser cannot encode WebP). The share ends when the VA stops it (the browser's own bar fires `ended`),
 * and `canCapture` turns false at that moment.
 */
export class DisplayCapturer implements Capturer {
  private status: ShareStatus;
  private stream: MediaStream | null = null;
  private video: HTMLVideoElement | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly media: MediaLike | undefined = navigator.mediaDevices) {
    this.status = {
      state: typeof media?.getDisplayMedia === 'function' ? 'off' : 'unsupported',
      surface: null,
    };
  }

  getStatus = (): ShareStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  canCapture(): boolean {
    const track = this.stream?.getVideoTracks()[0];
    return this.status.state === 'on' && track?.readyState === 'live';
  }

  /** Opens the browser's picker; answers once the VA chose (or refused). */
  async start(): Promise<void> {
    const { media } = this;
    const busy = this.status.state === 'starting' || this.status.state === 'on';
    if (!media || this.status.state === 'unsupported' || busy) return;
    this.set({ state: 'starting', surface: null });
    let stream: MediaStream;
    try {
      stream = await media.getDisplayMedia({
        // A whole screen is what supervisors expect; a low frame rate spares the VA's computer.
        video: { displaySurface: 'monitor', frameRate: { ideal: 1, max: 5 } } as MediaTrackConstraints,
        audio: false,
      });
    } catch (error) {
      this.set({ state: (error as Error)?.name === 'NotAllowedError' ? 'denied' : 'off', surface: null });
      return;
    }
    const track = stream.getVideoTracks()[0];
    if (!track) {
      for (const t of stream.getTracks()) t.stop();
      this.set({ state: 'off', surface: null });
      return;
    }
    track.contentHint = 'detail';
    track.addEventListener('ended', () => this.stop());
    this.stream = stream;
    this.video = hiddenVideo(stream);
    const surface = (track.getSettings() as { displaySurface?: string }).displaySurface ?? null;
    this.set({ state: 'on', surface });
  }

  /** Ends the share (the VA's button, the browser's bar, leaving the timer). */
  stop(): void {
    const stream = this.stream;
    this.stream = null;
    for (const track of stream?.getTracks() ?? []) track.stop();
    if (this.video) {
      this.video.srcObject = null;
      this.video.remove();
      this.video = null;
    }
    if (this.status.state === 'on' || this.status.state === 'starting' || stream)
      this.set({ state: 'off', surface: null });
  }

  async capture(): Promise<CapturedScreen[]> {
    const video = this.video;
    if (!video || !this.canCapture()) throw new Error('No screen is shared');
    await frameReady(video);
    const size = fitWidth(video.videoWidth, video.videoHeight, CORE_LIMITS.maxCaptureWidth);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw the shared screen');
    context.drawImage(video, 0, 0, size.width, size.height);
    let blob = await toBlob(canvas, 'image/webp');
    if (blob?.type !== 'image/webp') blob = await toBlob(canvas, 'image/jpeg');
    if (!blob) throw new Error('The shared screen could not be encoded');
    return [
      { screen: 0, bytes: new Uint8Array(await blob.arrayBuffer()), type: blob.type as CaptureImageType },
    ];
  }

  private set(status: ShareStatus) {
    this.status = status;
    for (const listener of this.listeners) listener();
  }
}

/** A muted, invisible `<video>` playing the stream: kept in the page so the browser keeps its frames fresh. */
function hiddenVideo(stream: MediaStream): HTMLVideoElement {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.setAttribute('aria-hidden', 'true');
  video.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;opacity:0;pointer-events:none';
  video.srcObject = stream;
  document.body.append(video);
  // A muted video may play without a gesture; a refusal leaves the first frame, which still draws.
  void Promise.resolve()
    .then(() => video.play())
    .catch(() => {});
  return video;
}

/** Waits (at most 3 s) until the video has a frame to draw. */
function frameReady(video: HTMLVideoElement): Promise<void> {
  if (video.readyState >= 2 && video.videoWidth > 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => {
      video.removeEventListener('loadeddata', done);
      reject(new Error('The shared screen gave no picture'));
    }, 3000);
    function done() {
      window.clearTimeout(timer);
      resolve();
    }
    video.addEventListener('loadeddata', done, { once: true });
  });
}

const toBlob = (canvas: HTMLCanvasElement, type: CaptureImageType) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, QUALITY));
