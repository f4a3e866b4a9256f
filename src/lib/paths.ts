/** URL paths of content entries, kept apart from slug logic so routes change in one place. */
export const articlePath = (slug: string): string => `/articles/${slug}`;
export const storyPath = (slug: string): string => `/stories/${slug}`;
