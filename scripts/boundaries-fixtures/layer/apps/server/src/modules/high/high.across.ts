import { peerName } from '../peer/public';

export const across = peerName;
