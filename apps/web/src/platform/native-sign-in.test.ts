import { createHash } from 'node:crypto';
import type { AppleProviderResponse, GoogleLoginResponse, LoginOptions, LoginResult } from '@capgo/capacitor-social-login';
import { describe, expect, it, vi } from 'vitest';
import { createNativeSignIn, type NativeSignInOptions, NativeSignInError, type NativeSignInPlugin, sha256Hex } from './native-sign-in';

const WEB_CLIENT = 'web-client.apps.googleusercontent.com';
const IOS_CLIENT = 'ios-client.apps.googleusercontent.com';
const ID_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

/** Fixed "random" bytes: 0, 7, 14, ... (the nonce is then known in advance). */
const fixedBytes = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 7) % 256);
const FIXED_NONCE = Buffer.from(fixedBytes(32)).toString('base64url');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const googleAnswer = (overrides: Partial<Extract<GoogleLoginResponse, { responseType: 'online' }>> = {}): GoogleLoginResponse => ({
  responseType: 'online',
  idToken: ID_TOKEN,
  accessToken: { token: 'google-access-token' },
  profile: { email: 'ada@example.com', familyName: 'Lovelace', givenName: 'Ada', id: '1', name: 'Ada Lovelace', imageUrl: null },
  ...overrides,
});

const appleAnswer = (overrides: Partial<AppleProviderResponse> = {}, profile: Partial<AppleProviderResponse['profile']> = {}) => ({
  idToken: ID_TOKEN,
  accessToken: null,
  ...overrides,
  profile: { user: '001234.abcd', email: null, givenName: null, familyName: null, ...profile },
});

/** The social-login plugin replaced at its interface: it answers each provider's sheet as told. */
function fakePlugin(answers: { google?: GoogleLoginResponse; apple?: AppleProviderResponse } = {}) {
  const initialize = vi.fn<NativeSignInPlugin['initialize']>(() => Promise.resolve());
  const login = vi.fn((options: LoginOptions): Promise<LoginResult> => {
    if (options.provider === 'google') return Promise.resolve({ provider: 'google', result: answers.google ?? googleAnswer() });
    if (options.provider === 'apple') return Promise.resolve({ provider: 'apple', result: answers.apple ?? appleAnswer() });
    return Promise.reject(new Error(`no ${options.provider} here`));
  });
  return { plugin: { initialize, login } as unknown as NativeSignInPlugin, initialize, login };
}

function signInOn(platform: 'ios' | 'android', plugin: NativeSignInPlugin, options: Partial<NativeSignInOptions> = {}) {
  return createNativeSignIn(plugin, {
    platform,
    googleWebClientId: WEB_CLIENT,
    googleIosClientId: IOS_CLIENT,
    randomBytes: fixedBytes,
    ...options,
  });
}

describe('sha256Hex', () => {
  it('is the SHA-256 digest in lower-case hex', async () => {
    await expect(sha256Hex('abc')).resolves.toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    await expect(sha256Hex('')).resolves.toBe(sha256(''));
    await expect(sha256Hex('żółć 🙏')).resolves.toBe(sha256('żółć 🙏'));
  });
});

describe('what the native sign-in offers', () => {
  const { plugin } = fakePlugin();

  it('offers Apple in the iOS app only', () => {
    expect(signInOn('ios', plugin).offers('apple')).toBe(true);
    expect(signInOn('android', plugin).offers('apple')).toBe(false);
  });

  it('offers Google on iOS only with the iOS client id', () => {
    expect(signInOn('ios', plugin).offers('google')).toBe(true);
    expect(signInOn('ios', plugin, { googleIosClientId: '' }).offers('google')).toBe(false);
    expect(signInOn('ios', plugin, { googleWebClientId: '' }).offers('google')).toBe(true);
  });

  it('offers Google on Android only with the web client id', () => {
    expect(signInOn('android', plugin).offers('google')).toBe(true);
    expect(signInOn('android', plugin, { googleWebClientId: '' }).offers('google')).toBe(false);
    expect(signInOn('android', plugin, { googleIosClientId: '' }).offers('google')).toBe(true);
  });

  it('refuses a provider it does not offer, without showing a sheet', async () => {
    const { plugin, initialize, login } = fakePlugin();
    const apple = signInOn('android', plugin).signIn('apple');
    await expect(apple).rejects.toBeInstanceOf(NativeSignInError);
    await expect(apple).rejects.toMatchObject({ provider: 'apple', message: 'apple sign-in is not available in this app' });
    await expect(signInOn('ios', plugin, { googleIosClientId: '' }).signIn('google')).rejects.toMatchObject({
      name: 'NativeSignInError',
      provider: 'google',
    });
    expect(initialize).not.toHaveBeenCalled();
    expect(login).not.toHaveBeenCalled();
  });
});

