// htmlhint's CommonJS entry, typed by its own declarations (its package names no types).
declare module 'htmlhint' {
  const htmlhint: { HTMLHint: typeof import('htmlhint/dist/core/core').HTMLHint };
  export default htmlhint;
}
