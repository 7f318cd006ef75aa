import { closeSync, createReadStream, createWriteStream, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Unzip, UnzipInflate } from 'fflate';
import { ZipFile } from 'yazl';

/** A ZIP being written entry after entry to `path` (yazl streams it; nothing is held whole in memory). */
export function zipWriter(path: string) {
  const zip = new ZipFile();
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  const done = finished(out);
  done.catch(() => undefined); // Awaited by end(); an entry's wait below also fails with it.
  // A write that fails (a full disk) stops the ZIP: an entry waiting for its turn would wait forever.
  const failed = done.then(() => new Promise<never>(() => {}));
  failed.catch(() => undefined);
  return {
    addFile(file: string, name: string) {
      zip.addFile(file, name);
    },
    /** Resolves once the stream is read to its end (the entry written). */
    async addStream(stream: Readable, name: string) {
      const ended = finished(stream);
      zip.addReadStream(stream, name);
      await Promise.race([ended, failed]);
    },
    addBuffer(buffer: Buffer, name: string) {
      zip.addBuffer(buffer, name);
    },
    async end() {
      zip.end();
      await done;
    },
  };
}

/** Unpacks every entry of the ZIP at `path` into `dir`; a name that would land outside `dir` is refused. */
export async function unzipTo(path: string, dir: string): Promise<void> {
  const root = resolve(dir);
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    const target = resolve(root, file.name);
    if (!target.startsWith(root + sep) || file.name.endsWith('/')) {
      if (!file.name.endsWith('/'))
        failure ??= new Error(`the archive names a file outside its folder: ${file.name}`);
      return;
    }
    mkdirSync(dirname(target), { recursive: true });
    const fd = openSync(target, 'w');
    let open = true;
    file.ondata = (err, data, final) => {
      if (err) failure ??= err;
      else if (data.length) writeSync(fd, data);
      if ((final || err) && open) {
        open = false;
        closeSync(fd);
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for await (const chunk of createReadStream(path)) {
    unzip.push(chunk as Uint8Array);
    if (failure) throw failure;
  }
  unzip.push(new Uint8Array(0), true);
  if (failure) throw failure;
}

export const entryPath = (dir: string, name: string) => join(dir, ...name.split('/'));
