/**
 * Lock-screen controls in the Android app. The player uses the Media Session API (lib/audio.tsx), which browsers
 * and the iOS app's web view have (with the app's background audio mode, iOS keeps playing with the screen
 * locked). Android's web view shows no controls for it, and Android stops a background app's audio; there the
 * app start (index.ts, showNativeApp) puts a media session of the same shape in place of navigator.mediaSession
 * that forwards to @capgo/capacitor-media-session, whose media-playback foreground service keeps the prayer
 * playing and shows the controls. Loaded only inside the Android app.
 */
import type { MediaSessionPlugin } from '@capgo/capacitor-media-session';

/** The plugin's methods this file calls; the plugin, or a fake in tests. */
export type NativeMediaSessionPlugin = Pick<
  MediaSessionPlugin,
  'setMetadata' | 'setPlaybackState' | 'setActionHandler' | 'setPositionState'
>;

/** The actions the plugin knows; others are refused as browsers refuse an unknown action (a TypeError). */
const ACTIONS = new Set<MediaSessionAction>([
  'play',
  'pause',
  'seekbackward',
  'seekforward',
  'previoustrack',
  'nexttrack',
  'seekto',
  'stop',
]);

/** What the player reads and writes of navigator.mediaSession. */
export type MediaSessionLike = Pick<MediaSession, 'metadata' | 'playbackState' | 'setActionHandler' | 'setPositionState'>;

/** A media session that forwards to the plugin. A plugin call that fails is only logged. */
export function pluginMediaSession(plugin: NativeMediaSessionPlugin): MediaSessionLike {
  let metadata: MediaMetadata | null = null;
  let playbackState: MediaSessionPlaybackState = 'none';
  const call = (result: Promise<unknown>) => void result.catch((error: unknown) => console.warn('media session', error));
  return {
    get metadata() {
      return metadata;
    },
    set metadata(value: MediaMetadata | null) {
      metadata = value;
      call(plugin.setMetadata(value ? { title: value.title, artist: value.artist, album: value.album } : { title: '', artist: '' }));
    },
    get playbackState() {
      return playbackState;
    },
    set playbackState(value: MediaSessionPlaybackState) {
      playbackState = value;
      call(plugin.setPlaybackState({ playbackState: value }));
    },
    setActionHandler(action, handler) {
      if (!ACTIONS.has(action)) throw new TypeError(`The media session action "${action}" is not supported`);
      call(
        plugin.setActionHandler(
          { action: action as Parameters<NativeMediaSessionPlugin['setActionHandler']>[0]['action'] },
          handler
            ? (details) => handler({ action, ...(typeof details.seekTime === 'number' ? { seekTime: details.seekTime } : {}) })
            : null,
        ),
      );
    },
    setPositionState(state) {
      if (!state || !(typeof state.duration === 'number' && state.duration > 0)) return;
      const position = Math.min(Math.max(state.position ?? 0, 0), state.duration);
      call(plugin.setPositionState({ duration: state.duration, position, playbackRate: state.playbackRate ?? 1 }));
    },
  };
}

/** The fields of MediaMetadata the player sets, where the web view has no MediaMetadata of its own. */
class PlainMediaMetadata {
  title: string;
  artist: string;
  album: string;
  artwork: MediaImage[];
  constructor(init: MediaMetadataInit = {}) {
    this.title = init.title ?? '';
    this.artist = init.artist ?? '';
    this.album = init.album ?? '';
    this.artwork = [...(init.artwork ?? [])];
  }
}

/** Puts the session in place of `target.mediaSession` (and a MediaMetadata where there is none). */
export function installMediaSession(session: MediaSessionLike, target: { navigator: Navigator; MediaMetadata?: unknown }): void {
  Object.defineProperty(target.navigator, 'mediaSession', { value: session, configurable: true });
  if (typeof target.MediaMetadata !== 'function') {
    Object.defineProperty(target, 'MediaMetadata', { value: PlainMediaMetadata, configurable: true, writable: true });
  }
}
