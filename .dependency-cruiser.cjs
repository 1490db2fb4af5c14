// Import rules that eslint's per-file view cannot see: no import cycles anywhere in the source, and
// the layers only import downwards (contracts ← platform, audio, testing ← services, gateway ←
// apps, scripts). `npm run lint` runs it (`depcruise`); tests, benches and journeys are left out.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes two modules one: merge them, or move what both need into a third.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contracts-import-nothing-of-ours',
      severity: 'error',
      comment: 'packages/contracts is the bottom layer: schemas and constants only.',
      from: { path: '^packages/contracts/' },
      to: { path: '^(packages/(platform|audio|testing)|services|gateway|apps|frontends|scripts)/' },
    },
    {
      name: 'shared-packages-import-no-higher-layer',
      severity: 'error',
      comment: 'packages/* serve services, the gateway and apps; they never import them.',
      from: { path: '^packages/' },
      to: { path: '^(services|gateway|apps|frontends|scripts)/' },
    },
    {
      name: 'services-and-gateway-import-no-app',
      severity: 'error',
      comment: 'Apps compose services and the gateway, not the other way round.',
      from: { path: '^(services|gateway)/' },
      to: { path: '^(apps|scripts|frontends)/' },
    },
    {
      name: 'frontends-import-no-backend',
      severity: 'error',
      comment: 'The frontends reach the backend through the gateway; they share only packages/contracts.',
      from: { path: '^frontends/' },
      to: { path: '^(services|gateway|apps|packages/(platform|audio|testing))/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: [
        'node_modules',
        '\\.spec\\.tsx?$',
        '(^|/)test/',
        '(^|/)testing/',
        '^bench/',
        '^e2e',
        '/dist/',
        '^data/',
      ],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'],
    },
    combinedDependencies: true,
  },
};
