let loading: Promise<unknown> | undefined;

/**
 * All of Mantine's styles (`mantine.ts`), once. Called before a page's own module is imported, so its stylesheet
 * comes first in the document, as it always did.
 */
export function loadMantineStyles(): Promise<unknown> {
  loading ??= import('./mantine').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
