/** A style sheet imported as its text (Vite's `?inline`): for a sheet that goes with its chunk's JavaScript. */
declare module '*.css?inline' {
  const css: string;
  export default css;
}
