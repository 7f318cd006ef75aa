/** A VA's presence now, from the API's two flags (DOMAIN.md: idle is online beyond the idle timeout). */
export type Presence = 'online' | 'idle' | 'offline';

export const presenceOf = ({ online, idle }: { online: boolean; idle: boolean }): Presence =>
  idle ? 'idle' : online ? 'online' : 'offline';

/** Mantine colours per presence: green, amber, grey. */
export const PRESENCE_COLORS: Record<Presence, string> = {
  online: 'green',
  idle: 'yellow',
  offline: 'gray',
};
