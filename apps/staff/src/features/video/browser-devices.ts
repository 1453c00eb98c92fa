import type { CallMediaDevices } from './doctor-call.ts';

/** The page query parameter that forces relayed (TURN-only) calls: ?callIceTransport=relay. */
export const RELAY_ONLY_PARAMETER = 'callIceTransport';

/**
 * The browser's camera, microphone and peer connection for the doctor's calls. Relay-only
 * (iceTransportPolicy 'relay', for the TURN check) when the page address asks for it.
 * @param search - the page's query string
 */
export function browserCallDevices(search: string = typeof window === 'undefined' ? '' : window.location.search): CallMediaDevices {
  const relay = new URLSearchParams(search).get(RELAY_ONLY_PARAMETER) === 'relay';
  return {
    getUserMedia: (constraints) => navigator.mediaDevices.getUserMedia(constraints),
    createPeerConnection: (configuration) => new RTCPeerConnection(configuration),
    iceTransportPolicy: relay ? 'relay' : 'all',
  };
}
