import { bApi } from '../b/api';

export const page = bApi;
