/** The studio's stylesheet is imported for Vite to bundle; it exports nothing. */
declare module '*.css';
