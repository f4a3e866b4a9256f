// The content collections: where the MDX files are and the schema the build checks each one
// against (src/content-schema.ts, built from the field-rules table in src/content-fields.ts that
// the visual editor, keystatic.config.ts, is built from too). A draft article needs only its
// title; every other entry must be complete, and a failed build names the file and each field.
import { defineCollection, reference } from 'astro:content';
import { glob } from 'astro/loaders';
import { CONTENT_DIRS } from './content-dirs';
import { articleSchema, storySchema } from './content-schema';

const articles = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: `./${CONTENT_DIRS.articles}` }),
  schema: ({ image }) => articleSchema({ image, reference }),
});

const stories = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: `./${CONTENT_DIRS.stories}` }),
  schema: ({ image }) => storySchema({ image, reference }),
});

export const collections = { articles, stories };
