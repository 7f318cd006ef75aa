// One rule for a client's name in the app and in the server's exports: it lives in the shared package.
export * from '@vahub/shared/users/client-name';
