import { Suspense, use, useEffect, useState } from 'react';
import { AnnouncementBarProvider } from './contexts/AnnouncementBar';
import { AnnouncerProvider } from './contexts/Announcer';
import { ColorModeProvider } from './contexts/ColorMode';
import { DocsPreferredVersionProvider } from './contexts/DocsPreferredVersion';
import { NavbarMobileSidebarProvider } from './contexts/NavbarMobileSidebar';
import { RouterProvider, useRouter, type Location } from './contexts/Router';
import { headFor } from './lib/head';
import { forgetRoute, loadRoute } from './lib/routes';
import type { RouteData } from './lib/types';
import DocRoot from './theme/DocRoot';
import ErrorBoundary from './theme/ErrorBoundary';
import Layout from './theme/Layout';
import { Loader } from './theme/Loader';
import MarkdownPage from './theme/MarkdownPage';
import NotFound from './pages/NotFound';

function Page({ data }: { data: RouteData }) {
  switch (data.route.kind) {
    case 'home':
    case 'search': {
      const { Component } = data;
      return Component ? <Component /> : null;
    }
    case 'doc': return <DocRoot data={data} />;
    case 'page':
    case 'litepaper': return <MarkdownPage page={data.page!} />;
    default: return <NotFound />;
  }
}

function RouteContent({ path }: { path: string }) {
  const data = use(loadRoute(path));
  useEffect(() => {
    document.title = headFor(data).title;
  }, [data]);
  return <Page data={data} />;
}

function Routes() {
  const { location } = useRouter();
  const [attempt, setAttempt] = useState(0);
  // Retry fetches the content first and re-renders once it is in: rendering
  // a fresh promise would suspend, and React holds revealed content back
  // for a moment after a fallback, which would flash the spinner.
  const retry = () => {
    forgetRoute(location.pathname);
    return loadRoute(location.pathname).catch(() => undefined).finally(() => setAttempt((n) => n + 1));
  };
  return (
    <ErrorBoundary key={`${location.pathname}#${attempt}`} onRetry={retry}>
      <Suspense fallback={<Loader />}>
        <RouteContent path={location.pathname} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** Marks the document once React has hydrated: tests wait for it instead of guessing. */
function useReadyMarker() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', 'true');
  }, []);
}

export default function App({ location }: { location: Location }) {
  useReadyMarker();
  return (
    <ColorModeProvider>
      <AnnouncementBarProvider>
        <DocsPreferredVersionProvider>
          <RouterProvider initial={location}>
            <NavbarMobileSidebarProvider>
              <AnnouncerProvider>
                <Layout><Routes /></Layout>
              </AnnouncerProvider>
            </NavbarMobileSidebarProvider>
          </RouterProvider>
        </DocsPreferredVersionProvider>
      </AnnouncementBarProvider>
    </ColorModeProvider>
  );
}
