import { generateKeyPairSync } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '@selah/domain/push';
import { respond, startProtocolServer, type ProtocolServer, type RecordedRequest, type Reply } from '../../testing/protocol-server';
import { createFcmSender } from './fcm-sender';
import type { SendOptions } from './web-push-sender';

const PROJECT = 'selah-test';
const CLIENT_EMAIL = 'push@selah-test.iam.gserviceaccount.com';
const SEND_PATH = `/v1/projects/${PROJECT}/messages:send`;
const T0 = Date.parse('2025-03-01T08:00:00Z');

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

const payload: PushPayload = { title: 'Time to pray', body: 'Your evening prayer is ready.', url: '/dashboard', tag: 'reminder' };
const high: SendOptions = { ttlSeconds: 3600, urgency: 'high', topic: 'reminder-evening' };
const normal: SendOptions = { ttlSeconds: 86_400, urgency: 'normal' };
const DEVICE = 'dGVzdC1kZXZpY2U6APA91bHn-token_0123456789';

const json = (status: number, body: unknown): Reply => respond(status, JSON.stringify(body), { 'content-type': 'application/json' });
const tokenAnswer = (token: string, expiresIn = 3599) => json(200, { access_token: token, expires_in: expiresIn, token_type: 'Bearer' });
const sent = json(200, { name: `projects/${PROJECT}/messages/0:1700000000000000%abc` });
const googleError = (code: number, status: string, message: string, details: unknown[] = []) =>
  json(code, { error: { code, message, status, details } });
const fcmError = (errorCode: string) => ({ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode });

/** A message request checked to carry the access token `token`, answered by `reply`. */
const withBearer =
  (token: string, reply: Reply): Reply =>
  (recorded, response) => {
    expect(recorded.headers.authorization).toBe(`Bearer ${token}`);
    reply(recorded, response);
  };

const messageOf = (recorded: RecordedRequest) => (JSON.parse(recorded.body.toString('utf8')) as { message: unknown }).message;

