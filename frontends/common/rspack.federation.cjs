// One build recipe for the host and both remotes, so the module-federation settings
// (shared singletons, manifest, publicPath) cannot drift between them.
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');

/** Shared singletons take their required versions from the app's own package.json. */
function sharedSingletons(appDependencies) {
  const shared = {};
  for (const name of ['react', 'react-dom', 'react-router-dom', 'antd']) {
    shared[name] = { singleton: true, requiredVersion: appDependencies[name] };
  }
  // Subpath imports (react/jsx-runtime, react-dom/client) must resolve to the same singleton.
  shared['react/'] = { singleton: true, requiredVersion: appDependencies.react };
  shared['react-dom/'] = { singleton: true, requiredVersion: appDependencies['react-dom'] };
  return shared;
}

/**
 * @param {object} options
 * @param {string} options.appDir      the workspace folder (__dirname of its rspack.config.js)
 * @param {string} options.name        federation name: shell | producer | artist
 * @param {number} options.port        dev-server port
 * @param {string} options.title       <title> of the standalone page
 * @param {Record<string,string>} [options.exposes]  remotes only
 * @param {boolean} [options.isHost]
 */
function createFederatedConfig({ appDir, name, port, title, exposes, isHost = false }) {
  const appPackage = require(path.join(appDir, 'package.json'));
  return (_env, argv) => {
    const isProduction = argv.mode !== 'development';
    return {
      context: appDir,
      mode: isProduction ? 'production' : 'development',
      devtool: isProduction ? false : 'eval-cheap-module-source-map',
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(appDir, 'dist'),
        // The host serves deep SPA routes, so its assets need an absolute base; remotes are
        // mounted under a prefix chosen by the gateway and so find their base at run time.
        publicPath: isHost ? '/' : 'auto',
        uniqueName: name,
        filename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.jsx', '.json'] },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !isProduction } },
                target: 'es2022',
              },
            },
          },
          { test: /\.css$/, type: 'css' },
        ],
      },
      experiments: { css: true },
      plugins: [
        new rspack.HtmlRspackPlugin({
          template: path.join(__dirname, 'index.html'),
          // The page itself (the host's, or a remote running alone) is served at deep routes such as
          // /user/matchmaker, so its script tags must be absolute; chunks keep the output publicPath.
          publicPath: '/',
          templateParameters: { title },
        }),
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(isProduction ? 'production' : 'development'),
        }),
        new ModuleFederationPlugin({
          name,
          ...(exposes ? { filename: 'remoteEntry.js', exposes } : {}),
          // The host gets its remotes at run time from /app-config.json (registerRemotes).
          remotes: {},
          shared: sharedSingletons(appPackage.dependencies),
          // 'version-first' would fetch every remote's entry at start-up, so one broken remote
          // would break all; loaded-first fetches a remote only when one of its pages is opened.
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
        }),
      ],
      performance: { hints: false },
      devServer: {
        port,
        host: '127.0.0.1',
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        ...(isHost
          ? { proxy: [{ context: ['/api', '/dev'], target: 'http://127.0.0.1:8080', changeOrigin: false }] }
          : {}),
      },
    };
  };
}

module.exports = { createFederatedConfig };
