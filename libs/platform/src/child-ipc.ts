import path from 'node:path';

/**
 * Shared by the disposable processes the worker and API fork (price-list builds, spreadsheet
 * reading): where a child's entry point is, and how a child reports to its parent.
 */

/**
 * The compiled entry point `file` beside the calling module (`callerFilename`). Under ts-jest the
 * caller runs from its TypeScript sources, which Node cannot start as a process: the compiled file
 * of the same source in `distDir` is used then (`npm test` builds first).
 */
export function childEntryPoint(callerFilename: string, distDir: string, file: string): string {
  return path.join(callerFilename.endsWith('.ts') ? distDir : path.dirname(callerFilename), file);
}

/** Sends `message` to the parent over IPC; resolves once it is out (at once when the parent is gone). */
export function sendToParent(message: unknown): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!process.connected || !process.send) return resolve();
    process.send(message, undefined, undefined, () => resolve());
  });
}