describe('FCM HTTP v1 sender', () => {
  let server: ProtocolServer;
  let clock: number;
  beforeAll(async () => {
    server = await startProtocolServer();
  });
  afterEach(() => server.assertDone());
  afterAll(() => server.close());

  const sender = (timeoutMs = 5000) => {
    clock = T0;
    return createFcmSender(
      { account: { projectId: PROJECT, clientEmail: CLIENT_EMAIL, privateKey, tokenUri: `${server.url}/token` }, apiUrl: server.url },
      { timeoutMs, now: () => new Date(clock) },
    );
  };

  it('trades a signed service account JWT for an access token, then posts the message with it', async () => {
    const fcm = sender();
    let assertion = '';
    server.expect('POST', '/token', (recorded, response) => {
      expect(recorded.headers['content-type']).toBe('application/x-www-form-urlencoded');
      const form = new URLSearchParams(recorded.body.toString('utf8'));
      expect([...form.keys()].sort()).toEqual(['assertion', 'grant_type']);
      expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
      assertion = form.get('assertion')!;
      tokenAnswer('ya29.first')(recorded, response);
    });
    server.expect('POST', SEND_PATH, (recorded, response) => {
      expect(recorded.headers.authorization).toBe('Bearer ya29.first');
      expect(recorded.headers['content-type']).toMatch(/^application\/json/);
      expect(messageOf(recorded)).toEqual({
        token: DEVICE,
        notification: { title: 'Time to pray', body: 'Your evening prayer is ready.' },
        data: { url: '/dashboard', tag: 'reminder' },
        android: { ttl: '3600s', priority: 'HIGH', collapse_key: 'reminder-evening', notification: { tag: 'reminder' } },
        apns: {
          headers: { 'apns-expiration': String(T0 / 1000 + 3600), 'apns-priority': '10', 'apns-collapse-id': 'reminder-evening' },
          payload: { aps: { 'thread-id': 'reminder' } },
        },
      });
      sent(recorded, response);
    });
    await expect(fcm.send(DEVICE, payload, high)).resolves.toEqual({ result: 'sent', status: 200 });

    expect(decodeProtectedHeader(assertion)).toEqual({ alg: 'RS256', typ: 'JWT' });
    const { payload: claims } = await jwtVerify(assertion, await importSPKI(publicKey, 'RS256'), {
      issuer: CLIENT_EMAIL,
      audience: `${server.url}/token`,
      currentDate: new Date(T0),
    });
    expect(claims).toEqual({
      iss: CLIENT_EMAIL,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
      aud: `${server.url}/token`,
      iat: T0 / 1000,
      exp: T0 / 1000 + 3600,
    });
  });

  it('sends normal priority without collapse keys when there is no topic', async () => {
    const fcm = sender();
    server.expect('POST', '/token', tokenAnswer('ya29.a'));
    server.expect('POST', SEND_PATH, (recorded, response) => {
      expect(messageOf(recorded)).toMatchObject({
        android: { ttl: '86400s', priority: 'NORMAL', notification: { tag: 'reminder' } },
        apns: { headers: { 'apns-expiration': String(T0 / 1000 + 86_400), 'apns-priority': '5' } },
      });
      const message = messageOf(recorded) as { android: object; apns: { headers: object } };
      expect(message.android).not.toHaveProperty('collapse_key');
      expect(message.apns.headers).not.toHaveProperty('apns-collapse-id');
      sent(recorded, response);
    });
    await expect(fcm.send(DEVICE, payload, normal)).resolves.toMatchObject({ result: 'sent' });
  });

  it('keeps the access token for later sends, until a minute before it expires', async () => {
    const fcm = sender();
    server.expect('POST', '/token', tokenAnswer('ya29.a', 3600));
    server.expect('POST', SEND_PATH, withBearer('ya29.a', sent));
    server.expect('POST', SEND_PATH, withBearer('ya29.a', sent));
    await expect(fcm.send(DEVICE, payload, high)).resolves.toMatchObject({ result: 'sent' });
    clock = T0 + 3539_000;
    await expect(fcm.send(DEVICE, payload, high)).resolves.toMatchObject({ result: 'sent' });
    server.assertDone();

    clock = T0 + 3541_000;
    let assertion = '';
    server.expect('POST', '/token', (recorded, response) => {
      assertion = new URLSearchParams(recorded.body.toString('utf8')).get('assertion')!;
      tokenAnswer('ya29.b')(recorded, response);
    });
    server.expect('POST', SEND_PATH, withBearer('ya29.b', sent));
    await expect(fcm.send(DEVICE, payload, high)).resolves.toMatchObject({ result: 'sent' });
    const { payload: claims } = await jwtVerify(assertion, await importSPKI(publicKey, 'RS256'), { currentDate: new Date(clock) });
    expect(claims).toMatchObject({ iat: clock / 1000, exp: clock / 1000 + 3600 });
  });

  it('asks once for a token that several sends need at the same time', async () => {
    const fcm = sender();
    server.expect('POST', '/token', tokenAnswer('ya29.shared'));
    for (let i = 0; i < 3; i++) server.expect('POST', SEND_PATH, withBearer('ya29.shared', sent));
    const results = await Promise.all([1, 2, 3].map(() => fcm.send(DEVICE, payload, high)));
    expect(results.map((r) => r.result)).toEqual(['sent', 'sent', 'sent']);
  });

  it('on 401 drops the access token and tries once more with a new one', async () => {
    const fcm = sender();
    server.expect('POST', '/token', tokenAnswer('ya29.revoked'));
    server.expect('POST', SEND_PATH, withBearer('ya29.revoked', googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication')));
    server.expect('POST', '/token', tokenAnswer('ya29.new'));
    server.expect('POST', SEND_PATH, withBearer('ya29.new', sent));
    await expect(fcm.send(DEVICE, payload, high)).resolves.toEqual({ result: 'sent', status: 200 });
    // The new token is kept.
    server.expect('POST', SEND_PATH, withBearer('ya29.new', sent));
    await expect(fcm.send(DEVICE, payload, high)).resolves.toMatchObject({ result: 'sent' });
  });

  it('gives up after a second 401', async () => {
    const fcm = sender();
    server.expect('POST', '/token', tokenAnswer('ya29.a'));
    server.expect('POST', SEND_PATH, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication'));
    server.expect('POST', '/token', tokenAnswer('ya29.b'));
    server.expect('POST', SEND_PATH, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication'));
    await expect(fcm.send(DEVICE, payload, high)).resolves.toEqual({
      result: 'failed',
      status: 401,
      error: 'FCM answered 401: Request had invalid authentication',
    });
  });

  it('reports a token FCM will never deliver to as gone', async () => {
    const fcm = sender();
    server.expect('POST', '/token', tokenAnswer('ya29.a'));
    server.expect('POST', SEND_PATH, googleError(404, 'NOT_FOUND', 'Requested entity was not found.', [fcmError('UNREGISTERED')]));
    await expect(fcm.send(DEVICE, payload, high)).resolves.toEqual({
      result: 'gone',
      status: 404,
      error: 'Requested entity was not found.',
    });

    // A bare 404 is not FCM's word on the token (a wrong FCM_API_URL, a proxy): nothing is deleted for it.
    server.expect('POST', SEND_PATH, respond(404, 'Not Found'));
    await expect(fcm.send(DEVICE, payload, high)).resolves.toMatchObject({ result: 'failed', status: 404 });

    server.expect(
      'POST',
      SEND_PATH,
      googleError(400, 'INVALID_ARGUMENT', 'The registration token is unregistered', [fcmError('UNREGISTERED')]),
    );
    await expect(fcm.send(DEVICE, payload, high)).resolves.toMatchObject({ result: 'gone', status: 400 });

    server.expect(
      'POST',
      SEND_PATH,
      googleError(400, 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token', [fcmError('INVALID_ARGUMENT')]),
    );
    await expect(fcm.send(DEVICE, payload, high)).resolves.toEqual({
      result: 'gone',
      status: 400,
      error: 'The registration token is not a valid FCM registration token',
    });
  });

  it('fails without forgetting the device on a 400 about the message, a 500 or a redirect', async () => {
    const fcm = sender();
    server.expect('POST', '/token', tokenAnswer('ya29.a'));
    server.expect(
      'POST',
      SEND_PATH,
      googleError(400, 'INVALID_ARGUMENT', "Invalid value at 'message.data[0].value' (TYPE_STRING), 12", [
        {
          '@type': 'type.googleapis.com/google.rpc.BadRequest',
          fieldViolations: [{ field: 'message.data[0].value', description: 'Invalid value' }],
        },
      ]),
    );
    await expect(fcm.send(DEVICE, payload, high)).resolves.toEqual({
      result: 'failed',
      status: 400,
      error: "FCM answered 400: Invalid value at 'message.data[0].value' (TYPE_STRING), 12",
    });

    server.expect('POST', SEND_PATH, googleError(500, 'INTERNAL', 'Internal error encountered.', [fcmError('INTERNAL')]));
    await expect(fcm.send(DEVICE, payload, high)).resolves.toEqual({
      result: 'failed',
      status: 500,
      error: 'FCM answered 500: Internal error encountered.',
    });

    server.expect('POST', SEND_PATH, respond(503, 'upstream connect error'));
    await expect(fcm.send(DEVICE, payload, high)).resolves.toEqual({
      result: 'failed',
      status: 503,
      error: 'FCM answered 503: upstream connect error',
    });

    // Not followed: the protocol server would report the request to /elsewhere.
    server.expect('POST', SEND_PATH, respond(307, '', { location: `${server.url}/elsewhere` }));
    await expect(fcm.send(DEVICE, payload, high)).resolves.toMatchObject({ result: 'failed', status: 307 });
  });

  it('fails when the token endpoint refuses, and asks again on the next send', async () => {
    const fcm = sender();
    server.expect('POST', '/token', json(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }));
    const refused = await fcm.send(DEVICE, payload, high);
    expect(refused).toMatchObject({ result: 'failed' });
    expect(refused.error).toMatch(/^FCM access token: token endpoint answered 400: .*Invalid JWT Signature/);
    server.assertDone();

    server.expect('POST', '/token', tokenAnswer('ya29.a'));
    server.expect('POST', SEND_PATH, withBearer('ya29.a', sent));
    await expect(fcm.send(DEVICE, payload, high)).resolves.toMatchObject({ result: 'sent' });
  });

  it('fails on a token answer without an access token', async () => {
    const fcm = sender();
    server.expect('POST', '/token', json(200, { id_token: 'x' }));
    const result = await fcm.send(DEVICE, payload, high);
    expect(result.result).toBe('failed');
    expect(result.error).toMatch(/token endpoint answered no access token/);
  });

  it('fails on a timeout, and when FCM cannot be reached, without throwing', async () => {
    const fcm = sender(200);
    server.expect('POST', '/token', tokenAnswer('ya29.a'));
    let pending: ServerResponse | undefined;
    server.expect('POST', SEND_PATH, (_recorded, response) => {
      pending = response;
    });
    const timedOut = await fcm.send(DEVICE, payload, high);
    pending?.end();
    expect(timedOut).toMatchObject({ result: 'failed' });
    expect(timedOut.error).toMatch(/timeout/i);

    const closed = await startProtocolServer();
    await closed.close();
    const unreachable = createFcmSender(
      { account: { projectId: PROJECT, clientEmail: CLIENT_EMAIL, privateKey, tokenUri: `${closed.url}/token` }, apiUrl: closed.url },
      { timeoutMs: 5000 },
    );
    const result = await unreachable.send(DEVICE, payload, high);
    expect(result.result).toBe('failed');
    expect(result.error).toMatch(/^FCM access token: token request failed: fetch failed: .*ECONNREFUSED/);
  });

  it('fails on a private key it cannot use', async () => {
    const fcm = createFcmSender(
      {
        account: { projectId: PROJECT, clientEmail: CLIENT_EMAIL, privateKey: 'not a key', tokenUri: `${server.url}/token` },
        apiUrl: server.url,
      },
      { timeoutMs: 5000 },
    );
    const result = await fcm.send(DEVICE, payload, high);
    expect(result.result).toBe('failed');
    expect(result.error).toMatch(/^FCM access token: cannot sign with the service account's private key/);
  });
});
