import { execSync } from 'node:child_process';
import path from 'node:path';

/** The fault and scale-out suites run the compiled API and worker: build them (incremental). */
export default function globalSetup(): void {
  if (!process.env.TEST_SKIP_BUILD) {
    execSync('npx tsc -b apps/api apps/worker', { stdio: 'inherit', cwd: path.resolve(__dirname, '../..') });
  }
}
