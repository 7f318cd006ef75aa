import { act } from '@testing-library/react';

/**
 * Stands in for the browser's WebSocket (`vi.stubGlobal('WebSocket', FakeSocket)`, `FakeSocket.all = []`
 * before each test): the test opens it and speaks for the server; `sent` holds what the app sent.
 */
export class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  /** A server message, delivered as is (the caller wraps it in `act` when React must settle). */
  serverSays(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** A server message `{type, data}`, delivered inside `act`. */
  says(type: string, data: unknown) {
    act(() => this.serverSays({ type, data }));
  }
}
