// What runs the application elsewhere than main.ts imports from here (`@app/api`): building it, and
// shutting it down gracefully. The test app (libs/testing) and the operations tests use it.
export { createApp } from './bootstrap';
export { gracefulShutdown } from './shutdown';
