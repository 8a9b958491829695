// What the page's scripts find on `window` besides the DOM (jsconfig.json).

/** Swagger UI's bundle, loaded by docs.html before docs.js (the swagger-ui-bundle package). */
declare const SwaggerUIBundle: ((options: Record<string, unknown>) => unknown) & { presets: { apis: unknown } };

interface Window {
  /** docs.js: the Swagger UI instance, for a look from the console. */
  ui: unknown;
}
