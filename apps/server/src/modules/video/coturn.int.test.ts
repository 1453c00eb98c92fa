import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTurnCredential } from './turn-credentials.ts';

/*
 * Our per-call TURN credentials against a real coturn (issue 13 §1: coturn's use-auth-secret
 * scheme; "a test starts a local coturn when one is installed"; .ci/run installs it from Debian).
 * A TURN Allocate over UDP (RFC 5766) with the long-term credential (RFC 5389 §10.2) is granted a
 * relayed address with a fresh credential, and refused (401) with an expired one or another secret.
 */

const TURNSERVER = '/usr/bin/turnserver';
const installed = spawnSync(TURNSERVER, ['--version'], { stdio: 'ignore' }).error === undefined;
if (!installed) {
  console.warn('[coturn.int.test] turnserver is not installed: skipping (apt-get install coturn; .ci/run does).');
}

const SECRET = randomBytes(24).toString('base64');
const REALM = 'careline.test';
const MAGIC_COOKIE = 0x2112a442;
const ALLOCATE_REQUEST = 0x0003;
const ALLOCATE_SUCCESS = 0x0103;
const ALLOCATE_ERROR = 0x0113;
const ATTR = {
  username: 0x0006,
  messageIntegrity: 0x0008,
  errorCode: 0x0009,
  realm: 0x0014,
  nonce: 0x0015,
  xorRelayedAddress: 0x0016,
  requestedTransport: 0x0019,
} as const;

type Attribute = { type: number; value: Buffer };
type StunMessage = { type: number; transactionId: Buffer; attributes: Attribute[] };

function attribute(type: number, value: Buffer): Buffer {
  const padding = (4 - (value.length % 4)) % 4;
  const header = Buffer.alloc(4);
  header.writeUInt16BE(type, 0);
  header.writeUInt16BE(value.length, 2);
  return Buffer.concat([header, value, Buffer.alloc(padding)]);
}

function header(type: number, length: number, transactionId: Buffer): Buffer {
  const bytes = Buffer.alloc(20);
  bytes.writeUInt16BE(type, 0);
  bytes.writeUInt16BE(length, 2);
  bytes.writeUInt32BE(MAGIC_COOKIE, 4);
  transactionId.copy(bytes, 8);
  return bytes;
}

/** An Allocate request for a UDP relay; signed with MESSAGE-INTEGRITY when a key is given. */
function allocateRequest(attributes: Attribute[], key: Buffer | null): Buffer {
  const transactionId = randomBytes(12);
  const transport = Buffer.from([17, 0, 0, 0]);
  const body = Buffer.concat([
    attribute(ATTR.requestedTransport, transport),
    ...attributes.map((a) => attribute(a.type, a.value)),
  ]);
  if (!key) {
    return Buffer.concat([header(ALLOCATE_REQUEST, body.length, transactionId), body]);
  }
  // The HMAC covers the message up to the attribute, with the length already counting it (24 bytes).
  const signed = Buffer.concat([header(ALLOCATE_REQUEST, body.length + 24, transactionId), body]);
  const integrity = createHmac('sha1', key).update(signed).digest();
  return Buffer.concat([signed, attribute(ATTR.messageIntegrity, integrity)]);
}

function parse(bytes: Buffer): StunMessage {
  const attributes: Attribute[] = [];
  let offset = 20;
  const end = 20 + bytes.readUInt16BE(2);
  while (offset + 4 <= end) {
    const type = bytes.readUInt16BE(offset);
    const length = bytes.readUInt16BE(offset + 2);
    attributes.push({ type, value: bytes.subarray(offset + 4, offset + 4 + length) });
    offset += 4 + length + ((4 - (length % 4)) % 4);
  }
  return { type: bytes.readUInt16BE(0), transactionId: bytes.subarray(8, 20), attributes };
}

const valueOf = (message: StunMessage, type: number): Buffer | undefined =>
  message.attributes.find((a) => a.type === type)?.value;

/** The error code of an error answer (class × 100 + number), e.g. 401. */
const errorCodeOf = (message: StunMessage): number | null => {
  const value = valueOf(message, ATTR.errorCode);
  return value ? (value[2] ?? 0) * 100 + (value[3] ?? 0) : null;
};

let turn: ChildProcess | undefined;
let port = 0;

