// The lint libraries' browser entries, typed by their own declarations.
declare module 'jshint/dist/jshint.js' {
  export { JSHINT } from 'jshint';
}
declare module 'htmlhint' {
  export { HTMLHint } from 'htmlhint/dist/core/core';
}
