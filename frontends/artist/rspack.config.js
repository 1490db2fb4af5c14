const { createFederatedConfig } = require('../common/rspack.federation.cjs');

module.exports = createFederatedConfig({
  appDir: __dirname,
  name: 'artist',
  port: 3002,
  title: 'Beatmatch — Artist',
  exposes: { './App': './src/App.tsx' },
});
