export * from './tracking.ts';
export * from './reports.ts';
