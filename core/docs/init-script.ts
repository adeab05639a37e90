/**
 * @module
 * The script that starts Swagger UI on the `/docs` page, served as `docs/init.js` rather than
 * inline so the page's CSP needs no 'unsafe-inline'. Plain ES5 in a string: it runs in the
 * browser as written, untouched by any build. It reads the spec from `openapi.json` relative
 * to the page (so `/music/docs` reads `/music/openapi.json`), fetches nothing from elsewhere
 * (`validatorUrl: null`: no badge from validator.swagger.io), and pre-fills the
 * `apiUserAgent` security scheme with the README's example contact.
 */
import { EXAMPLE_CONTACT } from './page.ts';

export const INIT_SCRIPT = `(function () {
  'use strict';
  var ui = SwaggerUIBundle({
    url: new URL('openapi.json', document.baseURI).href,
    dom_id: '#swagger-ui',
    deepLinking: true,
    displayRequestDuration: true,
    tryItOutEnabled: true,
    validatorUrl: null,
    onComplete: function () {
      // D2: a page cannot set User-Agent, so "Try it out" names its contact in Api-User-Agent.
      ui.preauthorizeApiKey('apiUserAgent', ${JSON.stringify(EXAMPLE_CONTACT)});
    }
  });
  window.ui = ui;
})();
`;
