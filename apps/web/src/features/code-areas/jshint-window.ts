// JSHint's browser build assigns a global `window` when it finds none, which a strict module (the
// lint worker) may not do: give it the worker's global first. Imported before `jshint`.
const scope = globalThis as { window?: unknown };
scope.window ??= globalThis;
export {};
