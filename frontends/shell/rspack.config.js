const { createFederatedConfig } = require('../common/rspack.federation.cjs');

module.exports = createFederatedConfig({
  appDir: __dirname,
  name: 'shell',
  port: 3000,
  title: 'Beatmatch',
  isHost: true,
});
