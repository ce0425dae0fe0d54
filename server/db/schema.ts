// Drizzle mirror of the hand-written SQL in ./migrations. The SQL is the truth for the database;
// these files are what the services query through. Keep the two in step. One file per area.
export * from './schema/identity';
export * from './schema/system';
export * from './schema/rbac';
export * from './schema/jobs';
export * from './schema/config';
export * from './schema/pay';
export * from './schema/ledger';
export * from './schema/pickers';
export * from './schema/grid';
export * from './schema/report';
export * from './schema/files';
