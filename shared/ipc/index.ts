export * from './contract.js';
export * from './result.js';
export * from './create-api.js';
export * from './schemas/app.js';
export * from './schemas/issuance.js';
