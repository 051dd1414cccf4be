// Vite bundles CSS imports into a stylesheet file; TypeScript only needs to know they are modules.
// (The renderer tsconfig deliberately loads no ambient types, so vite/client's declarations are absent.)
declare module '*.css';
