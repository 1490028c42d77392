// The examples from examples/, bundled at build time by build.ts (module `playground:examples`).
declare module 'playground:examples' {
  /** One example, one click away. */
  export interface Example {
    name: string;
    reply: string;
    /** A JSON Schema as text, or ''. */
    schema: string;
    /** A claim (or an array of claims) as text for the path box, or ''. */
    claim: string;
  }
  const examples: readonly Example[];
  export default examples;
}
