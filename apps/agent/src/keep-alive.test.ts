import { createServer, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { keepAliveAfterConnect } from './keep-alive';

const original = Socket.prototype.setKeepAlive;
afterEach(() => {
  Socket.prototype.setKeepAlive = original;
});

describe('keep-alive after connect (Windows; Wine 8 refuses it before)', () => {
  it('leaves other systems as they are', () => {
    keepAliveAfterConnect('linux');
    expect(Socket.prototype.setKeepAlive).toBe(original);
  });

  it('on Windows sets keep-alive once the socket is connected, not while it connects', async () => {
    const calls: string[] = [];
    Socket.prototype.setKeepAlive = function (this: Socket, enable?: unknown, delay?: unknown) {
      calls.push(`${this.connecting ? 'connecting' : 'connected'} ${enable} ${delay}`);
      return this;
    } as Socket['setKeepAlive'];
    keepAliveAfterConnect('win32');
    const server = createServer((s) => s.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const socket = new Socket();
    socket.connect(port, '127.0.0.1');
    socket.setKeepAlive(true, 60_000);
    expect(calls).toEqual([]);
    await new Promise((resolve) => socket.once('connect', resolve));
    expect(calls).toEqual(['connected true 60000']);
    socket.setKeepAlive(false);
    expect(calls).toEqual(['connected true 60000', 'connected false undefined']);
    socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
});
