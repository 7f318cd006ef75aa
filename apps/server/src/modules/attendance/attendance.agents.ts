import type { Deps } from '../../lib/types';

/**
 * Whether each VA has a desktop agent connected now: an authenticated socket of `client.kind: desktop` in the
 * organization (DOMAIN.md "Tracker protocol and realtime"), on any instance (`connectionsOf` reads the shared
 * registry when Redis is set). The web timer's sockets (`web`) do not count.
 */
export async function agentsConnected(
  deps: Pick<Deps, 'realtime'>,
  organizationId: number,
  vaIds: number[],
): Promise<Set<number>> {
  const unique = [...new Set(vaIds)];
  const found = await Promise.all(
    unique.map(async (vaId) => {
      const connections = await deps.realtime.connectionsOf(vaId);
      return connections.some((c) => c.kind === 'desktop' && c.organizationId === organizationId);
    }),
  );
  return new Set(unique.filter((_, i) => found[i]));
}
