export const total = (db: { execute(q: string): unknown }) => db.execute(sql`select 1`);
declare const sql: (parts: TemplateStringsArray) => string;
