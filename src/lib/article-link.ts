// Hand-written links to an article (the home page's copy, src/content/home.yaml) are checked
// references: they name the article by its slug and get its path here, at build time, so a renamed,
// removed or unpublished article stops the build with the linking file named instead of shipping a
// broken link. tests/unit/article-links.test.ts keeps literal "/articles/<slug>" paths out of src/.
// Pure (the caller passes what the build knows), so the rule is tested without a build.
import { articlePath } from './paths';

/** The article slugs a build knows: every file, and those it publishes. */
export interface KnownArticles {
  existing: ReadonlySet<string>;
  published: ReadonlySet<string>;
}

/** Why `slug` cannot be linked from a page of this build, or undefined when it can. */
export function articleLinkProblem(slug: string, known: KnownArticles): string | undefined {
  if (!known.existing.has(slug)) return `no article '${slug}' (no src/content/articles/${slug}.mdx)`;
  if (!known.published.has(slug))
    return `'${slug}' is a draft or scheduled, so it is not on the published site: link another article, or publish it first`;
  return undefined;
}

/** The path of article `slug`, or an error naming `file` and `field` when it cannot be linked. */
export function checkedArticlePath(slug: string, known: KnownArticles, file: string, field: string): string {
  const problem = articleLinkProblem(slug, known);
  if (problem) throw new Error(`${file}: ${field}: ${problem}`);
  return articlePath(slug);
}
