export * from '../modules/base/base.table';
export { baseName } from '../modules/base/public';
