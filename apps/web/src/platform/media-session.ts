/**
 * Lock-screen and hardware controls for the player, behind one interface. Browsers and the iOS shell's web view
 * have the Media Session API (navigator.mediaSession; with the app's background audio mode, iOS keeps playing
 * with the screen locked). Android's web view has none and Android stops a background app's audio, so there
 * @capgo/capacitor-media-session (loaded on demand) shows the controls from a media-playback foreground service
 * that keeps the app playing while the screen is locked.
 */
import type { MediaSessionPlugin } from '@capgo/capacitor-media-session';
import { nativePlatform } from './shell';

export type PlayerAction = 'play' | 'pause' | 'seekbackward' | 'seekforward' | 'seekto' | 'stop';

export interface PlayerActionDetails {
  seekOffset?: number;
  seekTime?: number;
}

export type PlayerActionHandlers = Record<PlayerAction, (details: PlayerActionDetails) => void>;

export interface MediaControls {
  /** Installs the handlers; returns a function that removes them. */
  setHandlers(handlers: PlayerActionHandlers): () => void;
  /** What is playing (null: nothing). */
  setMetadata(metadata: { title: string; artist: string } | null): void;
  setPlaybackState(state: 'playing' | 'paused' | 'none'): void;
  /** Where playback is, for the lock screen's progress bar. */
  setPosition(position: { duration: number; position: number }): void;
}

const ACTIONS: PlayerAction[] = ['play', 'pause', 'seekbackward', 'seekforward', 'seekto', 'stop'];

/** The Media Session API, where the browser has it; nothing otherwise. */
export function webMediaControls(navigatorLike: Navigator = navigator): MediaControls {
  const session = 'mediaSession' in navigatorLike ? navigatorLike.mediaSession : null;
  const setHandler = (action: PlayerAction, handler: MediaSessionActionHandler | null) => {
    try {
      session?.setActionHandler(action, handler);
    } catch {
      // This browser does not support the action.
    }
  };
  return {
    setHandlers(handlers) {
      for (const action of ACTIONS) setHandler(action, (details) => handlers[action](details));
      return () => ACTIONS.forEach((action) => setHandler(action, null));
    },
    setMetadata(metadata) {
      if (!session) return;
      session.metadata = metadata && typeof MediaMetadata !== 'undefined' ? new MediaMetadata(metadata) : null;
    },
    setPlaybackState(state) {
      if (session) session.playbackState = state;
    },
    setPosition({ duration, position }) {
      if (!session?.setPositionState || !(duration > 0)) return;
      try {
        session.setPositionState({ duration, position: Math.min(Math.max(position, 0), duration), playbackRate: 1 });
      } catch {
        // An inconsistent position (the media changed meanwhile): the next update sets it.
      }
    },
  };
}

/** The plugin's methods this file calls; the plugin, or a fake in tests. */
export type NativeMediaSessionPlugin = Pick<
  MediaSessionPlugin,
  'setMetadata' | 'setPlaybackState' | 'setActionHandler' | 'setPositionState'
>;

/** Android's controls, through the plugin (loaded when first used: `load`). A failed call is only logged. */
export function nativeMediaControls(load: () => Promise<NativeMediaSessionPlugin>): MediaControls {
  let plugin: Promise<NativeMediaSessionPlugin> | null = null;
  const call = (use: (loaded: NativeMediaSessionPlugin) => Promise<unknown>) => {
    plugin ??= load();
    void plugin.then(use).catch((error: unknown) => console.warn('media session', error));
  };
  return {
    setHandlers(handlers) {
      for (const action of ACTIONS) {
        call((loaded) => loaded.setActionHandler({ action }, (details) => handlers[action]({ seekTime: details.seekTime ?? undefined })));
      }
      return () => ACTIONS.forEach((action) => call((loaded) => loaded.setActionHandler({ action }, null)));
    },
    setMetadata(metadata) {
      call((loaded) => loaded.setMetadata(metadata ?? { title: '', artist: '' }));
    },
    setPlaybackState(state) {
      call((loaded) => loaded.setPlaybackState({ playbackState: state }));
    },
    setPosition({ duration, position }) {
      if (!(duration > 0)) return;
      call((loaded) => loaded.setPositionState({ duration, position: Math.min(Math.max(position, 0), duration), playbackRate: 1 }));
    },
  };
}

let shared: MediaControls | null = null;

/** This device's media controls: the plugin's on Android, the Media Session API everywhere else. */
export function mediaControls(): MediaControls {
  shared ??=
    nativePlatform() === 'android'
      ? nativeMediaControls(async () => (await import('@capgo/capacitor-media-session')).MediaSession)
      : webMediaControls();
  return shared;
}
