/** A stylesheet imported by a component for its rules: the build gathers them into the page (scripts/build.ts). */
declare module '*.css';
