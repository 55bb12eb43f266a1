import type { BackgroundSound } from '@selah/domain/player';
import { api } from './api';
import { requestCredentials, serverUrl } from '../platform/server';

/**
 * The background sound under the voice (issue 22): the chosen bed, decoded once and looped by the Web Audio API
 * between its loop points (seamless, unlike a looping media element), at its own volume. Voice files carry no
 * bed, so this is the only one heard. Loaded when first needed: nothing of it is in the start-up bundle.
 */
export interface BedMixer {
  setSound(sound: BackgroundSound): void;
  /** 0 to 1. */
  setVolume(volume: number): void;
  /** The sleep timer's fade: 1 is full, 0 silent. */
  setFade(fade: number): void;
  /** Follows the voice: the bed plays while it plays. */
  setPlaying(playing: boolean): void;
}

/** How long the bed takes to come in, and to go when the voice stops. */
const FADE_IN_SECONDS = 1.5;
const FADE_OUT_SECONDS = 0.4;
/** How quickly the volume follows a change (a time constant, in seconds): no zipper noise on a slider. */
const VOLUME_SMOOTHING = 0.05;

type Sounds = Map<string, { audioUrl: string; loop: { start: number; end: number } }>;

export function createBedMixer(): BedMixer {
  let context: AudioContext | null = null;
  let master: GainNode | null = null;
  let playingNode: { source: AudioBufferSourceNode; gain: GainNode } | null = null;
  let sound: BackgroundSound = 'none';
  let volume = 1;
  let fade = 1;
  let playing = false;
  /** Bumped by every change of what should sound: a bed that finishes loading late is not started. */
  let generation = 0;
  let sounds: Promise<Sounds> | null = null;
  const buffers = new Map<string, Promise<AudioBuffer | null>>();

  const audioContext = (): { context: AudioContext; master: GainNode } => {
    if (!context || !master) {
      context = new AudioContext();
      master = context.createGain();
      master.gain.value = volume * fade;
      master.connect(context.destination);
    }
    return { context, master };
  };

  const soundList = (): Promise<Sounds> => {
    sounds ??= api('GET /api/sounds').then(
      (answer) => new Map(answer.sounds.map((entry) => [entry.id, { audioUrl: entry.audioUrl, loop: entry.loop }])),
      (error: unknown) => {
        sounds = null;
        throw error;
      },
    );
    return sounds;
  };

  const bufferOf = (url: string, into: AudioContext): Promise<AudioBuffer | null> => {
    let buffer = buffers.get(url);
    if (!buffer) {
      buffer = fetch(serverUrl(url), { credentials: requestCredentials() })
        .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(`HTTP ${response.status}`))))
        .then((data) => into.decodeAudioData(data))
        .catch((error: unknown) => {
          buffers.delete(url);
          console.warn('background sound failed to load', error);
          return null;
        });
      buffers.set(url, buffer);
    }
    return buffer;
  };

  const stopNode = () => {
    const node = playingNode;
    playingNode = null;
    if (!node || !context) return;
    const now = context.currentTime;
    node.gain.gain.cancelScheduledValues(now);
    node.gain.gain.setValueAtTime(node.gain.gain.value, now);
    node.gain.gain.linearRampToValueAtTime(0, now + FADE_OUT_SECONDS);
    node.source.stop(now + FADE_OUT_SECONDS + 0.05);
  };

  const update = async () => {
    const id = ++generation;
    stopNode();
    if (!playing || sound === 'none') return;
    const chosen = sound;
    try {
      const entry = (await soundList()).get(chosen);
      if (!entry || id !== generation) return;
      const audio = audioContext();
      // A context made outside a tap starts suspended; the voice's play follows one, so this usually resumes.
      if (audio.context.state === 'suspended') await audio.context.resume().catch(() => undefined);
      const buffer = await bufferOf(entry.audioUrl, audio.context);
      if (!buffer || id !== generation) return;
      const source = audio.context.createBufferSource();
      source.buffer = buffer;
      source.loop = true;
      source.loopStart = entry.loop.start;
      source.loopEnd = Math.min(entry.loop.end, buffer.duration);
      const gain = audio.context.createGain();
      const now = audio.context.currentTime;
      gain.gain.setValueAtTime(0, now);
      gain.gain.linearRampToValueAtTime(1, now + FADE_IN_SECONDS);
      source.connect(gain).connect(audio.master);
      source.start(now, entry.loop.start);
      playingNode = { source, gain };
    } catch (error) {
      console.warn('background sound unavailable', error);
    }
  };

  const applyLevel = () => {
    if (!context || !master) return;
    master.gain.setTargetAtTime(volume * fade, context.currentTime, VOLUME_SMOOTHING);
  };

  return {
    setSound(next) {
      if (next === sound) return;
      sound = next;
      void update();
    },
    setVolume(next) {
      volume = Math.min(1, Math.max(0, next));
      applyLevel();
    },
    setFade(next) {
      fade = Math.min(1, Math.max(0, next));
      applyLevel();
    },
    setPlaying(next) {
      if (next === playing) return;
      playing = next;
      void update();
    },
  };
}
