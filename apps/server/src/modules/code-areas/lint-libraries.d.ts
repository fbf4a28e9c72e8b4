// htmlhint's CommonJS entry, typed by its own declarations (its package names no types).
declare module 'htmlhint' {
  import type { HTMLHint } from 'htmlhint/dist/core/core';
  const htmlhint: { HTMLHint: typeof HTMLHint };
  export default htmlhint;
}
