export * from './constants.ts';
export * from './messages.ts';
export * from './rules.ts';
export * from './api.ts';
