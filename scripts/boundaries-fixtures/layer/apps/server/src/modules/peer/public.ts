export { peerName } from './peer.service';
