/** marcjs (MIT) ships no types; the part this API uses is typed where it is used (modules/books/marc.ts). */
declare module 'marcjs';
