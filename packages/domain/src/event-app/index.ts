export * from './rules.ts';
export * from './calendar.ts';
export * from './api.ts';
