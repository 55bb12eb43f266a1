import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  cuesUrlOf,
  DEFAULT_BACKGROUND_SOUND,
  DEFAULT_BACKGROUND_VOLUME,
  DEFAULT_PLAYBACK_SPEED,
  PRAYED_AFTER_SECONDS,
  SLEEP_FADE_SECONDS,
  skipTarget,
  type BackgroundSound,
  type Cue,
  type PlayerTrack,
  type SleepTimerChoice,
} from '@selah/domain/player';
import type { PlayerPreferences } from '@selah/domain/profile';
import { habitKeys } from '@selah/domain/contract/query-keys';
import { api } from './api';
import type { BedMixer } from './bed-mixer';
import type Hls from 'hls.js/light';
import { queryClient } from './query-client';
import { finishedTrackOf } from './tracks';
import { track as trackEvent } from './analytics';
import { useAuth } from './auth';
import { currentTimeZone } from './time-zone';
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
  /** The loaded track's spoken lines (its WebVTT track), once loaded; null when it has none. */
  cues: Cue[] | null;
  /** The line being spoken (an index into cues), or -1 between lines. */
  activeCue: number;
  /** Playback speed (0.75 to 1.5), remembered per person. */
  speed: number;
  /** The sound under the voice and its volume (0 to 1), remembered per person. */
  backgroundSound: BackgroundSound;
  backgroundVolume: number;
  /** The sleep timer, while set: its choice, and when it ends (ms since the epoch; null: at the prayer's end). */
  sleepTimer: { choice: SleepTimerChoice; endsAt: number | null } | null;
  /**
   * A prayer still being voiced (issue 23): the moment the person moved to that has not been voiced yet. Playback
   * goes on where it is and moves there once it exists; null otherwise.
   */
  waitingFor: number | null;
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
  /** Sets any of speed, background sound and its volume (the person's remembered settings, or a change). */
  setPreferences(preferences: Partial<PlayerPreferences>): void;
  /** Starts the sleep timer (minutes, or the end of the prayer), or cancels it with null. */
  setSleepTimer(choice: SleepTimerChoice | null): void;
  /**
   * Called in a tap that will lead to audio later (the quiz's submit: the prayer plays once its first seconds
   * are out): Safari lets an element play without a tap only once a tap has played it. Plays a moment of
   * silence when nothing is loaded; does nothing otherwise.
   */
  unlock(): void;
}

/** What closing the player resets; the repeat switch and the person's preferences stay. */
const IDLE = {
  track: null,
  isPlaying: false,
  isMinimized: false,
  isLoading: false,
  currentTime: 0,
  duration: 0,
  progress: 0,
  journeyAudio: null,
  cues: null,
  activeCue: -1,
  sleepTimer: null,
  waitingFor: null,
} satisfies Partial<AudioState>;

const INITIAL: AudioState = {
  ...IDLE,
  repeat: true,
  speed: DEFAULT_PLAYBACK_SPEED,
  backgroundSound: DEFAULT_BACKGROUND_SOUND,
  backgroundVolume: DEFAULT_BACKGROUND_VOLUME,
};

const StateContext = createContext<AudioState | null>(null);
const ControlsContext = createContext<AudioControls | null>(null);

/**
 * The same audio: the same id and file. A person's own audio comes at signed addresses whose expiry changes
 * from one answer to the next, so the query string does not count. A prayer heard while it was voiced is the
 * same as its finished file: the same frames (the playing stream goes on).
 */
export function isSameTrack(a: PlayerTrack | null, b: PlayerTrack | null): boolean {
  if (a === null || b === null || a.id !== b.id) return false;
  return withoutQuery(a.audioUrl) === withoutQuery(b.audioUrl) || Boolean(a.streaming) || Boolean(b.streaming);
}

/** Two samples of silence (a WAV file): what unlock() plays, from a blob: address (the page policy allows those). */
let silence: string | undefined;
const silenceUrl = (): string =>
  (silence ??= URL.createObjectURL(
    new Blob([Uint8Array.from(atob('UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQIAAACAgA=='), (c) => c.charCodeAt(0))], {
      type: 'audio/wav',
    }),
  ));

/** HLS playlists' type, for a browser that plays them itself. */
const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** hls.js (its light build: no subtitles, no DRM), loaded with the first prayer heard while it is voiced. */
let hlsModule: Promise<typeof Hls> | undefined;
const loadHls = (): Promise<typeof Hls> => {
  if (!hlsModule) {
    hlsModule = import('hls.js/light').then((module) => module.default);
    hlsModule.catch(() => (hlsModule = undefined));
  }
  return hlsModule;
};

