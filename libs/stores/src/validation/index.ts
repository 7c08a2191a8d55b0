export * from './country-codes';
export * from './decorators';
export * from './gstin';
export * from './validators';
