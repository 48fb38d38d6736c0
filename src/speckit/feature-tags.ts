import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { AstBuilder, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator } from '@cucumber/messages';

/** The project's one tag scheme: a transcription carries `@source:<document>`, a feature of ours `@own`. */
export const SOURCE_TAG_PREFIX = '@source:';
export const OWN_TAG = '@own';

export interface FeatureFileTags {
  /** Relative to the features directory, `/`-separated. */
  path: string;
  tags: string[];
  /** The document named by `@source:`, if any. */
  source?: string;
  /** The Gherkin parse error, if the file does not parse. */
  parseError?: string;
}

/** Every `.feature` under `dir` (recursively, sorted), with its feature-level tags. */
export async function readFeatureTags(dir: string): Promise<FeatureFileTags[]> {
  const files = (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.feature')).sort();
  return Promise.all(
    files.map(async (name) => {
      const path = relative(dir, join(dir, name)).split('\\').join('/');
      try {
        const document = new Parser(new AstBuilder(IdGenerator.incrementing()), new GherkinClassicTokenMatcher()).parse(await readFile(join(dir, name), 'utf8'));
        const tags = (document.feature?.tags ?? []).map((tag) => tag.name);
        const source = tags.find((tag) => tag.startsWith(SOURCE_TAG_PREFIX))?.slice(SOURCE_TAG_PREFIX.length);
        return { path, tags, ...(source ? { source } : {}) };
      } catch (error) {
        return { path, tags: [], parseError: error instanceof Error ? error.message.split('\n')[0] : String(error) };
      }
    }),
  );
}

/** What is wrong with a feature's tags under the scheme, or undefined. */
export function tagSchemeProblem(feature: FeatureFileTags): string | undefined {
  if (feature.parseError) return `does not parse: ${feature.parseError}`;
  const sources = feature.tags.filter((tag) => tag.startsWith(SOURCE_TAG_PREFIX));
  const own = feature.tags.includes(OWN_TAG);
  if (sources.length > 1) return `has ${sources.length} @source: tags`;
  if (sources.length && own) return `is tagged both ${sources[0]} and ${OWN_TAG}`;
  if (!sources.length && !own) return `has neither @source:<document> nor ${OWN_TAG} (tag a feature of our own ${OWN_TAG})`;
  return undefined;
}
