// One build recipe for the host and both remotes, so the module-federation settings
// (shared singletons, manifest, publicPath) cannot drift between them.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');

/** Everything the shell and the remotes import from react-router-dom (add here when using more). */
const ROUTER_EXPORTS = [
  'BrowserRouter',
  'MemoryRouter',
  'Routes',
  'Route',
  'Navigate',
  'Link',
  'NavLink',
  'Outlet',
  'matchPath',
  'useInRouterContext',
  'useLocation',
  'useMatch',
  'useNavigate',
  'useParams',
  'useSearchParams',
];

/**
 * Shared singletons take their required versions from the app's own package.json.
 * antd is deliberately not shared: a shared module is built whole (antd: one 1.4 MB chunk on every
 * page), while each app importing only the components it uses gets them tree-shaken and split per
 * route. The theme comes from frontends/common, and antd's CSS-in-JS dedupes identical styles.
 * The frontend SDK (API client, session, cart) must be one instance across the apps: shared too.
 */
function sharedSingletons(appDependencies, isProduction) {
  const shared = {};
  for (const name of ['react', 'react-dom', 'react-router-dom']) {
    shared[name] = { singleton: true, requiredVersion: appDependencies[name] };
  }
  // Built with only the exports the apps use (the router is the largest shared module after
  // react-dom). Every export any app uses is listed, so a remote never finds the shell's copy
  // lacking one and falls back to a second router with a second context.
  // Production only: in a dev build it makes rspack drop module federation's own CommonJS helpers
  // (rolldown's __exportAll), and the page fails at start ('__exportAll is not a function').
  if (isProduction) {
    shared['react-router-dom'].treeShaking = { mode: 'runtime-infer', usedExports: ROUTER_EXPORTS };
  }
  // Subpath imports (react/jsx-runtime, react-dom/client) must resolve to the same singleton.
  shared['react/'] = { singleton: true, requiredVersion: appDependencies.react };
  shared['react-dom/'] = { singleton: true, requiredVersion: appDependencies['react-dom'] };
  shared['@beatmatch/frontend-common/sdk'] = {
    singleton: true,
    requiredVersion: appDependencies['@beatmatch/frontend-common'],
    version: require('./package.json').version,
  };
  return shared;
}

/**
 * The SDK's version as built into an app: common's package version and a hash of the SDK's sources
 * (tests excluded). The shell hands its version to a remote, which compares it with its own
 * (common/src/SdkVersionCheck.tsx): a shell and a remote built from different SDKs then say so.
 */
function sdkVersion() {
  const sdkDir = path.join(__dirname, 'src', 'sdk');
  const hash = require('node:crypto').createHash('sha256');
  for (const name of fs.readdirSync(sdkDir).sort()) {
    if (name.includes('.spec.')) continue;
    hash.update(name).update(fs.readFileSync(path.join(sdkDir, name)));
  }
  return `${require('./package.json').version}+${hash.digest('hex').slice(0, 12)}`;
}

/** Where the dev servers send /api and /dev: a running app (npm start), or BEATMATCH_API. */
const API_TARGET = process.env.BEATMATCH_API ?? 'http://127.0.0.1:8080';

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|map)$/;

/**
 * Writes .br and .gz next to every text asset after the build, so the gateway serves them by
 * Accept-Encoding without compressing on each request (brotli at its best quality costs seconds
 * here, once, not per request).
 */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const outputDir = compilation.outputOptions.path;
      await Promise.all(
        Object.keys(compilation.assets)
          .filter((name) => COMPRESSIBLE.test(name))
          .map(async (name) => {
            const file = path.join(outputDir, name);
            const content = await fs.promises.readFile(file);
            const brotli = zlib.brotliCompressSync(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            });
            const gzip = zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
            await fs.promises.writeFile(`${file}.br`, brotli);
            await fs.promises.writeFile(`${file}.gz`, gzip);
          }),
      );
    });
  }
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
        ...(isProduction ? [new PrecompressPlugin()] : []),
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(isProduction ? 'production' : 'development'),
          __BEATMATCH_SDK_VERSION__: JSON.stringify(sdkVersion()),
        }),
        new ModuleFederationPlugin({
          name,
          ...(exposes ? { filename: 'remoteEntry.js', exposes } : {}),
          // The host gets its remotes at run time from /app-config.json (registerRemotes).
          remotes: {},
          shared: sharedSingletons(appPackage.dependencies, isProduction),
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
        // The host and every remote running alone call the API on their own origin.
        proxy: [{ context: ['/api', '/dev'], target: API_TARGET, changeOrigin: false }],
      },
    };
  };
}

module.exports = { createFederatedConfig };
