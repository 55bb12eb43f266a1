import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectApiError, registerUser, signIn, TEST_ORIGIN, type TestApp } from './helpers';
import { decodeQuotedPrintable, parseMail, partOfType, startSmtpServer, type TestSmtpServer } from './smtp';

const requestReset = (t: TestApp, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { origin: TEST_ORIGIN },
    payload: { email, redirectTo: '/reset-password' },
  });

describe('password reset by email (real SMTP)', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The local test server speaks plain SMTP; ignoreTLS keeps nodemailer from trying STARTTLS.
    t = await createTestApp({
      realMailer: true,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`, MAIL_FROM: 'Selah <no-reply@selah.test>' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('decodes quoted-printable soft line breaks and escapes', () => {
    expect(decodeQuotedPrintable('https://a.example/x?y=3Dz&w=3D=\r\n1 caf=C3=A9')).toBe('https://a.example/x?y=z&w=1 café');
  });

  it('mails a link that leads to a new password', async () => {
    const email = 'forgetful@example.com';
    const { cookie: oldSession } = await registerUser(t.app, email, 'old password 1');

    const response = await requestReset(t, email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: true });

    const [received] = await smtp.waitForMessages(1);
    expect(received!.rcptTo).toEqual([email]);
    expect(received!.mailFrom).toBe('no-reply@selah.test');
    const mail = parseMail(received!.raw);
    expect(mail.headers.to).toContain(email);
    expect(mail.headers.subject).toBe('Reset your Selah password');

    const text = partOfType(mail, 'text/plain')?.body ?? '';
    const html = partOfType(mail, 'text/html')?.body ?? '';
    const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(text)?.[0];
    expect(link, text).toBeDefined();
    expect(html).toContain(`href="${link!}"`);

    const linkUrl = new URL(link!);
    expect(linkUrl.origin).toBe(TEST_ORIGIN);
    expect(linkUrl.pathname).toMatch(/^\/api\/auth\/reset-password\/[^/]+$/);
    expect(linkUrl.searchParams.get('callbackURL')).toBe('/reset-password');
    const tokenInLink = linkUrl.pathname.split('/').pop()!;

    // Opening the link: a redirect to the web app's reset page carrying the token.
    const opened = await t.app.inject({ url: `${linkUrl.pathname}${linkUrl.search}` });
    expect(opened.statusCode).toBe(302);
    const location = new URL(opened.headers.location as string, TEST_ORIGIN);
    expect(location.origin).toBe(TEST_ORIGIN);
    expect(location.pathname).toBe('/reset-password');
    const token = location.searchParams.get('token');
    expect(token).toBe(tokenInLink);
    expect(location.searchParams.get('error')).toBeNull();

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { newPassword: 'new password 2', token },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ status: true });

    expect((await signIn(t.app, email, 'new password 2')).statusCode).toBe(200);
    expectApiError(await signIn(t.app, email, 'old password 1'), 401);

    // Sessions from before the reset are revoked.
    expectApiError(await t.app.inject({ url: '/api/me', headers: { cookie: oldSession } }), 401, 'UNAUTHORIZED');

    // The token works once.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { newPassword: 'third password 3', token },
    });
    expectApiError(again, 400, 'INVALID_TOKEN');
    expect((await signIn(t.app, email, 'new password 2')).statusCode).toBe(200);

    // A used token's link now redirects with an error instead of the token.
    const stale = await t.app.inject({ url: `${linkUrl.pathname}${linkUrl.search}` });
    expect(stale.statusCode).toBe(302);
    const staleLocation = new URL(stale.headers.location as string, TEST_ORIGIN);
    expect(staleLocation.pathname).toBe('/reset-password');
    expect(staleLocation.searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(staleLocation.searchParams.get('token')).toBeNull();
  });

  it('answers an unknown email exactly like a known one and sends nothing', async () => {
    await registerUser(t.app, 'known@example.com');
    const before = smtp.messages.length;
    const known = await requestReset(t, 'known@example.com');
    await smtp.waitForMessages(before + 1);

    const unknown = await requestReset(t, 'stranger@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages).toHaveLength(before + 1);
    expect(smtp.messages.flatMap((message) => message.rcptTo)).not.toContain('stranger@example.com');
  });

  it('refuses a made-up token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { newPassword: 'new password 2', token: 'made-up-token' },
    });
    expectApiError(response, 400, 'INVALID_TOKEN');
  });

  it('refuses a redirect to another site', async () => {
    await registerUser(t.app, 'phished@example.com');
    const before = smtp.messages.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'phished@example.com', redirectTo: 'https://evil.example/reset' },
    });
    expectApiError(response, 403);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.messages).toHaveLength(before);
  });
});

describe('password reset when the mail server is down', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    // Start and stop a server to get a port nobody listens on.
    const smtp = await startSmtpServer();
    await smtp.close();
    t = await createTestApp({
      realMailer: true,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true&connectionTimeout=2000` },
      logLines: { level: 'error', lines: logLines },
    });
  });
  afterAll(async () => t?.close());

  it('logs the failure and answers like for an unknown address (no enumeration)', async () => {
    await registerUser(t.app, 'unlucky@example.com');
    const known = await requestReset(t, 'unlucky@example.com');
    const unknown = await requestReset(t, 'stranger@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    // The failure is logged at error level with the SMTP cause (once the mail was tried, after the answer).
    const mailFailure = () =>
      logLines
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .find((entry) => entry.level >= 50 && entry.msg.startsWith('auth:'));
    await expect.poll(mailFailure, { timeout: 10_000 }).toBeDefined();
    expect(JSON.stringify(mailFailure())).toContain('ECONNREFUSED');
    // The server keeps serving.
    expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
  });
});

describe('password reset timing', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A mail server that takes its time, as real ones do: 300 ms a message.
    t = await createTestApp({ mailer: { send: () => new Promise((resolve) => setTimeout(resolve, 300)) } });
  });
  afterAll(async () => t?.close());

  it('answers a known address in the time an unknown one takes (issue 34: the mail is not sent inline)', async () => {
    await registerUser(t.app, 'timed@example.com');
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await requestReset(t, email)).statusCode).toBe(200);
      return performance.now() - started;
    };
    // Warm both paths, then alternate so a slow moment of the machine falls on both.
    await timed('timed@example.com');
    await timed('nobody@example.com');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      known.push(await timed('timed@example.com'));
      unknown.push(await timed(`nobody-${i}@example.com`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    expect(median(known), `known ${known.map(Math.round).join(',')} unknown ${unknown.map(Math.round).join(',')}`).toBeLessThanOrEqual(
      1.5 * median(unknown),
    );
  });
});
