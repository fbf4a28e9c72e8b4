export * from './api.ts';
export * from './constants.ts';
export * from './eligibility.ts';
export * from './messages.ts';
export * from './realtime.ts';
export * from './rename.ts';
export * from './sources.ts';
export * from './statuses.ts';
