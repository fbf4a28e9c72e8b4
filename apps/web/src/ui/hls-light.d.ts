// hls.js ships the light build (no alternate audio, subtitles or DRM — the studio uses none) without its own types.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
