// What src/content.config.ts needs from Astro's virtual 'astro:content' module when a unit test
// imports it outside Astro: collections as plain objects, references as slugs.
import { z } from 'astro/zod';

export const defineCollection = <T>(collection: T): T => collection;
export const reference = (_collection: string) => z.string();
