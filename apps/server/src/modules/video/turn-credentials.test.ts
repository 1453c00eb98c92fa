import { describe, expect, it } from 'vitest';
import {
  TURN_TTL_MAX_SECONDS,
  TURN_TTL_MIN_SECONDS,
  videoIceSettingsProblems,
  type VideoIceSettings,
} from '../tenants/index.ts';
import { iceServersFor, issueTurnCredential, turnCredentialFor } from './turn-credentials.ts';

// Expected credentials computed independently in a shell:
//   printf '%s' '1795000000:patient-42' | openssl dgst -sha1 -hmac 'north-wing-turn-secret' -binary | base64
//   printf '%s' '1700003600:staff-7' | openssl dgst -sha1 -hmac 'k3y' -binary | base64
const OPENSSL_EXAMPLES = [
  {
    secret: 'north-wing-turn-secret',
    username: '1795000000:patient-42',
    credential: 'yhccXG56sWKaDAZmQJG2ZWtOd4Y=',
  },
  { secret: 'k3y', username: '1700003600:staff-7', credential: '4DtXn2OdX0x2KXbS4TMIlTHnPm8=' },
] as const;

function settings(overrides: Partial<VideoIceSettings> = {}): VideoIceSettings {
  return {
    stunUrls: ['stun:turn.hospital.example:3478'],
    turnUrls: [
      'turn:turn.hospital.example:3478?transport=udp',
      'turns:turn.hospital.example:5349?transport=tcp',
    ],
    sharedSecret: 'north-wing-turn-secret',
    ttlSeconds: 3600,
    ...overrides,
  };
}

describe("TURN REST API credentials (coturn's use-auth-secret)", () => {
  it.each(OPENSSL_EXAMPLES)(
    '$username signed with $secret matches openssl',
    ({ secret, username, credential }) => {
      expect(turnCredentialFor(secret, username)).toBe(credential);
    },
  );

  it('the username is <unix expiry>:<user id>, the expiry now + TTL', () => {
    // 1794996400 s + 3600 s = 1795000000 s, the first openssl example.
    const now = new Date(1_794_996_400_000);
    const turn = issueTurnCredential({
      sharedSecret: 'north-wing-turn-secret',
      userId: 'patient-42',
      ttlSeconds: 3600,
      now,
    });
    expect(turn).toEqual({
      username: '1795000000:patient-42',
      credential: 'yhccXG56sWKaDAZmQJG2ZWtOd4Y=',
      expiresAt: new Date(1_795_000_000_000),
    });
  });

  it('drops the milliseconds of now before adding the TTL', () => {
    const turn = issueTurnCredential({
      sharedSecret: 'k3y',
      userId: 'staff-7',
      ttlSeconds: 3600,
      now: new Date(1_700_000_000_999),
    });
    expect(turn.username).toBe('1700003600:staff-7');
    expect(turn.credential).toBe('4DtXn2OdX0x2KXbS4TMIlTHnPm8=');
  });

  it('binds the user: another user or another expiry gets another credential', () => {
    const now = new Date(1_794_996_400_000);
    const base = issueTurnCredential({
      sharedSecret: 's',
      userId: 'patient-42',
      ttlSeconds: 3600,
      now,
    });
    expect(
      issueTurnCredential({ sharedSecret: 's', userId: 'patient-43', ttlSeconds: 3600, now })
        .credential,
    ).not.toBe(base.credential);
    expect(
      issueTurnCredential({ sharedSecret: 's', userId: 'patient-42', ttlSeconds: 3601, now })
        .credential,
    ).not.toBe(base.credential);
    expect(
      issueTurnCredential({ sharedSecret: 't', userId: 'patient-42', ttlSeconds: 3600, now })
        .credential,
    ).not.toBe(base.credential);
  });

  it.each([
    ['an empty secret', { sharedSecret: '' }],
    ['an empty user id', { userId: '' }],
    ["a user id with ':'", { userId: 'Patient:42' }],
    ['a TTL below the minimum', { ttlSeconds: TURN_TTL_MIN_SECONDS - 1 }],
    ['a TTL above the maximum', { ttlSeconds: TURN_TTL_MAX_SECONDS + 1 }],
    ['a fractional TTL', { ttlSeconds: 90.5 }],
  ])('refuses %s', (_name, overrides) => {
    expect(() =>
      issueTurnCredential({
        sharedSecret: 's',
        userId: 'u',
        ttlSeconds: 600,
        now: new Date(0),
        ...overrides,
      }),
    ).toThrow();
  });

  it('accepts the TTL bounds', () => {
    const now = new Date(0);
    expect(
      issueTurnCredential({ sharedSecret: 's', userId: 'u', ttlSeconds: TURN_TTL_MIN_SECONDS, now })
        .expiresAt,
    ).toEqual(new Date(60_000));
    expect(
      issueTurnCredential({ sharedSecret: 's', userId: 'u', ttlSeconds: TURN_TTL_MAX_SECONDS, now })
        .expiresAt,
    ).toEqual(new Date(86_400_000));
  });
});

describe('the ICE server list', () => {
  const now = new Date(1_794_996_400_000);

  it('has the STUN URLs, then the TURN URLs with the credential', () => {
    expect(iceServersFor(settings(), 'patient-42', now)).toEqual({
      iceServers: [
        { urls: ['stun:turn.hospital.example:3478'] },
        {
          urls: [
            'turn:turn.hospital.example:3478?transport=udp',
            'turns:turn.hospital.example:5349?transport=tcp',
          ],
          username: '1795000000:patient-42',
          credential: 'yhccXG56sWKaDAZmQJG2ZWtOd4Y=',
        },
      ],
      expiresAt: new Date(1_795_000_000_000),
    });
  });

  it('leaves out STUN or TURN when the tenant has none', () => {
    expect(iceServersFor(settings({ turnUrls: [] }), 'patient-42', now)).toEqual({
      iceServers: [{ urls: ['stun:turn.hospital.example:3478'] }],
      expiresAt: null,
    });
    expect(iceServersFor(settings({ stunUrls: [] }), 'patient-42', now).iceServers).toHaveLength(1);
    expect(iceServersFor(settings({ stunUrls: [], turnUrls: [] }), 'patient-42', now)).toEqual({
      iceServers: [],
      expiresAt: null,
    });
  });

  it('does not share the settings arrays with the answer', () => {
    const tenant = settings();
    const { iceServers } = iceServersFor(tenant, 'patient-42', now);
    expect(iceServers[0]?.urls).not.toBe(tenant.stunUrls);
    expect(iceServers[1]?.urls).not.toBe(tenant.turnUrls);
  });
});

describe('settings problems, for the config loader', () => {
  it('finds none in good settings, or with STUN only and no secret', () => {
    expect(videoIceSettingsProblems(settings())).toEqual([]);
    expect(
      videoIceSettingsProblems(settings({ turnUrls: [], sharedSecret: '', ttlSeconds: 0 })),
    ).toEqual([]);
  });

  it('names every problem', () => {
    expect(
      videoIceSettingsProblems(
        settings({
          stunUrls: ['http://x'],
          turnUrls: ['stun:x'],
          sharedSecret: '',
          ttlSeconds: 10,
        }),
      ),
    ).toEqual([
      "stunUrls: 'http://x' is not a stun: or stuns: URL",
      "turnUrls: 'stun:x' is not a turn: or turns: URL",
      'sharedSecret is empty while TURN URLs are set',
      `ttlSeconds must be a whole number from ${TURN_TTL_MIN_SECONDS} to ${TURN_TTL_MAX_SECONDS}`,
    ]);
  });
});
