// Loads the TypeScript sentence-encoder worker under plain Node, as packages/audio's DNA worker does: a
// worker thread starts with a fresh module system, so it registers tsx's CommonJS hook itself.
const { register } = require('tsx/cjs/api');

register();
require('./encoderThread.ts');
