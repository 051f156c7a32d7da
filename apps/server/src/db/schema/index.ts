/**
 * The whole database schema. drizzle-kit reads this file to generate migrations and the
 * app types its Drizzle instance with it; every table file is re-exported here.
 */
export * from './accounts.ts';
export * from './billing.ts';
export * from './bulk-operations.ts';
export * from './hiring.ts';
export * from './interviews.ts';
export * from './job-alerts.ts';
export * from './jobs.ts';
export * from './message-templates.ts';
export * from './notifications.ts';
export * from './oidc.ts';
export * from './physicians.ts';
export * from './reference.ts';
export * from './saved-views.ts';
export * from './security.ts';
export * from './team.ts';
export * from './uploads.ts';
export * from './weekly-summary.ts';
