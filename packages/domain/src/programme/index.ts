export * from './constants.ts';
export * from './messages.ts';
export * from './api.ts';
export * from './rules.ts';
export * from './session-form.ts';
export * from './surveys.ts';
export * from './simulive-test.ts';
export * from './video-slots.ts';
