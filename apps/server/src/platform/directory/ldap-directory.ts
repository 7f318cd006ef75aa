import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { msg } from '@vahub/shared/api/messages';
import { DIRECTORY_MESSAGES } from '@vahub/shared/directory/messages';
import type { FastifyBaseLogger } from 'fastify';
import {
  AlreadyExistsError,
  Attribute,
  BusyError,
  Change,
  Client,
  EqualityFilter,
  InvalidCredentialsError,
  NoSuchObjectError,
  ResultCodeError,
  UnavailableError,
} from 'ldapts';
import { AppError } from '../../lib/errors';
import { sshaHash } from './ssha';
import type { Directory, DirectoryConnection, DirectoryPerson, NewDirectoryPerson } from './types';

export type LdapSettings = DirectoryConnection & {
  bindPassword: string | null;
  caFile: string | null;
  timeoutMs: number;
  attributes: { email: string; firstName: string; lastName: string; uid: string; disabled: string };
};

/** A search for people answers at most this many entries. */
const SEARCH_LIMIT = 20;

type Values = string | string[] | Buffer | Buffer[] | undefined;
const firstOf = (value: Values): string | null => {
  const one = Array.isArray(value) ? value[0] : value;
  if (one === undefined) return null;
  const text = Buffer.isBuffer(one) ? one.toString('utf8') : String(one);
  return text === '' ? null : text;
};
const allOf = (value: Values): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((v) =>
    Buffer.isBuffer(v) ? v.toString('utf8') : String(v),
  );

