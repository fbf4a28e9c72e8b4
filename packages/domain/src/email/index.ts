export * from './templates.ts';
export * from './default-templates.ts';
export * from './schedules.ts';
