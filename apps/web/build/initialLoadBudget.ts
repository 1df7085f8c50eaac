import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

/** What Chromium counts per response besides the body (status line and this server's headers, ~0.45 KiB). */
const HEADERS_PER_RESPONSE = 460;
/** Smaller files have no precompressed copy (see precompress.ts): counted as they are. */
const PRECOMPRESS_MIN = 1024;

export interface InitialLoadBudget {
  /** The lazily loaded page module of the first screen, relative to the web app's root. */
  route: string;
  /** Budget for the JS + CSS that screen downloads on a cold visit, in KiB. */
  maxKiB: number;
}

/**
 * Fails the build when the first screen's cold visit would download more JS + CSS than its budget:
 * the entry chunk, the route's chunk, every chunk they import statically and the CSS they carry,
 * brotli-compressed as the server sends them, plus the headers of each response. Mirrors the
 * "sign-in JS+CSS KiB" of scripts/bench/first-visit.mjs without a browser.
 */
export function initialLoadBudget({ route, maxKiB }: InitialLoadBudget): Plugin {
  return {
    name: 'portal-initial-load-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = initialFiles(bundle, route);
      if (!files) return this.error(`initial-load budget: no chunk for ${route} (renamed? update vite.config.ts)`);
      let bytes = 0;
      for (const file of files) {
        const out = bundle[file];
        const data = Buffer.from(out.type === 'chunk' ? out.code : out.source);
        const body =
          data.length < PRECOMPRESS_MIN
            ? data.length
            : brotliCompressSync(data, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }).length;
        bytes += body + HEADERS_PER_RESPONSE;
      }
      const kib = bytes / 1024;
      const summary = `${route}: ${kib.toFixed(1)} KiB of JS + CSS in ${files.size} files (budget ${maxKiB} KiB)`;
      if (kib > maxKiB) {
        this.error(
          `initial-load budget exceeded, ${summary}. Load what that screen does not need lazily (React.lazy, dynamic import()).`,
        );
      }
      this.info(summary);
    },
  };
}

/** The entry chunk, the route's chunk, their static imports (transitively) and the CSS of all of them. */
function initialFiles(bundle: Rolldown.OutputBundle, route: string): Set<string> | null {
  const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry);
  const page = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${route}`));
  if (!entry || !page) return null;
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk') return;
    chunk.imports.forEach(visit);
    chunk.viteMetadata?.importedCss.forEach((css) => files.add(css));
  };
  visit(entry.fileName);
  visit(page.fileName);
  return files;
}