describe('signing in with Google', () => {
  it('asks for profile and email with the raw nonce, and answers the id token', async () => {
    const { plugin, login } = fakePlugin();
    const randomBytes = vi.fn(fixedBytes);
    const result = await signInOn('android', plugin, { randomBytes }).signIn('google');
    expect(randomBytes).toHaveBeenCalledExactlyOnceWith(32);
    expect(login).toHaveBeenCalledExactlyOnceWith({ provider: 'google', options: { scopes: ['profile', 'email'], nonce: FIXED_NONCE } });
    expect(result).toEqual({ provider: 'google', token: ID_TOKEN, nonce: FIXED_NONCE, accessToken: 'google-access-token' });
  });

  it('makes the nonce base64url of 32 random bytes, fresh for every sign-in', async () => {
    const { plugin, login } = fakePlugin();
    const signIn = signInOn('ios', plugin, { randomBytes: undefined });
    const first = await signIn.signIn('google');
    const second = await signIn.signIn('google');
    for (const answer of [first, second]) {
      expect(answer?.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(answer?.nonce ?? '', 'base64url')).toHaveLength(32);
    }
    expect(first?.nonce).not.toBe(second?.nonce);
    expect(login.mock.calls.map(([options]) => (options.options as { nonce?: string }).nonce)).toEqual([first?.nonce, second?.nonce]);
  });

  it('uses base64url, not base64: no +, / or =', async () => {
    const { plugin } = fakePlugin();
    const answer = await signInOn('android', plugin, { randomBytes: (length) => new Uint8Array(length).fill(0xfb) }).signIn('google');
    expect(answer?.nonce).toBe(Buffer.from(new Uint8Array(32).fill(0xfb)).toString('base64url'));
    expect(answer?.nonce).not.toMatch(/[+/=]/);
  });

  it('initializes Google with both client ids in online mode; Apple only on iOS', async () => {
    const ios = fakePlugin();
    await signInOn('ios', ios.plugin).signIn('google');
    expect(ios.initialize).toHaveBeenCalledExactlyOnceWith({
      google: { webClientId: WEB_CLIENT, iOSClientId: IOS_CLIENT, mode: 'online' },
      apple: {},
    });
    const android = fakePlugin();
    await signInOn('android', android.plugin).signIn('google');
    expect(android.initialize).toHaveBeenCalledExactlyOnceWith({
      google: { webClientId: WEB_CLIENT, iOSClientId: IOS_CLIENT, mode: 'online' },
    });
  });

  it('leaves the access token out when Google gives none', async () => {
    const { plugin } = fakePlugin({ google: googleAnswer({ accessToken: null }) });
    await expect(signInOn('android', plugin).signIn('google')).resolves.toStrictEqual({
      provider: 'google',
      token: ID_TOKEN,
      nonce: FIXED_NONCE,
    });
  });

  it('fails when Google gives no id token, or an offline answer', async () => {
    for (const answer of [
      googleAnswer({ idToken: null }),
      googleAnswer({ idToken: '' }),
      { responseType: 'offline', serverAuthCode: 'code' } as const,
    ]) {
      const { plugin } = fakePlugin({ google: answer });
      const signingIn = signInOn('android', plugin).signIn('google');
      await expect(signingIn).rejects.toBeInstanceOf(NativeSignInError);
      await expect(signingIn).rejects.toMatchObject({ provider: 'google', message: 'Google gave no id token' });
    }
  });
});

describe('signing in with Apple', () => {
  it('asks for email and name with the nonce’s SHA-256, and answers the raw nonce', async () => {
    const { plugin, login } = fakePlugin();
    const result = await signInOn('ios', plugin).signIn('apple');
    expect(login).toHaveBeenCalledExactlyOnceWith({
      provider: 'apple',
      options: { scopes: ['email', 'name'], nonce: sha256(FIXED_NONCE) },
    });
    expect(result).toStrictEqual({ provider: 'apple', token: ID_TOKEN, nonce: FIXED_NONCE });
  });

  it('hands on the name and email Apple gives (at the first sign-in), trimmed', async () => {
    const { plugin } = fakePlugin({
      apple: appleAnswer(
        { accessToken: { token: 'apple-code' } },
        { givenName: ' Ada ', familyName: 'Lovelace', email: 'ada@privaterelay.appleid.com' },
      ),
    });
    await expect(signInOn('ios', plugin).signIn('apple')).resolves.toStrictEqual({
      provider: 'apple',
      token: ID_TOKEN,
      nonce: FIXED_NONCE,
      accessToken: 'apple-code',
      user: { name: { firstName: 'Ada', lastName: 'Lovelace' }, email: 'ada@privaterelay.appleid.com' },
    });
  });

  it('leaves out what Apple gives empty', async () => {
    const cases: [Partial<AppleProviderResponse['profile']>, unknown][] = [
      [{ givenName: '', familyName: null, email: '  ' }, undefined],
      [{ email: 'ada@example.com' }, { email: 'ada@example.com' }],
      [{ givenName: 'Ada', familyName: '' }, { name: { firstName: 'Ada' } }],
      [{ familyName: 'Lovelace', email: '' }, { name: { lastName: 'Lovelace' } }],
    ];
    for (const [profile, user] of cases) {
      const { plugin } = fakePlugin({ apple: appleAnswer({}, profile) });
      const answer = await signInOn('ios', plugin).signIn('apple');
      expect(answer?.user).toEqual(user);
      // Nothing empty reaches the server: an absent name part is not sent at all.
      expect(JSON.parse(JSON.stringify(answer))).toEqual({
        provider: 'apple',
        token: ID_TOKEN,
        nonce: FIXED_NONCE,
        ...(user ? { user } : {}),
      });
    }
  });

  it('fails when Apple gives no id token', async () => {
    const { plugin } = fakePlugin({ apple: appleAnswer({ idToken: null }) });
    await expect(signInOn('ios', plugin).signIn('apple')).rejects.toMatchObject({
      name: 'NativeSignInError',
      provider: 'apple',
      message: 'Apple gave no id token',
    });
  });
});

