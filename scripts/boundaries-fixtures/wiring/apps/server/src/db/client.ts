export type Db = { execute(query: unknown): Promise<unknown> };
