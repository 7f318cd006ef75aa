import type { Role } from '@vahub/shared/auth/roles';
import type { WebSocket } from 'ws';
import type { ConnectionInfo } from './types';

/**
 * Who a published message goes to, resolved on the publishing instance. This is what travels between
 * instances: user ids and roles, never a token or a query to run again.
 */
export type Recipients =
  /** `organizationId` null: the users wherever they are (each user belongs to one organization). */
  { organizationId: number | null; userIds: number[] } | { organizationId: number; roles: Role[] };

export type Connection = ConnectionInfo & {
  socket: WebSocket;
  roles: Role[];
  /** Cleared when a ping is sent, set again by the pong; still cleared at the next tick means dead. */
  alive: boolean;
};

/** A socket that has this much unsent data is not reading: it is dropped rather than buffered for ever. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** The authenticated sockets of this instance, indexed by user and by organization for delivery. */
export class ConnectionRegistry {
  private readonly byId = new Map<string, Connection>();
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly byOrg = new Map<number, Set<Connection>>();

  add(conn: Connection): void {
    this.byId.set(conn.connectionId, conn);
    addTo(this.byUser, conn.userId, conn);
    addTo(this.byOrg, conn.organizationId, conn);
  }

  remove(conn: Connection): void {
    if (this.byId.get(conn.connectionId) !== conn) return;
    this.byId.delete(conn.connectionId);
    removeFrom(this.byUser, conn.userId, conn);
    removeFrom(this.byOrg, conn.organizationId, conn);
  }

  has(conn: Connection): boolean {
    return this.byId.get(conn.connectionId) === conn;
  }

  get size(): number {
    return this.byId.size;
  }

  all(): IterableIterator<Connection> {
    return this.byId.values();
  }

  ofUser(userId: number): Connection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /** The local sockets `to` names; the organization is checked on every branch, never crossed. */
  match(to: Recipients): Connection[] {
    const out: Connection[] = [];
    if ('userIds' in to) {
      for (const userId of new Set(to.userIds)) {
        for (const conn of this.byUser.get(userId) ?? []) {
          if (to.organizationId === null || conn.organizationId === to.organizationId) out.push(conn);
        }
      }
      return out;
    }
    for (const conn of this.byOrg.get(to.organizationId) ?? []) {
      if (conn.roles.some((r) => to.roles.includes(r))) out.push(conn);
    }
    return out;
  }

  /** Sends one serialised message to each matching socket; answers how many it reached. */
  deliver(to: Recipients, payload: string, onSlow: (conn: Connection) => void): number {
    let sent = 0;
    for (const conn of this.match(to)) {
      if (conn.socket.readyState !== conn.socket.OPEN) continue;
      if (conn.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        onSlow(conn);
        continue;
      }
      conn.socket.send(payload);
      sent++;
    }
    return sent;
  }
}

function addTo<K>(index: Map<K, Set<Connection>>, key: K, conn: Connection) {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(conn);
}

function removeFrom<K>(index: Map<K, Set<Connection>>, key: K, conn: Connection) {
  const set = index.get(key);
  if (!set) return;
  set.delete(conn);
  if (set.size === 0) index.delete(key);
}
