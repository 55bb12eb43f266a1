// The package ships JavaScript only; these are the parts of its Emscripten binding that espeak.ts uses.
declare module '@echogarden/espeak-ng-emscripten' {
  export interface ESpeakNGWorker {
    /** espeak_SetVoiceByName: 0 on success. */
    set_voice(name: string): number;
    /** Words per minute (80-450). */
    set_rate(rate: number): void;
    /** Base pitch, 0-99 (default 50). */
    set_pitch(pitch: number): void;
    /** Pitch range, 0-99 (default 50); lower is flatter. */
    set_range(range: number): void;
    readonly samplerate: number;
    /** Synthesizes SSML-enabled text; the callback gets 16-bit samples and returns true to stop. */
    synthesize(text: string, callback: (samples: Int16Array, events: unknown[]) => boolean): void;
  }

  export interface ESpeakNGModule {
    eSpeakNGWorker: new () => ESpeakNGWorker;
  }

  export default function createESpeakNG(options?: {
    print?: (text: string) => void;
    printErr?: (text: string) => void;
  }): Promise<ESpeakNGModule>;
}
