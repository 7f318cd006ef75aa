/**
 * Clients are named by their company wherever a VA or a contract shows them ("Rico Santos for Acme Dental"), in the
 * web app and in the server's files (exports); a client without a company keeps their own name.
 */
export interface ClientLike {
  name: string;
  company_name?: string | null;
}

export const companyOf = (client: ClientLike): string | null => client.company_name?.trim() || null;

/** The company, or the person's name when there is none. */
export const clientName = (client: ClientLike): string => companyOf(client) ?? client.name;

/** For pickers, where two clients may share a company: "Acme Dental (Claire Whitman)". */
export const clientOptionLabel = (client: ClientLike): string => {
  const company = companyOf(client);
  return company ? `${company} (${client.name})` : client.name;
};
