/** localStorage key of the reader's theme choice, 'light' or 'dark'; absent: follow the system. */
export const THEME_STORAGE_KEY = 'theme';
