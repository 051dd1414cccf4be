/**
 * Renderer build (docs/architecture.md §2). The output is loaded from disk by Electron (file://) and served by the
 * browser harness from a sub-path, hence the relative base. Everything is bundled: the page must never
 * fetch from the network, and main's CSP forbids it anyway.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  // A page that only ever runs in Chromium does not need the modulepreload polyfill.
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    modulePreload: { polyfill: false },
    sourcemap: true,
    // antd alone is ~1 MB minified; the file is read from local disk, so the usual web budget does not
    // apply. The limit stays low enough to flag an accidental second copy of a big library.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      output: {
        // Separate chunks for what changes rarely (antd, React) from our own code, so a renderer-only
        // change produces a small diff in the packaged app and readable build output. React ranks
        // highest because a group also pulls in its modules' dependencies, and antd depends on React.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|dayjs|@babel)[\\/]/, priority: 20 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', strictPort: true },
});
