import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The contract's schema as a form resolver, downloaded after the screen instead of with it: zod
 * and the contract's schemas are a third of a sign-in screen's JavaScript, and the person needs
 * them only once they submit. `warmUp` starts the download as soon as the screen is up.
 */
export function lazyContractResolver<Values extends FieldValues, Output>(
  loadSchema: () => Promise<z.ZodType<unknown, FieldValues>>,
): { resolver: Resolver<Values, unknown, Output>; warmUp: () => void } {
  let loaded: Promise<Resolver<Values, unknown, Output>> | undefined;
  const load = () => {
    loaded ??= Promise.all([loadSchema(), import('@medhire/ui/form-resolver.ts')]).then(
      ([schema, { contractResolver }]) =>
        contractResolver(schema) as unknown as Resolver<Values, unknown, Output>,
    );
    return loaded;
  };
  return {
    resolver: async (values, context, options) => (await load())(values, context, options),
    warmUp: () => {
      void load().catch(() => {
        loaded = undefined;
      });
    },
  };
}
