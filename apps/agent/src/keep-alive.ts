import { Socket } from 'node:net';

/**
 * Node's fetch (undici) turns TCP keep-alive on right after `connect()`, before the socket is connected. Windows
 * accepts that; Wine 8's winsock refuses it and the connection fails ("connect UNKNOWN"), so the Windows agent
 * could not reach its server under Wine. On Windows the setting waits for the connection instead: the same
 * keep-alive, a moment later. Call once at start.
 */
export function keepAliveAfterConnect(platform = process.platform) {
  if (platform !== 'win32') return;
  const setKeepAlive = Socket.prototype.setKeepAlive as (this: Socket, ...args: unknown[]) => Socket;
  Socket.prototype.setKeepAlive = function deferred(this: Socket, ...args: unknown[]) {
    if (this.connecting) {
      this.once('connect', () => setKeepAlive.apply(this, args));
      return this;
    }
    return setKeepAlive.apply(this, args);
  } as Socket['setKeepAlive'];
}
