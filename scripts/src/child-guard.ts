/**
 * Preloaded (`node --require scripts/dist/child-guard.js ...`) into every process the
 * launcher spawns with an IPC channel: when the launcher disappears (even by SIGKILL) the
 * channel closes and the child shuts itself down gracefully instead of living on as an orphan.
 */
if (typeof process.send === 'function') {
  process.once('disconnect', () => {
    process.kill(process.pid, 'SIGTERM');
    // A child that ignores SIGTERM still goes, after a grace period.
    setTimeout(() => process.exit(1), 20_000).unref();
  });
  // Keep the IPC channel from holding the event loop open on its own.
  (process.channel as { unref?: () => void } | undefined)?.unref?.();
}
