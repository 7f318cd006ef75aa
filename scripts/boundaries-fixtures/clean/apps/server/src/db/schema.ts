export * from '../modules/base/base.table';
export * from '../modules/top/top.table';