/** How far a prayer still being voiced can be played: the end of what exists so far. */
function availableEnd(audio: HTMLAudioElement): number {
  const { seekable } = audio;
  return seekable.length > 0 ? seekable.end(seekable.length - 1) : 0;
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

/**
 * Elements playing a prayer's playlist that has not ended yet (its prayer is still being voiced, or has just
 * been completed and the player has not read the playlist's end): they know only what exists so far.
 */
const growing = new WeakSet<HTMLAudioElement>();

function mediaDuration(audio: HTMLAudioElement, track: PlayerTrack | null): number {
  const media = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : 0;
  // While voiced: the length it is being made to, until what exists is longer.
  if (growing.has(audio)) return Math.max(media, declaredDuration(track));
  return media || declaredDuration(track);
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
  const [state, setState] = useState<AudioState>(INITIAL);
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
  const speedRef = useRef<number>(DEFAULT_PLAYBACK_SPEED);
  /** The habit record: seconds of the loaded track heard so far, and whether this load has counted the day. */
  const heardRef = useRef({ seconds: 0, last: 0, counted: false });
  const signedInRef = useRef(false);
  const sleepRef = useRef<AudioState['sleepTimer']>(null);
  /** The background sound's mixer, loaded with its module when a bed is first wanted. */
  const mixerRef = useRef<BedMixer | null>(null);
  const mixerLoading = useRef<Promise<BedMixer> | null>(null);
  /** hls.js, attached while a prayer still being voiced plays (wherever Media Source Extensions exist). */
  const hlsRef = useRef<{ destroy(): void } | null>(null);
  /** Where the person asked to be in a prayer still being voiced, until that moment exists. */
  const pendingSeekRef = useRef<number | null>(null);
  const bedRef = useRef<{ sound: BackgroundSound; volume: number }>({
    sound: DEFAULT_BACKGROUND_SOUND,
    volume: DEFAULT_BACKGROUND_VOLUME,
  });

  const patch = useCallback((changes: Partial<AudioState>) => setState((previous) => ({ ...previous, ...changes })), []);

  const element = useCallback((): HTMLAudioElement => {
    if (!audioRef.current) {
      // In the native shell the audio comes from the server across origins, in CORS mode (platform/server.ts).
      const audio = Object.assign(new Audio(), { preload: 'auto', crossOrigin: mediaCrossOrigin() });
      // In the document (hidden, as an <audio> without controls is), so its captions track loads everywhere.
      audio.dataset.testid = 'player-audio';
      document.body.append(audio);
      audioRef.current = audio;
    }
    return audioRef.current;
  }, []);

  /** The mixer, once its module is loaded (only when a bed is first wanted). */
  const withMixer = useCallback((use: (mixer: BedMixer) => void) => {
    if (mixerRef.current) return use(mixerRef.current);
    if (bedRef.current.sound === 'none') return;
    mixerLoading.current ??= import('./bed-mixer').then(({ createBedMixer }) => {
      const mixer = createBedMixer();
      mixer.setSound(bedRef.current.sound);
      mixer.setVolume(bedRef.current.volume);
      mixerRef.current = mixer;
      return mixer;
    });
    void mixerLoading.current.then(use, (error: unknown) => {
      mixerLoading.current = null;
      console.warn('background sound unavailable', error);
    });
  }, []);

  /** The sleep timer's fade on the voice and the bed (1: full). */
  const setFade = useCallback((fade: number) => {
    const audio = audioRef.current;
    if (audio) audio.volume = Math.min(1, Math.max(0, fade));
    if (mixerRef.current) mixerRef.current.setFade(fade);
  }, []);

  const endSleepTimer = useCallback(() => {
    sleepRef.current = null;
    audioRef.current?.pause();
    setFade(1);
    setState((previous) => ({ ...previous, sleepTimer: null }));
  }, [setFade]);

  /** Today counts as a day prayed (once per track played; the server counts each day once). Signed in only. */
  const countPrayedDay = useCallback(() => {
    const heard = heardRef.current;
    if (heard.counted || !signedInRef.current) return;
    heard.counted = true;
    api('POST /api/habit/prayed', { body: { timeZone: currentTimeZone() } }).then(
      (habit) => queryClient.setQueryData(habitKeys.all, habit),
      (error: unknown) => {
        heard.counted = false;
        console.warn('the day prayed was not recorded', error);
      },
    );
  }, []);

  /** The loaded track's lines: its WebVTT track, beside the audio (cuesUrlOf), as captions and for the words. */
  const loadCues = useCallback(
    (audio: HTMLAudioElement, next: PlayerTrack) => {
      for (const old of Array.from(audio.querySelectorAll('track'))) old.remove();
      // A prayer still being voiced has no lines yet: they are written with the finished file.
      if (next.streaming) return;
      const element = Object.assign(document.createElement('track'), {
        kind: 'captions',
        label: next.title,
        src: serverUrl(cuesUrlOf(next.audioUrl)),
        default: true,
      });
      audio.append(element);
      const textTrack = element.track;
      // Hidden: nothing draws them (an <audio> has no picture); cuechange still follows the playback.
      textTrack.mode = 'hidden';
      const current = () => trackRef.current === next;
      element.addEventListener('load', () => {
        if (!current() || !textTrack.cues) return;
        const cues = Array.from(textTrack.cues, (cue) => ({ start: cue.startTime, end: cue.endTime, text: (cue as VTTCue).text }));
        patch({ cues: cues.length > 0 ? cues : null });
      });
      textTrack.addEventListener('cuechange', () => {
        if (!current()) return;
        const cues = textTrack.cues;
        if (!cues) return;
        const active = textTrack.activeCues?.[0];
        // Between two lines the one just spoken stays marked, so the highlight does not blink at every pause.
        let index = active ? Array.prototype.indexOf.call(cues, active) : -1;
        if (index === -1) for (let i = 0; i < cues.length && cues[i]!.startTime <= audio.currentTime; i++) index = i;
        patch({ activeCue: index });
      });
    },
    [patch],
  );

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

  /**
   * A prayer still being voiced: its growing playlist through hls.js, which starts it from the first word and can
   * move within what exists (Chromium's own HLS starts a growing playlist at its live edge, and cannot seek in it);
   * a browser without Media Source Extensions plays it itself (Safari on older iPhones, from EXT-X-START).
   */
  const playStream = useCallback(
    (audio: HTMLAudioElement, next: PlayerTrack) => {
      const url = serverUrl(next.audioUrl);
      growing.add(audio);
      loadHls().then(
        (HlsPlayer) => {
          if (trackRef.current !== next) return;
          if (HlsPlayer.isSupported()) {
            const hls = new HlsPlayer({ startPosition: 0 });
            // The playlist has ended: the prayer is all there.
            hls.on(HlsPlayer.Events.LEVEL_LOADED, (_event, data) => {
              if (!data.details.live) growing.delete(audio);
            });
            hls.on(HlsPlayer.Events.ERROR, (_event, data) => {
              if (!data.fatal || trackRef.current !== next) return;
              console.warn('audio failed to load', data.type, data.details);
              patch({ isLoading: false, isPlaying: false });
            });
            hls.loadSource(url);
            hls.attachMedia(audio);
            hlsRef.current = hls;
          } else if (audio.canPlayType(HLS_TYPE) !== '') {
            audio.src = url;
          } else {
            console.warn('audio failed to load: this browser cannot play a prayer while it is voiced');
            patch({ isLoading: false });
            return;
          }
          startPlayback(audio);
        },
        (error: unknown) => {
          console.warn('audio failed to load', error);
          if (trackRef.current === next) patch({ isLoading: false });
        },
      );
    },
    [patch, startPlayback],
  );

  const unload = useCallback(() => {
    const audio = audioRef.current;
    trackRef.current = null;
    unannouncedRef.current = null;
    sleepRef.current = null;
    pendingSeekRef.current = null;
    hlsRef.current?.destroy();
    hlsRef.current = null;
    if (!audio) return;
    growing.delete(audio);
    audio.pause();
    for (const old of Array.from(audio.querySelectorAll('track'))) old.remove();
    if (audio.hasAttribute('src')) {
      audio.removeAttribute('src');
      audio.load();
    }
  }, []);

  /**
   * The prayer playing while it was voiced is complete: `next` (its finished file) becomes the track, and its
   * lines load (the stream is the file's very frames, so they match). The stream itself plays on. Answers
   * whether it did.
   */
  const adoptFinished = useCallback(
    (next: PlayerTrack): boolean => {
      const current = trackRef.current;
      const audio = audioRef.current;
      if (!current?.streaming || next.streaming || current.id !== next.id || !audio) return false;
      trackRef.current = next;
      loadCues(audio, next);
      setState((previous) => ({ ...previous, track: next }));
      return true;
    },
    [loadCues],
  );

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
      if (growing.has(audio) && !audio.ended && time > availableEnd(audio)) {
        // Not voiced yet: playing goes on, and moves there once it exists (the media events check).
        pendingSeekRef.current = time;
        patch({ waitingFor: time });
        return;
      }
      pendingSeekRef.current = null;
      audio.currentTime = time;
      patch({ currentTime: time, progress: progressOf(time, duration), waitingFor: null });
    };
    const play = (next: PlayerTrack) => {
      const audio = element();
      const journeyAudio = next.journey ?? null;
      if (isSameTrack(trackRef.current, next)) {
        if (!adoptFinished(next)) trackRef.current = next;
        patch({ track: next, isMinimized: false, journeyAudio });
        resume();
        return;
      }
      trackRef.current = next;
      unannouncedRef.current = next;
      pendingSeekRef.current = null;
      hlsRef.current?.destroy();
      hlsRef.current = null;
      growing.delete(audio);
      if (next.streaming) {
        audio.removeAttribute('src');
        audio.load();
      } else {
        audio.src = serverUrl(next.audioUrl);
      }
      // A new source resets the rate to the default one: both carry the person's speed.
      audio.defaultPlaybackRate = speedRef.current;
      audio.playbackRate = speedRef.current;
      loadCues(audio, next);
      heardRef.current = { seconds: 0, last: 0, counted: false };
      patch({
        cues: null,
        activeCue: -1,
        track: next,
        isMinimized: false,
        isPlaying: false,
        isLoading: true,
        currentTime: 0,
        duration: declaredDuration(next),
        progress: 0,
        journeyAudio,
        waitingFor: null,
      });
      if (next.streaming) playStream(audio, next);
      else startPlayback(audio);
    };
    return {
      play,
      open: (next) => {
        if (!isSameTrack(trackRef.current, next)) return play(next);
        adoptFinished(next);
        patch({ isMinimized: false });
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
        setState((previous) => ({ ...previous, ...IDLE }));
      },
      stopJourneyAudio: () => patch({ journeyAudio: null }),
      onEnded: (listener) => {
        endedListeners.current.add(listener);
        return () => endedListeners.current.delete(listener);
      },
      setPreferences: (preferences) => {
        if (preferences.speed !== undefined) {
          speedRef.current = preferences.speed;
          const audio = audioRef.current;
          if (audio) {
            audio.defaultPlaybackRate = preferences.speed;
            audio.playbackRate = preferences.speed;
          }
        }
        bedRef.current = {
          sound: preferences.backgroundSound ?? bedRef.current.sound,
          volume: preferences.backgroundVolume ?? bedRef.current.volume,
        };
        const { sound, volume } = bedRef.current;
        withMixer((mixer) => {
          mixer.setSound(sound);
          mixer.setVolume(volume);
          mixer.setPlaying(Boolean(audioRef.current && !audioRef.current.paused && trackRef.current));
        });
        patch(preferences);
      },
      unlock: () => {
        // What will play is a prayer still being voiced: its player's code comes now, while it is written.
        void loadHls().catch(() => undefined);
        const audio = element();
        if (trackRef.current || !audio.paused) return;
        audio.src = silenceUrl();
        audio.play().then(
          () => {
            if (!trackRef.current) audio.pause();
          },
          () => undefined,
        );
      },
      setSleepTimer: (choice) => {
        const timer = choice === null ? null : { choice, endsAt: choice === 'end' ? null : Date.now() + choice * 60_000 };
        sleepRef.current = timer;
        if (!timer) setFade(1);
        patch({ sleepTimer: timer });
      },
    };
  }, [adoptFinished, element, loadCues, patch, playStream, setFade, startPlayback, unload, withMixer]);

  // The sleep timer: the last SLEEP_FADE_SECONDS fade the voice and the bed, then playback pauses. 'end' fades
  // the prayer's last seconds and stops it at its end instead of repeating it.
  const { sleepTimer } = state;
  useEffect(() => {
    if (!sleepTimer) return;
    const tick = () => {
      const audio = audioRef.current;
      let remaining: number;
      if (sleepTimer.endsAt !== null) remaining = (sleepTimer.endsAt - Date.now()) / 1000;
      else if (audio && trackRef.current) {
        const duration = mediaDuration(audio, trackRef.current);
        remaining = duration > 0 ? (duration - audio.currentTime) / (audio.playbackRate || 1) : Number.POSITIVE_INFINITY;
      } else remaining = Number.POSITIVE_INFINITY;
      if (remaining <= 0 && sleepTimer.endsAt !== null) endSleepTimer();
      else setFade(Math.min(1, Math.max(0, remaining / SLEEP_FADE_SECONDS)));
    };
    tick();
    const interval = setInterval(tick, 250);
    return () => clearInterval(interval);
  }, [sleepTimer, endSleepTimer, setFade]);

  // A prayer (or a journey's first day) heard while it is voiced: when it completes (the live events update the
  // cached library, dashboard and journey), its finished track takes over, with its words and lines.
  const streaming = state.track?.streaming ? state.track : null;
  useEffect(() => {
    if (!streaming) return;
    const check = () => {
      const finished = finishedTrackOf(queryClient, streaming);
      if (finished) adoptFinished(finished);
    };
    check();
    return queryClient.getQueryCache().subscribe(check);
  }, [streaming, adoptFinished]);

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
    // A prayer still being voiced: the moment asked for, once it has been voiced (a second of it at least).
    const catchUp = () => {
      // Safari's own HLS: a growing playlist has no finite duration until it ends.
      if (growing.has(audio) && !hlsRef.current && Number.isFinite(audio.duration)) growing.delete(audio);
      const target = pendingSeekRef.current;
      if (target === null) return;
      const end = availableEnd(audio);
      if (growing.has(audio) && end < target + 1) return;
      pendingSeekRef.current = null;
      audio.currentTime = Math.min(target, end || target);
      patch({ waitingFor: null });
    };
    const handlers: Partial<Record<keyof HTMLMediaElementEventMap, () => void>> = {
      progress: catchUp,
      play: () => {
        // unlock()'s moment of silence is no track: nothing to show, no background sound.
        if (!trackRef.current) return;
        playingRef.current = true;
        patch({ isPlaying: true });
        withMixer((mixer) => mixer.setPlaying(true));
      },
      playing: () => {
        if (!trackRef.current) return;
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
        if (!trackRef.current) return;
        // The pause the element makes at the end of the track keeps the intent: repeat may start it again.
        if (!audio.ended) playingRef.current = false;
        patch({ isPlaying: false });
        // At the end of a repeating track the bed plays on through the restart.
        if (!(audio.ended && repeatRef.current && playingRef.current && sleepRef.current?.choice !== 'end')) {
          mixerRef.current?.setPlaying(false);
        }
      },
      waiting: () => patch({ isLoading: true }),
      canplay: () => patch({ isLoading: false }),
      durationchange: () => {
        if (trackRef.current) patch(timing());
        catchUp();
      },
      timeupdate: () => {
        if (!trackRef.current) return;
        patch(timing());
        catchUp();
        const heard = heardRef.current;
        const step = audio.currentTime - heard.last;
        heard.last = audio.currentTime;
        // Playing on (not a seek): a minute of a prayer heard makes the day count.
        if (!audio.paused && step > 0 && step < 2) heard.seconds += step;
        if (heard.seconds >= PRAYED_AFTER_SECONDS) countPrayedDay();
      },
      ended: () => {
        const ended = trackRef.current;
        if (!ended) return;
        if (pendingSeekRef.current !== null) {
          pendingSeekRef.current = null;
          patch({ waitingFor: null });
        }
        const duration = mediaDuration(audio, ended);
        patch({ currentTime: duration, progress: 100 });
        for (const listener of endedListeners.current) listener(ended);
        // A prayer shorter than a minute heard to its end counts as well.
        if (heardRef.current.seconds >= Math.min(PRAYED_AFTER_SECONDS, duration - 2)) countPrayedDay();
        if (sleepRef.current?.choice === 'end') {
          // The sleep timer set for the end of the prayer: it ends here, whatever repeat says.
          playingRef.current = false;
          endSleepTimer();
          mixerRef.current?.setPlaying(false);
          patch({ isPlaying: false });
        } else if (repeatRef.current && playingRef.current) {
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
  }, [element, endSleepTimer, patch, startPlayback, withMixer, countPrayedDay]);

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
        session.setPositionState({ duration, position: Math.min(audio.currentTime, duration), playbackRate: audio.playbackRate || 1 });
      } catch {
        // A position the browser finds inconsistent (the media changed meanwhile): the next update sets it.
      }
    };
    update();
    audio.addEventListener('seeked', update);
    audio.addEventListener('ratechange', update);
    return () => {
      audio.removeEventListener('seeked', update);
      audio.removeEventListener('ratechange', update);
    };
  }, [hasTrack, isPlaying, duration]);

  // Signing out stops the audio: the state is reset while rendering, the element follows in the effect below.
  const userId = useAuth().user?.id ?? null;
  useEffect(() => {
    signedInRef.current = userId !== null;
  }, [userId]);
  const [sessionUserId, setSessionUserId] = useState(userId);
  if (sessionUserId !== userId) {
    setSessionUserId(userId);
    if (userId === null && state.track) setState((previous) => ({ ...previous, ...IDLE }));
  }
  useEffect(() => {
    if (!track) {
      unload();
      mixerRef.current?.setPlaying(false);
      setFade(1);
    }
  }, [track, unload, setFade]);

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
