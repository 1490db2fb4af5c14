// The trace e2e (`npm run test:traces`): its spec ends in `.jaeger.ts`, so the default `npm test`
// (whose projects match *.unit|int|e2e.spec.ts) never picks it up — it needs Jaeger, whose first
// build takes over an hour (deploy/local/servers/jaeger.sh).
const path = require('node:path');
const { projects, testTimeout } = require('../jest.config.js');

const e2e = projects.find((project) => project.displayName === 'e2e');
module.exports = {
  testTimeout,
  projects: [
    {
      ...e2e,
      rootDir: path.resolve(__dirname, '..'),
      displayName: 'traces',
      testMatch: ['<rootDir>/e2e-distributed/*.jaeger.ts'],
    },
  ],
};