/** The directory through `ldapts`, one connection per call. Its errors stay here: callers see our `AppError`s. */
export function createLdapDirectory(settings: LdapSettings, log: FastifyBaseLogger): Directory {
  const tls: ConnectionOptions | undefined = settings.caFile
    ? { ca: [readFileSync(settings.caFile)] }
    : undefined;
  const a = settings.attributes;
  const personAttributes = [a.email, a.firstName, a.lastName, a.uid, a.disabled];

  /** Maps whatever the client threw: refusals by the server are ours to name, the rest means it is down. */
  function mapped(what: string, err: unknown): AppError {
    if (err instanceof AppError) return err;
    if (err instanceof ResultCodeError && !(err instanceof BusyError || err instanceof UnavailableError)) {
      log.warn({ what, code: err.code, reason: err.message }, 'directory refused');
      return new AppError('validation', msg(DIRECTORY_MESSAGES.refused, { reason: err.message }));
    }
    log.error({ what, reason: err instanceof Error ? err.message : String(err) }, 'directory unavailable');
    return new AppError('directory_unavailable', DIRECTORY_MESSAGES.unavailable);
  }

  /** A connected client, TLS as configured; bound as the service account unless `as` says otherwise. */
  async function open(as: { dn: string; password: string } | 'service' = 'service'): Promise<Client> {
    const client = new Client({
      url: settings.url,
      timeout: settings.timeoutMs,
      connectTimeout: settings.timeoutMs,
      ...(tls ? { tlsOptions: tls } : {}),
    });
    try {
      if (settings.startTls) await client.startTLS(tls ?? {});
      if (as !== 'service') await client.bind(as.dn, as.password);
      else if (settings.bindDn) await client.bind(settings.bindDn, settings.bindPassword ?? '');
      return client;
    } catch (err) {
      await client.unbind().catch(() => {});
      throw err;
    }
  }

  async function withService<T>(what: string, run: (client: Client) => Promise<T>): Promise<T> {
    let client: Client | null = null;
    try {
      client = await open().catch((err: unknown) => {
        // A wrong service account is the installation's problem, never the person's: 503 with what to fix.
        if (err instanceof InvalidCredentialsError) {
          log.error({ what, bindDn: settings.bindDn }, 'directory refused the service account');
          throw new AppError('directory_unavailable', DIRECTORY_MESSAGES.service_refused);
        }
        throw err;
      });
      return await run(client);
    } catch (err) {
      throw mapped(what, err);
    } finally {
      await client?.unbind().catch(() => {});
    }
  }

  async function groupsWith(client: Client, dn: string): Promise<string[]> {
    const member = new EqualityFilter({ attribute: 'member', value: dn }).toString();
    const unique = new EqualityFilter({ attribute: 'uniqueMember', value: dn }).toString();
    const { searchEntries } = await client.search(settings.baseDn, {
      scope: 'sub',
      filter: `(|${member}${unique})`,
      attributes: ['1.1'],
    });
    return searchEntries.map((e) => e.dn);
  }

  async function personOf(
    client: Client,
    entry: { dn: string; [key: string]: Values },
  ): Promise<DirectoryPerson> {
    return {
      dn: entry.dn,
      email: firstOf(entry[a.email]),
      firstName: firstOf(entry[a.firstName]),
      lastName: firstOf(entry[a.lastName]),
      uid: firstOf(entry[a.uid]),
      groups: await groupsWith(client, entry.dn),
      disabled: allOf(entry[a.disabled]).length > 0,
    };
  }

  async function entryWith(client: Client, dn: string): Promise<DirectoryPerson | null> {
    try {
      const { searchEntries } = await client.search(dn, {
        scope: 'base',
        filter: '(objectClass=*)',
        attributes: personAttributes,
      });
      const [found] = searchEntries;
      return found ? personOf(client, found as { dn: string; [key: string]: Values }) : null;
    } catch (err) {
      if (err instanceof NoSuchObjectError) return null;
      throw err;
    }
  }

  return {
    connection: {
      url: settings.url,
      bindDn: settings.bindDn,
      baseDn: settings.baseDn,
      usersDn: settings.usersDn,
      userFilter: settings.userFilter,
      startTls: settings.startTls,
    },

    test: () =>
      withService('test', async (client) => {
        const { searchEntries } = await client.search(settings.baseDn, {
          scope: 'base',
          attributes: ['1.1'],
        });
        if (!searchEntries.length) throw new AppError('not_found', DIRECTORY_MESSAGES.entry_not_found);
      }),

    searchByEmail: (email) =>
      withService('search', async (client) => {
        const escaped = EqualityFilter.escape(email);
        const filter = settings.userFilter.replaceAll('{email}', escaped);
        const { searchEntries } = await client.search(settings.baseDn, {
          scope: 'sub',
          filter,
          attributes: personAttributes,
          sizeLimit: SEARCH_LIMIT,
        });
        const people: DirectoryPerson[] = [];
        for (const e of searchEntries)
          people.push(await personOf(client, e as { dn: string; [key: string]: Values }));
        return people;
      }),

    entry: (dn) => withService('entry', (client) => entryWith(client, dn)),

    createEntry: (person: NewDirectoryPerson) =>
      withService('create', async (client) => {
        const dn = `${a.uid}=${escapeDnValue(person.uid)},${settings.usersDn}`;
        const cn = `${person.firstName} ${person.lastName}`.trim() || person.email;
        const attributes: Record<string, string | string[]> = {
          objectClass: ['top', 'person', 'organizationalPerson', 'inetOrgPerson'],
          cn,
          sn: person.lastName || person.email,
          [a.email]: person.email,
          [a.uid]: person.uid,
        };
        if (person.firstName) attributes[a.firstName] = person.firstName;
        if (a.lastName !== 'sn' && person.lastName) attributes[a.lastName] = person.lastName;
        try {
          await client.add(dn, attributes);
        } catch (err) {
          if (err instanceof AlreadyExistsError)
            throw new AppError('conflict', msg(DIRECTORY_MESSAGES.entry_exists, { dn }));
          throw err;
        }
        const created = await entryWith(client, dn);
        if (!created) throw new AppError('directory_unavailable', DIRECTORY_MESSAGES.unavailable);
        return created;
      }),

    async verifyPassword(dn, password) {
      // An empty password is an unauthenticated bind, which a directory accepts: never a sign-in.
      if (!password) return false;
      let client: Client | null = null;
      try {
        client = await open({ dn, password });
        return true;
      } catch (err) {
        if (err instanceof InvalidCredentialsError || err instanceof NoSuchObjectError) return false;
        throw mapped('bind', err);
      } finally {
        await client?.unbind().catch(() => {});
      }
    },

    setPassword: (dn, password) =>
      withService('set password', async (client) => {
        try {
          await client.modify(
            dn,
            new Change({
              operation: 'replace',
              modification: new Attribute({ type: 'userPassword', values: [sshaHash(password)] }),
            }),
          );
        } catch (err) {
          if (err instanceof NoSuchObjectError)
            throw new AppError('not_found', DIRECTORY_MESSAGES.entry_not_found);
          throw err;
        }
      }),

    groupsOf: (dn) => withService('groups', (client) => groupsWith(client, dn)),
  };
}

/** RFC 4514: the characters a DN's value escapes. */
function escapeDnValue(value: string): string {
  return value
    .replace(/[\\,+"<>;=#]/g, (c) => `\\${c}`)
    .replace(/^ /, '\\ ')
    .replace(/ $/, '\\ ');
}
