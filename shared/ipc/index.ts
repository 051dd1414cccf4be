export * from './contract.js';
export * from './result.js';
export * from './create-api.js';
export * from './schemas/app.js';
export * from './schemas/issuance.js';
export * from './schemas/history.js';
export * from './schemas/settings.js';
export * from './schemas/libraries.js';
