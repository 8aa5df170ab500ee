import { Writable } from "node:stream";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { typesetForPage } from "./markdown/typeset-formula";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { createEmotionCache } from "./theme/emotion-cache";
import { NonceProvider } from "./http/nonce";
import { lessonHtmlContext, serverInfoContext } from "./http/request-context";
import { LessonHtmlStore } from "./components/lesson/lesson-html";
import { FormulaTypesetter } from "./components/math/formula";
import { acceptsGzip, RenderCache, renderCacheKey } from "./http/render-cache.server";

export const streamTimeout = 5_000;

/** Documents of the routes that opt in, by what their render reads (app/http/render-cache.server.ts). */
const renderCache = new RenderCache();

/**
 * Renders the whole document before sending it, so MUI's critical CSS can be
 * put in <head> and the first paint is already styled, in the right scheme.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  if (request.method.toUpperCase() === "HEAD") {
    return Promise.resolve(new Response(null, { status: responseStatusCode, headers: responseHeaders }));
  }
  const { cspNonce } = loadContext.get(serverInfoContext);
  const cacheKey = renderCacheKey(request.url, responseStatusCode, cspNonce, routerContext);
  // Already compressed when the client takes gzip (server/compression.ts then leaves it as it is).
  const gzip = acceptsGzip(request.headers.get("Accept-Encoding"));
  const cached = cacheKey ? renderCache.get(cacheKey, cspNonce, { gzip }) : undefined;
  if (cached !== undefined) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    responseHeaders.append("Vary", "Accept-Encoding");
    if (gzip) responseHeaders.set("Content-Encoding", "gzip");
    return Promise.resolve(new Response(cached, { headers: responseHeaders, status: responseStatusCode }));
  }
  const cache = createEmotionCache(cspNonce);
  const emotionServer = createEmotionServer(cache);

  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    const collector = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        const html = Buffer.concat(chunks).toString("utf8");
        const styles = emotionServer.constructStyleTagsFromChunks(emotionServer.extractCriticalToChunks(html));
        const document = html.replace("</head>", `${styles}</head>`);
        // An error while rendering (status 500) is not kept.
        if (cacheKey && status === responseStatusCode) renderCache.set(cacheKey, document, cspNonce);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(document, { headers: responseHeaders, status }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={cspNonce}>
        <CacheProvider value={cache}>
          <LessonHtmlStore value={loadContext.get(lessonHtmlContext)}>
            <FormulaTypesetter value={typesetForPage}>
              <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />
            </FormulaTypesetter>
          </LessonHtmlStore>
        </CacheProvider>
      </NonceProvider>,
      {
        nonce: cspNonce,
        // The document is sent whole (onAllReady), so nothing gains from React's progressive reveal: with its
        // default (12,800 bytes) every Suspense boundary past the first 12.8 KB, a chapter's widgets, was sent
        // hidden at the end and put in place by a script, late (React batches reveals), and never without
        // JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          pipe(collector);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
  });
}

/** Client errors (404, 405, a refused guard) are answers, not faults: only log the rest. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};
