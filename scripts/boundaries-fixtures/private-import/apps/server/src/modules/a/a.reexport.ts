export * from '../b/internal/deep';
