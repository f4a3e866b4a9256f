/** The rules of a photo in an article's body, shared by the build's check and the editor. */
/** Photo formats a body image may have (the image pipeline makes AVIF and WebP from each). */
export const FIGURE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'avif'] as const;
/** The shortest alt text accepted, as for the hero. */
export const FIGURE_ALT_MIN = 10;
