export * from './types';
export * from './model-error';
export * from './tool-call-assembler';
export * from './openai-model-runtime';
export * from './scripted-model';
export * from './wire-messages';
export * from './request-timeout';
export { linkAbort, type LinkedAbort } from './linked-abort';
export { usageFromWire, type WireUsage } from './wire-usage';
