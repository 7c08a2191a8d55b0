// What runs the application elsewhere than main.ts imports from here (`@app/api`): building it, and
// shutting it down gracefully. The test app (libs/testing) and the operations tests use it; the schema
// drift test reads the entity list.
export { createApp } from './bootstrap';
export { ENTITIES } from './entities';
export { gracefulShutdown } from './shutdown';
