// hls.js ships no types for its light build (the same API without subtitles or DRM): they are the full build's.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
