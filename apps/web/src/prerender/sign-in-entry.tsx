import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import { createAppStore } from '../app/store.ts';

/**
 * The sign-in page as a signed-out visitor first sees it, rendered at build time by the same
 * routes, layouts and providers the app uses in the browser. The server sends it for / and
 * /signIn so the page paints before the JavaScript has downloaded and run; the app then
 * renders over it with the same markup.
 */
export async function renderSignInPage(pathname = '/signIn'): Promise<string> {
  const handler = createStaticHandler(routes);
  // The origin is never contacted: the sign-in routes have no loaders, only lazy modules.
  const context = await handler.query(new Request(new URL(pathname, 'http://medhire.invalid')));
  if (context instanceof Response) {
    throw new Error(`Prerendering ${pathname} answered a redirect (${context.status}) instead of a page.`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const store = createAppStore();

  // prerender, unlike renderToString, waits for the lazy layout, so the markup is the page
  // itself rather than the loading fallback around it.
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders store={store}>
        {/* hydrate={false}: no inline hydration script, which the content security policy forbids. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return readAll(prelude);
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}
