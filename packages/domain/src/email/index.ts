export * from './templates.ts';
export * from './schedules.ts';
