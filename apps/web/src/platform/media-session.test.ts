import type { ActionHandler, ActionHandlerOptions } from '@capgo/capacitor-media-session';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { installMediaSession, type MediaSessionLike, type NativeMediaSessionPlugin, pluginMediaSession } from './media-session';

/** The actions the player installs (lib/audio.tsx). */
const PLAYER_ACTIONS: MediaSessionAction[] = ['play', 'pause', 'seekbackward', 'seekforward', 'seekto', 'stop'];

/** Lets every promise callback already queued run (no timers, no waiting on the clock). */
const settled = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

/** console.warn, silenced and recorded for this test only (a warning is expected). */
function expectWarnings() {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  onTestFinished(() => warn.mockRestore());
  return warn;
}

/** The Android plugin at its interface: every call answers asynchronously; the handlers it holds. */
function fakePlugin() {
  const handlers = new Map<string, ActionHandler>();
  const plugin = {
    setMetadata: vi.fn<NativeMediaSessionPlugin['setMetadata']>(() => Promise.resolve()),
    setPlaybackState: vi.fn<NativeMediaSessionPlugin['setPlaybackState']>(() => Promise.resolve()),
    setActionHandler: vi.fn((options: ActionHandlerOptions, handler: ActionHandler | null): Promise<void> => {
      if (handler) handlers.set(options.action, handler);
      else handlers.delete(options.action);
      return Promise.resolve();
    }),
    setPositionState: vi.fn<NativeMediaSessionPlugin['setPositionState']>(() => Promise.resolve()),
  } satisfies NativeMediaSessionPlugin;
  return { plugin, handlers };
}

/** What MediaMetadata holds, as the player builds it. */
const metadataOf = (init: MediaMetadataInit) => ({ album: '', artwork: [], ...init }) as unknown as MediaMetadata;

