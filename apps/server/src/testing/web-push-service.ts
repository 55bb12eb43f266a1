import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local push service that speaks the Web Push protocol (RFC 8030) in tests: it holds browser-side keys for each
 * subscription it hands out, checks the sender's VAPID Authorization (RFC 8292, ES256), and decrypts every
 * message with the subscription's keys (RFC 8291, aes128gcm), so a test sees the payload a browser would.
 */
export interface ReceivedPush {
  subscription: string;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  /** The VAPID JWT's claims (aud, exp, sub). */
  claims: Record<string, unknown>;
}

interface Browser {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  /** What the next message to this subscription is answered with (201 unless a test says 404 or 410). */
  status: number;
}

const b64url = (buffer: Buffer): string => buffer.toString('base64url');

/** Decrypts one aes128gcm body (RFC 8188) with the browser's private key and auth secret (RFC 8291). */
export function decryptAes128gcm(body: Buffer, browser: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('one record expected');
  const browserPublic = browser.ecdh.getPublicKey();
  const shared = browser.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with a 0x02 delimiter followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks `vapid t=<jwt>, k=<key>`: an ES256 JWT signed by the key the server announces. */
function readVapid(header: string | undefined): Record<string, unknown> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`Authorization is not VAPID: ${String(header)}`);
  const [, token, key] = match;
  const [head, claims, signature] = token!.split('.');
  const raw = Buffer.from(key!, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export async function startWebPushService() {
  const browsers = new Map<string, Browser>();
  const received: ReceivedPush[] = [];
  const problems: string[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = (request.url ?? '').replace(/^\/push\//, '');
      const browser = browsers.get(id);
      if (request.method !== 'POST' || !browser) {
        response.writeHead(404).end();
        return;
      }
      if (browser.status !== 201) {
        response.writeHead(browser.status).end();
        return;
      }
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm')
          throw new Error(`content-encoding ${String(request.headers['content-encoding'])}`);
        const claims = readVapid(request.headers.authorization);
        const payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), browser).toString('utf8')) as unknown;
        received.push({
          subscription: id,
          ttl: Number(request.headers.ttl),
          urgency: request.headers.urgency as string | undefined,
          topic: request.headers.topic as string | undefined,
          payload,
          claims,
        });
        response.writeHead(201, { location: `/messages/${received.length}` }).end();
      } catch (error) {
        problems.push(`${id}: ${error instanceof Error ? error.message : String(error)}`);
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    received,
    /** A new browser subscription, as PushManager.subscribe() would give it (its JSON form). */
    subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } } {
      const id = b64url(randomBytes(12));
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(id, { ecdh, auth, status: 201 });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    /** Makes the push service answer this status from now on (410: the subscription is gone). */
    answer(endpoint: string, status: number) {
      const browser = browsers.get(endpoint.split('/push/')[1] ?? '');
      if (browser) browser.status = status;
    },
    assertNoProblems() {
      if (problems.length > 0) throw new Error(problems.splice(0).join('\n'));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
