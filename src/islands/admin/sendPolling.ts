/** How often the Send view reads a sending announcement's progress (and only while one is sending). */
export const POLL_MS = 3000;
