/**
 * The real CallMedia: the Permissions API and device support for the card, WebRTC for the room
 * (./peer-room.ts), WebAudio for the ring (./ring-tone.ts).
 */
import { videoDeviceSupported, type DevicePermission, type MediaCheck } from '@careline/domain/video-call';
import type { CallMedia } from './call-media.ts';
import { joinPeerRoom } from './peer-room.ts';
import { startRingTone } from './ring-tone.ts';

/**
 * localStorage key that forces a relay-only (TURN) connection, for the coturn browser test (issue 13
 * Tests: iceTransportPolicy 'relay'). Any other value, or none, lets ICE pick the best path.
 */
export const RELAY_ONLY_STORAGE_KEY = 'careline.video.iceTransportPolicy';

const DEVICE_PERMISSIONS = ['camera', 'microphone'] as const;

async function permissionStatus(name: (typeof DEVICE_PERMISSIONS)[number]): Promise<PermissionStatus | null> {
  try {
    // 'camera' and 'microphone' are not known to every browser (Firefox throws): then unknown.
    return await navigator.permissions.query({ name });
  } catch {
    return null;
  }
}

function statePermission(status: PermissionStatus | null): DevicePermission {
  const state = status?.state;
  return state === 'granted' || state === 'denied' ? state : 'prompt';
}

function iceTransportPolicy(): RTCIceTransportPolicy {
  try {
    return window.localStorage.getItem(RELAY_ONLY_STORAGE_KEY) === 'relay' ? 'relay' : 'all';
  } catch {
    return 'all';
  }
}

/** The browser's media and peer connection for calls. */
export function createBrowserCallMedia(): CallMedia {
  return {
    async checkMedia(): Promise<MediaCheck> {
      const [camera, microphone] = await Promise.all(DEVICE_PERMISSIONS.map(permissionStatus));
      return {
        permissions: { camera: statePermission(camera ?? null), microphone: statePermission(microphone ?? null) },
        deviceSupported: videoDeviceSupported({
          userAgent: navigator.userAgent,
          hasGetUserMedia: typeof navigator.mediaDevices?.getUserMedia === 'function',
          hasPeerConnection: typeof RTCPeerConnection === 'function',
        }),
      };
    },
    watchPermissions(onChange) {
      let stopped = false;
      const statuses: PermissionStatus[] = [];
      void Promise.all(DEVICE_PERMISSIONS.map(permissionStatus)).then((found) => {
        for (const status of found) {
          if (status && !stopped) {
            status.addEventListener('change', onChange);
            statuses.push(status);
          }
        }
      });
      return () => {
        stopped = true;
        statuses.forEach((status) => status.removeEventListener('change', onChange));
      };
    },
    joinRoom(options, events) {
      return joinPeerRoom(
        {
          getUserMedia: (constraints) => navigator.mediaDevices.getUserMedia(constraints),
          createPeerConnection: (configuration) => new RTCPeerConnection(configuration),
          iceTransportPolicy: iceTransportPolicy(),
        },
        options,
        events,
      );
    },
    ring: startRingTone,
  };
}
