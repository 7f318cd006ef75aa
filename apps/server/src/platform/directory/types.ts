// The directory (LDAP) as the modules see it, in the app's words: no vendor type crosses this interface
// (platform/README.md, "Outside services"). `create-directory.ts` picks the implementation from the configuration;
// without LDAP_URL there is none and the directory calls answer 409 `directory_not_configured`.

/** The roles a directory group may grant. */
export type DirectoryRole = 'admin' | 'manager' | 'client' | 'va';

/** A person's entry. Attribute names are the configuration's (LDAP_ATTR_*); a missing one is null. */
export type DirectoryPerson = {
  dn: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  uid: string | null;
  /** DNs of the groups (groupOfNames `member`, groupOfUniqueNames `uniqueMember`) that list it. */
  groups: string[];
  /** It carries LDAP_DISABLED_ATTRIBUTE: it may not sign in, and the sync deactivates its user. */
  disabled: boolean;
};

export type NewDirectoryPerson = {
  /** The value of the naming attribute (LDAP_ATTR_UID): the entry is `<uid attr>=<uid>,<users DN>`. */
  uid: string;
  email: string;
  firstName: string;
  lastName: string;
};

/** What the settings page shows of the connection: never the password. */
export type DirectoryConnection = {
  url: string;
  bindDn: string | null;
  baseDn: string;
  usersDn: string;
  userFilter: string;
  startTls: boolean;
};

/**
 * The directory. Every call has a deadline (LDAP_TIMEOUT_MS) and binds as the service account, except
 * `verifyPassword`, which binds as the entry. Calls throw `AppError('directory_unavailable')` (503) when the
 * server cannot be reached, times out or is busy, and `AppError('conflict' | 'validation')` when it refuses a
 * write (an existing entry, a schema violation); a missing entry is null, a wrong password false.
 */
export interface Directory {
  readonly connection: DirectoryConnection;
  /** Connects, binds as the service account and reads the base DN; throws as the calls do. */
  test(): Promise<void>;
  /** Entries matching LDAP_USER_FILTER for this email under the base DN (at most 20). */
  searchByEmail(email: string): Promise<DirectoryPerson[]>;
  /** The entry at `dn`, or null when there is none. */
  entry(dn: string): Promise<DirectoryPerson | null>;
  /** Adds an inetOrgPerson under the users DN (no password yet); answers it. */
  createEntry(person: NewDirectoryPerson): Promise<DirectoryPerson>;
  /** Binds as the entry: true when the password is right (an empty password is always false). */
  verifyPassword(dn: string, password: string): Promise<boolean>;
  /** Replaces the entry's `userPassword` with `{SSHA}` of `password`, hashed here. */
  setPassword(dn: string, password: string): Promise<void>;
  /** DNs of the groups that list `dn` as a member. */
  groupsOf(dn: string): Promise<string[]>;
}
