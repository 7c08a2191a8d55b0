export * from './metrics';
export * from './metrics-server';
export * from './tracing';
export * from './version';
export * from './caller-label';
export * from './secret-paths';
export * from './background-work';
