import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Plugin } from 'vite';

/** One output chunk: its static and dynamic imports and its modules' sizes (bytes as rendered, before minifying). */
export interface ChunkStats {
  fileName: string;
  isEntry: boolean;
  /** The module the chunk stands for (a route's screen module for a lazy route), if any. */
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  modules: Record<string, number>;
}

/**
 * Writes the chunk graph of the build to `outFile` (outside the served folder), for `npm run bench`'s first-load
 * figures (bench/bundle.ts): which chunks a route loads before it can render, and the largest modules in them.
 */
export function bundleStats(outFile: string): Plugin {
  return {
    name: 'portal-bundle-stats',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkStats[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          fileName: output.fileName,
          isEntry: output.isEntry,
          facadeModuleId: output.facadeModuleId,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: Object.fromEntries(Object.entries(output.modules).map(([id, m]) => [id, m.renderedLength])),
        });
      }
      mkdirSync(dirname(outFile), { recursive: true });
      writeFileSync(outFile, JSON.stringify({ chunks }, null, 1));
    },
  };
}
