// Loads the TypeScript worker under plain Node: the package ships TypeScript source (no build step),
// so the worker registers tsx's CommonJS hook itself. Works the same whether the parent runs under
// tsx, jest (@swc/jest) or anything else, because a worker thread starts with a fresh module system.
const { register } = require('tsx/cjs/api');

register();
require('./worker.ts');
