import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { skipTarget, type PlayerTrack } from '@selah/domain/player';
import { track as trackEvent } from './analytics';
import { useAuth } from './auth';
import { mediaCrossOrigin, serverUrl } from '../platform/server';

/** Skip step of the player controls, in seconds (spec section 9). */
export const SKIP_SECONDS = 15;

export type JourneyAudio = NonNullable<PlayerTrack['journey']>;

export interface AudioState {
  /** The loaded track, or null when nothing is loaded. */
  track: PlayerTrack | null;
  isPlaying: boolean;
  /** True while the track is shown as the minimized bar rather than a full player. */
  isMinimized: boolean;
  /** True while the audio loads or buffers. */
  isLoading: boolean;
  /** Seconds. */
  currentTime: number;
  /** Seconds: the media's own duration once known, the track's declared one before. */
  duration: number;
  /** 0 to 100. */
  progress: number;
  /** On by default (spec section 4): the track starts again when it ends. */
  repeat: boolean;
  /** The journey day the audio belongs to (journey-audio flag), or null. */
  journeyAudio: JourneyAudio | null;
}

export interface AudioControls {
  /** Plays `track` (loading it if another track is loaded) and shows the full player (not minimized). */
  play(track: PlayerTrack): void;
  /**
   * Shows `track` in the full player: plays it when it is not the loaded track, otherwise leaves playback
   * as it is (a paused track stays paused). For screens that open on a track, e.g. /player.
   */
  open(track: PlayerTrack): void;
  toggle(): void;
  resume(): void;
  pause(): void;
  /** Moves to `seconds`, clamped to [0, duration]. */
  seek(seconds: number): void;
  /** Moves by `delta` seconds (e.g. ±SKIP_SECONDS), clamped to [0, duration]. */
  skip(delta: number): void;
  setRepeat(repeat: boolean): void;
  minimize(): void;
  maximize(): void;
  /** Pauses and unloads the track. */
  close(): void;
  /** Clears the journey-audio flag; playback itself is left alone (pause() or close() for that). */
  stopJourneyAudio(): void;
  /** Calls `listener` each time the track plays to its end (also when it then repeats); returns an unsubscribe. */
  onEnded(listener: (track: PlayerTrack) => void): () => void;
}

const IDLE: Omit<AudioState, 'repeat'> = {
  track: null,
  isPlaying: false,
  isMinimized: false,
  isLoading: false,
  currentTime: 0,
  duration: 0,
  progress: 0,
  journeyAudio: null,
};

const StateContext = createContext<AudioState | null>(null);
const ControlsContext = createContext<AudioControls | null>(null);

/**
 * The same audio: the same id and file. A person's own audio comes at signed addresses whose expiry changes
 * from one answer to the next, so the query string does not count.
 */
export function isSameTrack(a: PlayerTrack | null, b: PlayerTrack | null): boolean {
  return a !== null && b !== null && a.id === b.id && withoutQuery(a.audioUrl) === withoutQuery(b.audioUrl);
}

const withoutQuery = (url: string): string => url.split('?', 1)[0] ?? url;

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

function progressOf(currentTime: number, duration: number): number {
  return duration > 0 ? clamp((currentTime / duration) * 100, 0, 100) : 0;
}

function declaredDuration(track: PlayerTrack | null): number {
  return track && Number.isFinite(track.duration) && track.duration > 0 ? track.duration : 0;
}

function mediaDuration(audio: HTMLAudioElement, track: PlayerTrack | null): number {
  return Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : declaredDuration(track);
}

function setMediaSessionHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    navigator.mediaSession.setActionHandler(action, handler);
  } catch {
    // This browser does not support the action.
  }
}

