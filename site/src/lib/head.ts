import { siteConfig } from '../config';
import type { RouteData } from './types';

export interface HeadData { title: string; description: string; canonical?: string }

const titles: Record<string, string> = { home: '', search: 'Search the documentation', notFound: 'Page Not Found' };

/** Document title and description for a route, the same on the server and in the browser. */
export function headFor(data: RouteData): HeadData {
  const pageTitle = data.page?.title ?? titles[data.route.kind] ?? '';
  return {
    title: pageTitle ? `${pageTitle} | ${siteConfig.title}` : `${siteConfig.title}: ${siteConfig.tagline}`,
    description: data.page?.description ?? `${siteConfig.tagline}. Guides, API docs and the proof system behind the RISC Zero zkVM.`,
    canonical: data.route.kind === 'notFound' ? undefined : siteConfig.url + data.path,
  };
}
