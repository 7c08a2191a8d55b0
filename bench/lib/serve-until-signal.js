'use strict';
// How the comparison servers (bench/ceiling, bench/peers) run: the app made by `create` listens on PORT
// (HOST, default 127.0.0.1) until SIGTERM or SIGINT, then closes, runs `onClose` (a pool of its own), and
// exits 0; a failure to start is printed and exits 1.
function serveUntilSignal(create, { onClose } = {}) {
  (async () => {
    const app = await create();
    await app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
    const stop = async () => {
      await app.close();
      await onClose?.();
      process.exit(0);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  })().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

module.exports = { serveUntilSignal };