/** The app's single audio element and its state (spec sections 2 and 4). Inside AuthProvider. */
export function AudioProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AudioState>({ ...IDLE, repeat: true });
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const trackRef = useRef<PlayerTrack | null>(null);
  const repeatRef = useRef(true);
  /**
   * Whether the track is meant to be playing: set by play, cleared by a pause that is not the end of the track.
   * The media element pauses itself at the end before 'ended', and a paused track moved to its end (skip
   * forward) ends too: repeat starts the track again only if it was playing.
   */
  const playingRef = useRef(false);
  /** The loaded track until its first 'playing' event sends play_audio. */
  const unannouncedRef = useRef<PlayerTrack | null>(null);
  const endedListeners = useRef(new Set<(track: PlayerTrack) => void>());

  const patch = useCallback((changes: Partial<AudioState>) => setState((previous) => ({ ...previous, ...changes })), []);

  const element = useCallback((): HTMLAudioElement => {
    // In the native shell the audio comes from the server across origins, in CORS mode (platform/server.ts).
    audioRef.current ??= Object.assign(new Audio(), { preload: 'auto', crossOrigin: mediaCrossOrigin() });
    return audioRef.current;
  }, []);

  const startPlayback = useCallback(
    (audio: HTMLAudioElement) => {
      audio.play().catch((error: unknown) => {
        const name = error instanceof DOMException ? error.name : '';
        // A pause or another load came first: their own events set the state.
        if (name === 'AbortError') return;
        // Autoplay blocked by the browser is ignored (spec section 4); an unplayable source also fires 'error', logged there.
        if (name !== 'NotAllowedError' && name !== 'NotSupportedError') console.warn('audio playback failed', error);
        if (audio.paused) patch({ isPlaying: false, isLoading: false });
      });
    },
    [patch],
  );

  const unload = useCallback(() => {
    const audio = audioRef.current;
    trackRef.current = null;
    unannouncedRef.current = null;
    if (!audio) return;
    audio.pause();
    if (audio.hasAttribute('src')) {
      audio.removeAttribute('src');
      audio.load();
    }
  }, []);

  const controls = useMemo<AudioControls>(() => {
    const resume = () => {
      const audio = audioRef.current;
      if (!audio || !trackRef.current) return;
      if (audio.ended) audio.currentTime = 0;
      startPlayback(audio);
    };
    const pause = () => audioRef.current?.pause();
    const seek = (seconds: number) => {
      const audio = audioRef.current;
      if (!audio || !trackRef.current || !Number.isFinite(seconds)) return;
      const duration = mediaDuration(audio, trackRef.current);
      const time = clamp(seconds, 0, duration);
      audio.currentTime = time;
      patch({ currentTime: time, progress: progressOf(time, duration) });
    };
    const play = (next: PlayerTrack) => {
      const audio = element();
      const journeyAudio = next.journey ?? null;
      if (isSameTrack(trackRef.current, next)) {
        trackRef.current = next;
        patch({ track: next, isMinimized: false, journeyAudio });
        resume();
        return;
      }
      trackRef.current = next;
      unannouncedRef.current = next;
      audio.src = serverUrl(next.audioUrl);
      patch({
        track: next,
        isMinimized: false,
        isPlaying: false,
        isLoading: true,
        currentTime: 0,
        duration: declaredDuration(next),
        progress: 0,
        journeyAudio,
      });
      startPlayback(audio);
    };
    return {
      play,
      open: (next) => {
        if (isSameTrack(trackRef.current, next)) patch({ isMinimized: false });
        else play(next);
      },
      resume,
      pause,
      toggle: () => {
        const audio = audioRef.current;
        if (!audio || !trackRef.current) return;
        if (audio.paused) resume();
        else audio.pause();
      },
      seek,
      skip: (delta) => {
        const audio = audioRef.current;
        if (!audio || !trackRef.current) return;
        seek(skipTarget(audio.currentTime, delta, mediaDuration(audio, trackRef.current)));
      },
      setRepeat: (repeat) => {
        repeatRef.current = repeat;
        patch({ repeat });
      },
      minimize: () => patch({ isMinimized: true }),
      maximize: () => patch({ isMinimized: false }),
      close: () => {
        unload();
        setState((previous) => ({ ...IDLE, repeat: previous.repeat }));
      },
      stopJourneyAudio: () => patch({ journeyAudio: null }),
      onEnded: (listener) => {
        endedListeners.current.add(listener);
        return () => endedListeners.current.delete(listener);
      },
    };
  }, [element, patch, startPlayback, unload]);

  // Media element events drive the state.
  useEffect(() => {
    const audio = element();
    const timing = () => {
      const duration = mediaDuration(audio, trackRef.current);
      return {
        currentTime: Math.min(audio.currentTime, duration || audio.currentTime),
        duration,
        progress: progressOf(audio.currentTime, duration),
      };
    };
    const handlers: Partial<Record<keyof HTMLMediaElementEventMap, () => void>> = {
      play: () => {
        playingRef.current = true;
        patch({ isPlaying: true });
      },
      playing: () => {
        patch({ isPlaying: true, isLoading: false });
        const announced = unannouncedRef.current;
        if (announced && announced === trackRef.current) {
          unannouncedRef.current = null;
          trackEvent({
            name: 'play_audio',
            params: {
              audio_id: announced.id.slice(0, 200),
              audio_title: announced.title.slice(0, 300),
              category: announced.preference.slice(0, 100),
            },
          });
        }
      },
      pause: () => {
        // The pause the element makes at the end of the track keeps the intent: repeat may start it again.
        if (!audio.ended) playingRef.current = false;
        patch({ isPlaying: false });
      },
      waiting: () => patch({ isLoading: true }),
      canplay: () => patch({ isLoading: false }),
      durationchange: () => {
        if (trackRef.current) patch(timing());
      },
      timeupdate: () => {
        if (trackRef.current) patch(timing());
      },
      ended: () => {
        const ended = trackRef.current;
        if (!ended) return;
        const duration = mediaDuration(audio, ended);
        patch({ currentTime: duration, progress: 100 });
        for (const listener of endedListeners.current) listener(ended);
        if (repeatRef.current && playingRef.current) {
          audio.currentTime = 0;
          startPlayback(audio);
        } else {
          // At the end, paused: play starts it from the beginning (resume).
          playingRef.current = false;
          patch({ isPlaying: false });
        }
      },
      error: () => {
        if (!trackRef.current) return;
        // Load and playback failures are only logged and end the loading state (spec section 8).
        console.warn('audio failed to load', audio.error?.code, audio.error?.message);
        patch({ isLoading: false, isPlaying: false });
      },
    };
    const entries = Object.entries(handlers) as [keyof HTMLMediaElementEventMap, () => void][];
    for (const [type, handler] of entries) audio.addEventListener(type, handler);
    return () => {
      for (const [type, handler] of entries) audio.removeEventListener(type, handler);
    };
  }, [element, patch, startPlayback]);

  // Lock screen and hardware media keys, where supported: the Media Session API (in the Android app, the
  // platform's own, platform/media-session.ts, whose service keeps a prayer playing with the screen locked).
  // Installed when a track is loaded, so a session the platform put in place after the first screen is used.
  const { track, isPlaying, duration } = state;
  const hasTrack = track !== null;
  useEffect(() => {
    if (!hasTrack || !('mediaSession' in navigator)) return;
    const actions: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => controls.resume()],
      ['pause', () => controls.pause()],
      ['seekbackward', (details) => controls.skip(-(details.seekOffset ?? SKIP_SECONDS))],
      ['seekforward', (details) => controls.skip(details.seekOffset ?? SKIP_SECONDS)],
      ['seekto', (details) => controls.seek(details.seekTime ?? 0)],
      ['stop', () => controls.close()],
    ];
    for (const [action, handler] of actions) setMediaSessionHandler(action, handler);
    return () => {
      for (const [action] of actions) setMediaSessionHandler(action, null);
    };
  }, [controls, hasTrack]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    navigator.mediaSession.metadata =
      track && 'MediaMetadata' in window ? new MediaMetadata({ title: track.title, artist: 'Selah' }) : null;
  }, [track]);
  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    navigator.mediaSession.playbackState = track ? (isPlaying ? 'playing' : 'paused') : 'none';
  }, [track, isPlaying]);
  // The lock screen's progress: when playback starts or stops, the length becomes known, or the person seeks (in
  // between it moves on by itself).
  useEffect(() => {
    const audio = audioRef.current;
    const session = 'mediaSession' in navigator ? navigator.mediaSession : null;
    if (!hasTrack || !audio || !session?.setPositionState || !(duration > 0)) return;
    const update = () => {
      try {
        session.setPositionState({ duration, position: Math.min(audio.currentTime, duration), playbackRate: 1 });
      } catch {
        // A position the browser finds inconsistent (the media changed meanwhile): the next update sets it.
      }
    };
    update();
    audio.addEventListener('seeked', update);
    return () => audio.removeEventListener('seeked', update);
  }, [hasTrack, isPlaying, duration]);

  // Signing out stops the audio: the state is reset while rendering, the element follows in the effect below.
  const userId = useAuth().user?.id ?? null;
  const [sessionUserId, setSessionUserId] = useState(userId);
  if (sessionUserId !== userId) {
    setSessionUserId(userId);
    if (userId === null && state.track) setState((previous) => ({ ...IDLE, repeat: previous.repeat }));
  }
  useEffect(() => {
    if (!track) unload();
  }, [track, unload]);

  return (
    <ControlsContext value={controls}>
      <StateContext value={state}>{children}</StateContext>
    </ControlsContext>
  );
}

/** The player's state and controls; re-renders on every time update while playing. Throws outside AudioProvider. */
export function useAudio(): AudioState & AudioControls {
  const state = use(StateContext);
  const controls = use(ControlsContext);
  if (!state || !controls) throw new Error('useAudio must be used inside <AudioProvider>');
  return { ...state, ...controls };
}

/** Only the controls (stable, never re-render on time updates), e.g. for cards that start a track. Throws outside AudioProvider. */
export function useAudioControls(): AudioControls {
  const controls = use(ControlsContext);
  if (!controls) throw new Error('useAudioControls must be used inside <AudioProvider>');
  return controls;
}
