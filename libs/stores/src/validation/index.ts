// The country list is the SDK's, so a client (the console) validates with the same one.
export { ISO_3166_ALPHA2, isCountryCode } from '@app/sdk';
export * from './decorators';
export * from './gstin';
export * from './validators';
