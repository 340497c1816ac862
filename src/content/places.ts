import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import matter from 'gray-matter';
import { validateContent } from './importer';
import type { ContentPlugin } from './types';
import { parseYaml, type SourceDoc } from './yaml';

export interface Place {
  file: string;
  line: number;
}

/**
 * Where every item of content/ is now, by its stable key: the file and line that hold it, from each
 * plugin's `places`. Read at listing time, so a report follows its item when the item moves to another
 * file or line.
 */
export function locateContent(contentDir: string, plugins: ContentPlugin<any>[]): Map<string, Place> {
  const { parsed } = validateContent(contentDir, plugins);
  const places = new Map<string, Place>();
  const docs = new Map<string, SourceDoc | null>();
  const ignore = { error() {}, warn() {} };
  /** The file parsed again for its lines (a lesson's front matter keeps the file's line numbers). */
  const docOf = (file: string) => {
    if (!docs.has(file)) {
      const text = readFileSync(join(contentDir, file), 'utf8');
      const yaml = file.endsWith('.md') ? matter(text, { excerpt: false }).matter : text;
      docs.set(file, parseYaml({ path: file, text }, ignore, yaml));
    }
    return docs.get(file);
  };
  for (const plugin of plugins) {
    if (!plugin.places) continue;
    for (const item of parsed.get(plugin.kind) ?? []) {
      for (const { key, file, at } of plugin.places(item))
        places.set(key, { file, line: typeof at === 'number' ? at : (docOf(file)?.lineOf(at) ?? 1) });
    }
  }
  return places;
}
