import { scriptJson } from '@jsbn/shared/core';

/** The JSON-LD (made by `bookJsonLd` of @jsbn/shared, as the server-made page does) as a script element. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" data-testid="book-json-ld" dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />;
}
