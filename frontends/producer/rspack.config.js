const { createFederatedConfig } = require('../common/rspack.federation.cjs');

module.exports = createFederatedConfig({
  appDir: __dirname,
  name: 'producer',
  port: 3001,
  title: 'Beatmatch — Producer',
  exposes: { './App': './src/App.tsx' },
});
