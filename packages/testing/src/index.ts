export * from './env';
export * from './smtp';
export * from './decider';
export * from './recordingProxy';
export * from './kafka';
export * from './dna';
export * from './random';
export * from './args';
