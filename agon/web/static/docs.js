// /docs: Swagger UI over the server's own OpenAPI schema. Its files come from this server (the
// swagger-ui-bundle package), never a CDN; no validator badge (it would call a third party).
/* global SwaggerUIBundle */
window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
});
