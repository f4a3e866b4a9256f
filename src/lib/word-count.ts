/**
 * Counts the words a reader reads in an MDX body: prose, list items, table cells and headings.
 * Code, import/export lines, JSX tags and URLs are not words.
 */
export function countWords(mdxBody: string): number {
  const text = mdxBody
    .replace(/^---[\s\S]*?\n---\n/, '') // front-matter, if present
    .replace(/^(import|export)\s.*$/gm, '')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<[^>]+>/g, ' ') // JSX / HTML tags
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ') // images
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links keep their text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/^\s*\|?\s*:?-{3,}.*$/gm, ' ') // table separator rows
    .replace(/[#>*_`|~]/g, ' ');
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.,%-]*/gu);
  return words ? words.length : 0;
}
