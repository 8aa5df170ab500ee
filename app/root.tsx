import Box from "@mui/material/Box";
import InitColorSchemeScript from "@mui/material/InitColorSchemeScript";
import { ThemeProvider } from "@mui/material/styles";
import { useEffect, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { ErrorScreen } from "./components/error-screen";
import { headerUserFromError } from "./http/header-user";
import { LoadingBarProvider, useReportNavigationError } from "./components/loading-bar";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { OfflineShell } from "./components/offline/offline-shell";
import {
  colorSchemeFromError,
  cookieStorageManager,
  DEFAULT_COLOR_SCHEME,
  MODE_STORAGE_KEY,
  readColorSchemeCookie,
} from "./theme/color-scheme";
import globalStylesUrl from "./theme/global.css?url";
import { theme } from "./theme/theme";
import { loadUserMiddleware } from "./auth/access.server";
import { refuseMalformedUrlMiddleware } from "./http/malformed-url.server";
import { privateCacheMiddleware } from "./http/private-cache.server";
import { useNonce } from "./http/nonce";
import { serverInfoContext, sessionIdContext, userContext } from "./http/request-context";
import { cachePartitionMiddleware, cachePartitionOf } from "./offline/cache-partition.server";
import { routeRulesClientMiddleware } from "./offline/client-route-rules";
import { webAppLinks } from "./offline/web-app-manifest";
import { OfflineQueueProvider } from "./offline/offline-queue-provider";
import { SentOfflineNotice } from "./components/offline/sent-offline-notice";
import { ThemeColorMeta } from "./components/theme-color-meta";
import { useAnalytics } from "./analytics/client/use-analytics";
import { pushDeviceOf } from "./push/push-device.server";
import { usePushSync } from "./push/client/use-push-sync";
import { siteSettingsContext, siteSettingsMiddleware } from "./settings/site-settings.server";
import { noticeFromError } from "./settings/site-notice";
import { SiteNoticeBanner } from "./components/site-notice-banner";

// The cache rules wrap the rest, so they see every answer, refusals included.
export const middleware = [
  cachePartitionMiddleware,
  privateCacheMiddleware,
  loadUserMiddleware,
  // Before the middleware that throws error pages, which show the banner too.
  siteSettingsMiddleware,
  refuseMalformedUrlMiddleware,
];

// A link to a redirected path goes to its target without asking the server (the build's route rules).
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [routeRulesClientMiddleware];

export function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  // The switches and the maintenance banner, from the settings every instance reads within seconds.
  const { features, notice } = context.get(siteSettingsContext);
  return {
    user: user && { email: user.email, role: user.role },
    preferences: user?.preferences
      ? { reducedMotion: user.preferences.reducedMotion, largerText: user.preferences.largerText }
      : null,
    colorScheme: readColorSchemeCookie(request.headers.get("Cookie")),
    buildId: context.get(serverInfoContext).build.id,
    // Whose offline copies this page may see and whose queued answers it may send (app/offline).
    cachePartition: cachePartitionOf(user?.id ?? null),
    // The account's "Share usage analytics" switch; guests decide by Do Not Track / GPC alone (app/analytics/client).
    analytics: user?.preferences?.analytics ?? true,
    // Which session this page belongs to, for the browser's push subscription (app/push/client).
    pushDevice: user ? pushDeviceOf(context.get(sessionIdContext), user.id) : null,
    features,
    notice,
  };
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: globalStylesUrl },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  ...webAppLinks,
];

export const meta: Route.MetaFunction = () => [
  { title: "Numberlab" },
  { name: "description", content: "Learn number theory and algebra with lessons, tools and quizzes." },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const error = useRouteError();
  const nonce = useNonce();
  const colorScheme = data?.colorScheme ?? colorSchemeFromError(error) ?? DEFAULT_COLOR_SCHEME;
  const notice = data ? data.notice : noticeFromError(error);
  return (
    <html
      lang="en"
      className={colorScheme === "system" ? undefined : colorScheme}
      data-reduced-motion={data?.preferences?.reducedMotion ? "" : undefined}
      data-larger-text={data?.preferences?.largerText ? "" : undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <InitColorSchemeScript
          attribute="class"
          defaultMode={colorScheme}
          modeStorageKey={MODE_STORAGE_KEY}
          nonce={nonce}
        />
        <ThemeProvider
          theme={theme}
          defaultMode={colorScheme}
          storageManager={cookieStorageManager}
          modeStorageKey={MODE_STORAGE_KEY}
        >
          <ThemeColorMeta serverMode={colorScheme} />
          <LoadingBarProvider>
            <Box
              component="a"
              href="#main"
              sx={{
                position: "absolute",
                left: -9999,
                "&:focus": { left: 8, top: 8, zIndex: 2000, p: 1, bgcolor: "background.paper" },
              }}
            >
              Skip to content
            </Box>
            <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
              {notice && <SiteNoticeBanner notice={notice} nonce={nonce} />}
              <SiteHeader user={data?.user ?? headerUserFromError(error)} colorScheme={colorScheme} />
              <Box sx={{ flexGrow: 1 }}>{children}</Box>
              <SiteFooter />
            </Box>
            <OfflineShell buildId={data?.buildId} />
          </LoadingBarProvider>
        </ThemeProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Marks the page as hydrated, so end-to-end tests can wait for it before clicking.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  // Page views and the analytics module, loaded after hydration (app/analytics/client).
  useAnalytics(loaderData.analytics, loaderData.features.analytics);
  // Switched off, nothing is handed over: the server would refuse it, and the subscription is kept as it is.
  usePushSync(loaderData.features.push ? loaderData.pushDevice : null);
  return (
    // Marks and answers made offline wait for the connection here, sent only under this page's account.
    <OfflineQueueProvider partition={loaderData.cachePartition}>
      <Outlet />
      <SentOfflineNotice />
    </OfflineQueueProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useReportNavigationError();
  if (isRouteErrorResponse(error)) {
    const message = readMessage(error.data);
    if (error.status === 404) return <ErrorScreen status={404} message={message ?? "Page Not Found"} />;
    if (error.status === 403) {
      return <ErrorScreen status={403} message={message ?? "You do not have access to this page."} />;
    }
    // A refused request (400, 413, 415, …) says what was wrong with it; a fault says nothing.
    if (error.status >= 400 && error.status < 500) {
      return <ErrorScreen status={error.status} message={message ?? (error.statusText || "Bad Request")} />;
    }
    return <ErrorScreen status={error.status} message="Internal Server Error" />;
  }
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return <ErrorScreen status={500} message="Internal Server Error" details={details} />;
}

function readMessage(data: unknown): string | undefined {
  if (typeof data === "object" && data !== null && "message" in data && typeof data.message === "string") {
    return data.message;
  }
  return undefined;
}
