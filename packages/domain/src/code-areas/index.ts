export * from './api.ts';
export * from './areas.ts';
export * from './lint-rules.ts';
export * from './messages.ts';
export * from './validation.ts';
