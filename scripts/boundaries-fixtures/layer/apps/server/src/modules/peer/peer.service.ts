export const peerName = 'peer';