describe('the media session on the Android plugin', () => {
  it('shows what is playing, and nothing', () => {
    const { plugin } = fakePlugin();
    const session = pluginMediaSession(plugin);
    expect(session.metadata).toBeNull();
    const playing = metadataOf({ title: 'Evening prayer', artist: 'Selah', album: 'Psalms' });
    session.metadata = playing;
    expect(session.metadata).toBe(playing);
    session.metadata = null;
    expect(session.metadata).toBeNull();
    expect(plugin.setMetadata.mock.calls).toEqual([
      [{ title: 'Evening prayer', artist: 'Selah', album: 'Psalms' }],
      [{ title: '', artist: '' }],
    ]);
  });

  it('sets the playback state', () => {
    const { plugin } = fakePlugin();
    const session = pluginMediaSession(plugin);
    expect(session.playbackState).toBe('none');
    for (const state of ['playing', 'paused', 'none'] as const) {
      session.playbackState = state;
      expect(session.playbackState).toBe(state);
    }
    expect(plugin.setPlaybackState.mock.calls).toEqual([
      [{ playbackState: 'playing' }],
      [{ playbackState: 'paused' }],
      [{ playbackState: 'none' }],
    ]);
  });

  it('installs the player’s actions; the handlers receive the action and the seek time', () => {
    const { plugin, handlers } = fakePlugin();
    const session = pluginMediaSession(plugin);
    const player = Object.fromEntries(PLAYER_ACTIONS.map((action) => [action, vi.fn<MediaSessionActionHandler>()]));
    for (const action of PLAYER_ACTIONS) session.setActionHandler(action, player[action] ?? null);
    expect([...handlers.keys()]).toEqual(PLAYER_ACTIONS);
    expect(plugin.setActionHandler.mock.calls.map(([options]) => options)).toEqual(PLAYER_ACTIONS.map((action) => ({ action })));

    handlers.get('seekto')?.({ action: 'seekto', seekTime: 42.5 });
    handlers.get('seekto')?.({ action: 'seekto', seekTime: 0 });
    handlers.get('play')?.({ action: 'play', seekTime: null });
    handlers.get('pause')?.({ action: 'pause' });
    expect(player.seekto?.mock.calls).toEqual([[{ action: 'seekto', seekTime: 42.5 }], [{ action: 'seekto', seekTime: 0 }]]);
    expect(player.play).toHaveBeenCalledExactlyOnceWith({ action: 'play' });
    expect(player.pause).toHaveBeenCalledExactlyOnceWith({ action: 'pause' });
    expect(player.stop).not.toHaveBeenCalled();
  });

  it('removes a handler given null', () => {
    const { plugin, handlers } = fakePlugin();
    const session = pluginMediaSession(plugin);
    for (const action of PLAYER_ACTIONS) session.setActionHandler(action, () => undefined);
    for (const action of PLAYER_ACTIONS) session.setActionHandler(action, null);
    expect(handlers.size).toBe(0);
    expect(plugin.setActionHandler.mock.calls.slice(PLAYER_ACTIONS.length)).toEqual(PLAYER_ACTIONS.map((action) => [{ action }, null]));
  });

  it('refuses an action the plugin does not know, as a browser does (a TypeError), and takes the others', () => {
    const { plugin, handlers } = fakePlugin();
    const session = pluginMediaSession(plugin);
    for (const action of ['skipad', 'hangup', 'togglemicrophone'] as MediaSessionAction[]) {
      expect(() => session.setActionHandler(action, () => undefined)).toThrow(TypeError);
    }
    expect(plugin.setActionHandler).not.toHaveBeenCalled();
    session.setActionHandler('nexttrack', () => undefined);
    session.setActionHandler('previoustrack', () => undefined);
    expect([...handlers.keys()]).toEqual(['nexttrack', 'previoustrack']);
  });

  it('sets the position, clamped into [0, duration], at the normal rate unless told', () => {
    const { plugin } = fakePlugin();
    const session = pluginMediaSession(plugin);
    session.setPositionState({ duration: 120, position: 30, playbackRate: 1 });
    session.setPositionState({ duration: 120, position: -5 });
    session.setPositionState({ duration: 120, position: 121.5 });
    session.setPositionState({ duration: 120 });
    session.setPositionState({ duration: 120, position: 10, playbackRate: 1.5 });
    expect(plugin.setPositionState.mock.calls).toEqual([
      [{ duration: 120, position: 30, playbackRate: 1 }],
      [{ duration: 120, position: 0, playbackRate: 1 }],
      [{ duration: 120, position: 120, playbackRate: 1 }],
      [{ duration: 120, position: 0, playbackRate: 1 }],
      [{ duration: 120, position: 10, playbackRate: 1.5 }],
    ]);
  });

  it('ignores a position without a duration (none, 0, negative or not a number)', () => {
    const { plugin } = fakePlugin();
    const session = pluginMediaSession(plugin);
    session.setPositionState();
    session.setPositionState({});
    for (const duration of [0, -1, Number.NaN]) session.setPositionState({ duration, position: 3 });
    expect(plugin.setPositionState).not.toHaveBeenCalled();
  });

  it('only logs a plugin call that fails, and goes on with the others', async () => {
    const warn = expectWarnings();
    const { plugin } = fakePlugin();
    const failure = new Error('service not running');
    plugin.setPlaybackState.mockRejectedValueOnce(failure);
    const session = pluginMediaSession(plugin);
    expect(() => {
      session.playbackState = 'paused';
    }).not.toThrow();
    session.metadata = metadataOf({ title: 'Evening prayer', artist: 'Selah' });
    await settled();
    expect(warn).toHaveBeenCalledExactlyOnceWith('media session', failure);
    expect(session.playbackState).toBe('paused');
    session.playbackState = 'playing';
    await settled();
    expect(plugin.setPlaybackState).toHaveBeenLastCalledWith({ playbackState: 'playing' });
    expect(plugin.setMetadata).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('only logs failed handler and position calls too', async () => {
    const warn = expectWarnings();
    const { plugin } = fakePlugin();
    plugin.setActionHandler.mockRejectedValueOnce(new Error('unknown action'));
    plugin.setPositionState.mockRejectedValueOnce(new Error('no session'));
    const session = pluginMediaSession(plugin);
    expect(() => session.setActionHandler('play', () => undefined)).not.toThrow();
    expect(() => session.setPositionState({ duration: 10, position: 5 })).not.toThrow();
    await settled();
    expect(warn.mock.calls.map(([label]) => label)).toEqual(['media session', 'media session']);
  });
});

describe('installing the media session', () => {
  /** A web view's navigator: mediaSession comes from the prototype, as in a browser. */
  function webViewNavigator(own: MediaSession | undefined) {
    class FakeNavigator {
      get mediaSession() {
        return own;
      }
    }
    return new FakeNavigator() as unknown as Navigator;
  }

  it('puts the session in place of navigator.mediaSession', () => {
    const { plugin } = fakePlugin();
    const session = pluginMediaSession(plugin);
    const target: { navigator: Navigator; MediaMetadata?: unknown } = { navigator: webViewNavigator({} as MediaSession) };
    installMediaSession(session, target);
    expect(target.navigator.mediaSession).toBe(session);
    // Configurable: it can be put in place again (a reload of the module, a test).
    const again = pluginMediaSession(plugin);
    installMediaSession(again, target);
    expect(target.navigator.mediaSession).toBe(again);
  });

  it('adds a MediaMetadata where the web view has none, with the fields the player sets', () => {
    const target: { navigator: Navigator; MediaMetadata?: unknown } = { navigator: webViewNavigator(undefined) };
    installMediaSession(pluginMediaSession(fakePlugin().plugin), target);
    const Metadata = target.MediaMetadata as typeof MediaMetadata;
    expect(Metadata).toBeTypeOf('function');
    const artwork = [{ src: '/icon.png', sizes: '96x96' }];
    const metadata = new Metadata({ title: 'Evening prayer', artist: 'Selah', artwork });
    expect({ ...metadata }).toEqual({ title: 'Evening prayer', artist: 'Selah', album: '', artwork });
    expect(metadata.artwork).not.toBe(artwork);
    expect({ ...new Metadata() }).toEqual({ title: '', artist: '', album: '', artwork: [] });
  });

  it('keeps the web view’s own MediaMetadata', () => {
    class OwnMediaMetadata {}
    const target: { navigator: Navigator; MediaMetadata?: unknown } = {
      navigator: webViewNavigator(undefined),
      MediaMetadata: OwnMediaMetadata,
    };
    installMediaSession(pluginMediaSession(fakePlugin().plugin), target);
    expect(target.MediaMetadata).toBe(OwnMediaMetadata);
  });

  it('forwards what the player does with navigator.mediaSession to the plugin', async () => {
    const { plugin, handlers } = fakePlugin();
    const target: { navigator: Navigator; MediaMetadata?: unknown } = { navigator: webViewNavigator(undefined) };
    installMediaSession(pluginMediaSession(plugin), target);
    const Metadata = target.MediaMetadata as typeof MediaMetadata;
    const { mediaSession } = target.navigator;
    const seekTo = vi.fn<MediaSessionActionHandler>();

    // As lib/audio.tsx does.
    mediaSession.metadata = new Metadata({ title: 'Evening prayer', artist: 'Selah' });
    mediaSession.playbackState = 'playing';
    mediaSession.setActionHandler('seekto', seekTo);
    mediaSession.setPositionState?.({ duration: 90, position: 12, playbackRate: 1 });
    handlers.get('seekto')?.({ action: 'seekto', seekTime: 30 });
    await settled();

    expect(plugin.setMetadata).toHaveBeenCalledExactlyOnceWith({ title: 'Evening prayer', artist: 'Selah', album: '' });
    expect(plugin.setPlaybackState).toHaveBeenCalledExactlyOnceWith({ playbackState: 'playing' });
    expect(plugin.setPositionState).toHaveBeenCalledExactlyOnceWith({ duration: 90, position: 12, playbackRate: 1 });
    expect(seekTo).toHaveBeenCalledExactlyOnceWith({ action: 'seekto', seekTime: 30 });
  });

  it('is a MediaSessionLike the player can use as navigator.mediaSession', () => {
    const session: MediaSessionLike = pluginMediaSession(fakePlugin().plugin);
    expect(Object.keys(session).sort()).toEqual(['metadata', 'playbackState', 'setActionHandler', 'setPositionState']);
  });
});
