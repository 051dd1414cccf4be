// What the app's bundles get for `import … from '@napi-rs/canvas'` (scripts/main-bundle.mjs aliases the
// package to this file). pdf.js, unpacked beside app.asar (extraction/pdfjs-load.ts), requires
// @napi-rs/canvas from its own folder, so the package is unpacked too (electron-builder.yml); the app
// loads that same copy, so one thread holds one instance of the module — pdf.js draws on the app's
// canvases with its own Path2D and DOMMatrix. From a checkout there is no app.asar and nothing changes.
'use strict';
const resolved = require.resolve('@napi-rs/canvas');
module.exports = require(resolved.replace(/([\\/])app\.asar(?=[\\/])/, '$1app.asar.unpacked'));