describe('initializing the plugin', () => {
  it('happens once across sign-ins, including sign-ins at the same time', async () => {
    const { plugin, initialize, login } = fakePlugin();
    const signIn = signInOn('ios', plugin);
    await Promise.all([signIn.signIn('google'), signIn.signIn('apple')]);
    await signIn.signIn('google');
    expect(initialize).toHaveBeenCalledOnce();
    expect(login).toHaveBeenCalledTimes(3);
    expect(initialize.mock.invocationCallOrder[0]).toBeLessThan(login.mock.invocationCallOrder[0] ?? 0);
  });

  it('is tried again on the next sign-in after it failed', async () => {
    const { plugin, initialize, login } = fakePlugin();
    initialize.mockRejectedValueOnce(new Error('Google Sign-In is not configured'));
    const signIn = signInOn('ios', plugin);
    await expect(signIn.signIn('google')).rejects.toMatchObject({ provider: 'google', message: 'Google Sign-In is not configured' });
    expect(login).not.toHaveBeenCalled();
    await expect(signIn.signIn('google')).resolves.toMatchObject({ token: ID_TOKEN });
    expect(initialize).toHaveBeenCalledTimes(2);
    await signIn.signIn('apple');
    expect(initialize).toHaveBeenCalledTimes(2);
  });

  it('leaves Google out when its client id is not set', async () => {
    const { plugin, initialize } = fakePlugin();
    await signInOn('ios', plugin, { googleIosClientId: '' }).signIn('apple');
    expect(initialize).toHaveBeenCalledExactlyOnceWith({ apple: {} });
  });
});

describe('a sign-in that does not end with a token', () => {
  const cancellations = [
    'The user canceled the sign-in flow.',
    'com.apple.AuthenticationServices.AuthorizationError error 1001',
    'The operation couldn’t be completed. (com.apple.AuthenticationServices.AuthorizationError error 1001.)',
    'Error Domain=com.google.GIDSignIn Code=-5 "The user canceled the sign-in flow."',
    'androidx.credentials.exceptions.GetCredentialCancellationException: activity is cancelled by the user.',
    'USER_CANCELLED',
  ];

  it('answers null when the person closed the sheet', async () => {
    for (const message of cancellations) {
      for (const provider of ['google', 'apple'] as const) {
        const { plugin, login } = fakePlugin();
        login.mockRejectedValueOnce(new Error(message));
        await expect(signInOn('ios', plugin).signIn(provider)).resolves.toBeNull();
      }
    }
  });

  it('answers null for a cancellation rejected as a plain object or a string', async () => {
    const { plugin, login } = fakePlugin();
    login.mockRejectedValueOnce({ code: '1001', message: 'The user canceled the authorization attempt' });
    login.mockRejectedValueOnce('The user canceled the sign-in flow.');
    const signIn = signInOn('ios', plugin);
    await expect(signIn.signIn('apple')).resolves.toBeNull();
    await expect(signIn.signIn('google')).resolves.toBeNull();
  });

  it('rejects other failures with NativeSignInError carrying the provider’s message', async () => {
    const failures: [unknown, string][] = [
      [new Error('Developer console is not set up correctly.'), 'Developer console is not set up correctly.'],
      [{ message: 'No credentials available' }, 'No credentials available'],
      ['Network error', 'Network error'],
      [{ code: 7 }, '[object Object]'],
    ];
    for (const [failure, message] of failures) {
      for (const provider of ['google', 'apple'] as const) {
        const { plugin, login } = fakePlugin();
        login.mockRejectedValueOnce(failure);
        const signingIn = signInOn('ios', plugin).signIn(provider);
        await expect(signingIn).rejects.toBeInstanceOf(NativeSignInError);
        await expect(signingIn).rejects.toBeInstanceOf(Error);
        await expect(signingIn).rejects.toMatchObject({ name: 'NativeSignInError', provider, message });
      }
    }
  });
});
