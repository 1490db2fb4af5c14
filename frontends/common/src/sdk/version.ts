// The SDK version this code was built as (rspack.federation.cjs defines it: common's version and a
// hash of the SDK's sources). Unbuilt code (unit tests) is 'source'.
declare const __BEATMATCH_SDK_VERSION__: string | undefined;

export const SDK_VERSION: string =
  typeof __BEATMATCH_SDK_VERSION__ === 'string' ? __BEATMATCH_SDK_VERSION__ : 'source';
