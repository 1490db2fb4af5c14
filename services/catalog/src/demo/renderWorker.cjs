// Renders demo beats in a worker thread (synthesis and MP3 encoding take seconds of CPU per beat; the
// embedded profile's gateway and services share the main thread). The TypeScript source is loaded
// through tsx's CommonJS hook, as packages/audio's DNA worker does.
const { register } = require('tsx/cjs/api');

register();
require('./renderThread.ts');
