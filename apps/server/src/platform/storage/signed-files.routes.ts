import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import type { App, Deps } from '../../lib/types';
import { attachmentDisposition, isValidKey } from './keys';
import { checkFileSignature, fileSigningKey, SIGNED_FILES_ROUTE } from './signed-url';

/**
 * Serves the local driver's signed URLs (an S3 store serves its own). The link is the credential, so the
 * route needs no session: a browser can use it in an `<img>` tag.
 */
export function signedFileRoutes(app: App, deps: Deps) {
  if (deps.storage.driver !== 'local') return;
  const signingKey = fileSigningKey(deps.secret);

  app.get(
    `${SIGNED_FILES_ROUTE}/*`,
    {
      schema: {
        hide: true,
        params: z.object({ '*': z.string() }),
        // Lenient on purpose: a link with a missing or mangled part is refused as invalid (403), not 422.
        querystring: z.object({
          expires: z.string().max(20).default(''),
          signature: z.string().max(100).default(''),
          name: z.string().max(255).optional(),
        }),
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const { signature, name } = request.query;
      const expires = Number(request.query.expires);
      const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
      const check = Number.isSafeInteger(expires)
        ? checkFileSignature(signingKey, { key, expires, name, signature }, nowSeconds)
        : 'invalid';
      if (check === 'invalid') throw new AppError('forbidden', 'This file link is not valid.');
      if (check === 'expired') throw new AppError('forbidden', 'This file link has expired.');
      // Only valid keys are ever signed; the check keeps a future signing bug away from the file system.
      if (!isValidKey(key)) throw notFound('File');
      const file = await deps.storage.get(key);
      if (!file) throw notFound('File');
      reply
        .header('content-type', file.contentType)
        .header('cache-control', `private, max-age=${Math.max(0, expires - nowSeconds)}`)
        .header('x-content-type-options', 'nosniff');
      if (file.size !== null) reply.header('content-length', file.size);
      if (name) reply.header('content-disposition', attachmentDisposition(name));
      return reply.send(file.body);
    },
  );
}
