import websocket from '@fastify/websocket';
import { WS_CLOSE, WS_PATH } from '@vahub/shared/realtime/messages';
import type { App } from '../../lib/types';
import type { RealtimeService } from './realtime.service';

/** Client messages are small JSON objects (auth with a token, capture flags, pings). */
const MAX_CLIENT_MESSAGE_BYTES = 8 * 1024;

/**
 * `GET /api/v1/ws`. No HTTP authentication: browsers cannot set headers on a WebSocket, and a token in
 * the URL would land in proxy logs, so the first message carries the token (see connection.ts).
 */
export async function realtimeRoutes(app: App, realtime: RealtimeService): Promise<void> {
  // Before the plugin's own preClose: sockets hear 1012 (reconnect) instead of the plugin's plain 1000.
  app.addHook('preClose', async () => {
    await realtime.close();
  });
  app.addHook('onReady', async () => {
    await realtime.start();
  });
  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES, perMessageDeflate: false },
    errorHandler(error, socket, request) {
      // Mostly the client's doing (oversized frame, bad UTF-8, reset link); ws closes with the right code.
      request.log.debug({ err: error }, 'realtime: socket error');
      if (socket.readyState === socket.OPEN) socket.close(WS_CLOSE.internalError, 'Internal error.');
    },
  });
  app.get(WS_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    realtime.attach(socket, request.ip);
  });
}
