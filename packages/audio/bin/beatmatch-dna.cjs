#!/usr/bin/env node
// Launcher for the TypeScript CLI: registers tsx's CommonJS hook, then runs src/cli.ts.
const { register } = require('tsx/cjs/api');

register();
require('../src/cli.ts');
