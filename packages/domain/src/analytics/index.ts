export * from './tracking.ts';
export * from './reports.ts';
export * from './organization-reports.ts';
export * from './studio-usage.ts';
