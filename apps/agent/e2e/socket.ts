// The admin's realtime socket (`/api/v1/ws`, DOMAIN.md "Tracker protocol and realtime"): authenticates as a web
// viewer, keeps every message and can wait for one that matches.
import WebSocket from 'ws';

export type Message = { type: string; data: Record<string, unknown> };

export class ViewerSocket {
  readonly messages: Message[] = [];
  private wake: Array<() => void> = [];

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      this.messages.push(JSON.parse(raw.toString()) as Message);
      for (const w of this.wake.splice(0)) w();
    });
    ws.on('error', () => {});
  }

  /** Opens the socket and authenticates; resolves once the server said `ready`. */
  static async open(httpUrl: string, token: string): Promise<ViewerSocket> {
    const ws = new WebSocket(`${httpUrl.replace(/^http/, 'ws')}/api/v1/ws`);
    const socket = new ViewerSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'auth', token, client: { kind: 'web', capture: false } }));
    await socket.next((m) => m.type === 'ready', 10_000, 'ready');
    return socket;
  }

  /** The first kept message that matches (taken from the list), waiting up to `timeoutMs` for it. */
  async next(match: (m: Message) => boolean, timeoutMs: number, what: string): Promise<Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.messages.findIndex(match);
      if (index >= 0) return this.messages.splice(index, 1)[0];
      const left = deadline - Date.now();
      if (left <= 0) {
        const seen = this.messages.map((m) => m.type).join(', ') || 'nothing';
        throw new Error(`no ${what} within ${timeoutMs} ms (received: ${seen})`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.wake.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close() {
    this.ws.close();
  }
}