/** Sends a request and waits for its answer, sending again every 200 ms (UDP; coturn may still be starting). */
async function exchange(client: Socket, request: Buffer): Promise<StunMessage> {
  const transactionId = request.subarray(8, 20);
  return new Promise<StunMessage>((resolve, reject) => {
    const giveUp = setTimeout(() => {
      finish();
      reject(new Error('no answer from coturn in 20 s'));
    }, 20_000);
    const again = setInterval(() => client.send(request, port, '127.0.0.1'), 200);
    const onMessage = (bytes: Buffer) => {
      const message = parse(bytes);
      if (message.transactionId.equals(transactionId)) {
        finish();
        resolve(message);
      }
    };
    const finish = () => {
      clearTimeout(giveUp);
      clearInterval(again);
      client.off('message', onMessage);
    };
    client.on('message', onMessage);
    client.send(request, port, '127.0.0.1');
  });
}

/**
 * Allocate with a credential from a new client port (one allocation per 5-tuple, else 437): the
 * unsigned request's 401 gives the nonce, the signed one the answer.
 */
async function allocate(username: string, password: string): Promise<StunMessage> {
  const client = createSocket('udp4');
  await new Promise<void>((resolve) => client.bind(0, '127.0.0.1', resolve));
  try {
    return await signedAllocate(client, username, password);
  } finally {
    client.close();
  }
}

async function signedAllocate(client: Socket, username: string, password: string): Promise<StunMessage> {
  const challenge = await exchange(client, allocateRequest([], null));
  expect(challenge.type).toBe(ALLOCATE_ERROR);
  expect(errorCodeOf(challenge)).toBe(401);
  const nonce = valueOf(challenge, ATTR.nonce);
  const realm = valueOf(challenge, ATTR.realm);
  if (!nonce || !realm) {
    throw new Error('coturn sent no nonce or realm');
  }
  expect(realm.toString()).toBe(REALM);
  const key = createHash('md5').update(`${username}:${REALM}:${password}`).digest();
  return exchange(
    client,
    allocateRequest(
      [
        { type: ATTR.username, value: Buffer.from(username) },
        { type: ATTR.realm, value: realm },
        { type: ATTR.nonce, value: nonce },
      ],
      key,
    ),
  );
}

describe.runIf(installed)("per-call TURN credentials against a real coturn (use-auth-secret)", () => {
  beforeAll(async () => {
    // A free UDP port: bind to 0, read it, give it to coturn.
    const probe = createSocket('udp4');
    await new Promise<void>((resolve) => probe.bind(0, '127.0.0.1', resolve));
    port = probe.address().port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    turn = spawn(
      TURNSERVER,
      [
        '-n',
        '--listening-ip=127.0.0.1',
        '--relay-ip=127.0.0.1',
        `--listening-port=${String(port)}`,
        '--use-auth-secret',
        `--static-auth-secret=${SECRET}`,
        `--realm=${REALM}`,
        '--no-tls',
        '--no-dtls',
        '--no-cli',
        '--no-tcp-relay',
        '--min-port=49152',
        '--max-port=65535',
        '--log-file=stdout',
        '--simple-log',
        `--pidfile=/tmp/careline-coturn-${String(port)}.pid`,
      ],
      { stdio: 'ignore' },
    );
  });

  afterAll(async () => {
    if (turn && turn.exitCode === null) {
      const exited = new Promise((resolve) => turn?.once('exit', resolve));
      turn.kill('SIGTERM');
      await exited;
    }
  });

  it('grants a relayed address to a fresh per-call credential', async () => {
    const credential = issueTurnCredential({ sharedSecret: SECRET, userId: 'Patient/alice', ttlSeconds: 600, now: new Date() });
    const answer = await allocate(credential.username, credential.credential);
    expect(errorCodeOf(answer)).toBeNull();
    expect(answer.type).toBe(ALLOCATE_SUCCESS);
    expect(valueOf(answer, ATTR.xorRelayedAddress)).toBeDefined();
  });

  it('refuses an expired credential and one signed with another secret (401)', async () => {
    const expired = issueTurnCredential({
      sharedSecret: SECRET,
      userId: 'Patient/alice',
      ttlSeconds: 60,
      now: new Date(Date.now() - 2 * 60 * 60 * 1000),
    });
    const foreign = issueTurnCredential({ sharedSecret: 'another secret', userId: 'Patient/alice', ttlSeconds: 600, now: new Date() });
    for (const credential of [expired, foreign]) {
      const answer = await allocate(credential.username, credential.credential);
      expect(answer.type).toBe(ALLOCATE_ERROR);
      expect(errorCodeOf(answer)).toBe(401);
    }
  });
});
