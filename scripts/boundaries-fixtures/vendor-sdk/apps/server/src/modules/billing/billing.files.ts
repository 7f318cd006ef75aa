import type { S3Client } from '@aws-sdk/client-s3';

export type Files = { client: S3Client };
