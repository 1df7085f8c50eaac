import { config } from 'zod';
import { styleNonce } from './app/shellMeta';

// The page's Content-Security-Policy has no 'unsafe-eval' and no 'unsafe-inline' (see
// docs/SECURITY.md). Imported first in main.tsx, before any schema or component module runs:
// - Zod compiles fast parsers with `new Function` unless jitless; even its probe is a violation.
// - react-remove-scroll (Mantine's modals, menus, drawers) injects a <style> tagged with the
//   bundler-style global nonce.
config({ jitless: true });
(globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = styleNonce();
