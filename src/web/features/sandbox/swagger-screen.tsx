import { Trans, useLingui } from '@lingui/react/macro';
import type * as v from 'valibot';
import { API_PREFIX, CLIENT_HEADERS, RETRY_STATUSES } from '../../../config/constants.ts';
import { acceptLanguage } from '../../../config/languages.ts';
import { ENDPOINTS, pathParams, type Endpoint } from '../../../contract/endpoints.ts';
import { schemaFields, type SchemaField } from '../../../contract/schema-fields.ts';
import { ApiErrorBodySchema } from '../../../contract/site.ts';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { sandboxMessages } from './messages.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import './swagger.css';

/*
 * The page chrome is translated; what it documents is not. Endpoint descriptions, field names,
 * types and header names are developer-facing API reference and stay in English, the language
 * of the code and of the API itself.
 */

function FieldType({ field }: { field: SchemaField }) {
  const { type } = field;
  const nullable = field.nullable ? ' | null' : '';
  if (type.kind === 'recursive') {
    const path = type.path || '(root)';
    return (
      <Trans>
        same shape as <code>{path}</code>
      </Trans>
    );
  }
  const text = type.kind === 'enum' ? type.options.map((option) => `'${option}'`).join(' | ') : type.kind === 'unknown' ? 'any' : type.kind;
  return <code>{text + nullable}</code>;
}

function FieldTable({ caption, schema }: { caption: string; schema: v.GenericSchema }) {
  const { t } = useLingui();
  const fields = schemaFields(schema);
  return (
    <table className="api-fields">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Field`}</th>
          <th scope="col">{t`Type`}</th>
          <th scope="col">{t`Optional`}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field.path}>
            <th scope="row">
              <code>{field.path}</code>
            </th>
            <td>
              <FieldType field={field} />
            </td>
            <td>{field.optional ? t`Yes` : t`No`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EndpointDoc({ endpoint }: { endpoint: Endpoint }) {
  const { t } = useLingui();
  const headingId = `endpoint-${endpoint.id}`;
  const params = pathParams(endpoint.path);
  return (
    <section className="api-endpoint" aria-labelledby={headingId} data-endpoint={endpoint.id}>
      <h3 id={headingId}>
        <code>
          {endpoint.method} /{endpoint.path}
        </code>
      </h3>
      <p>{endpoint.description}</p>
      <dl className="api-endpoint__facts">
        <dt>{t`Method`}</dt>
        <dd>
          <code>{endpoint.method}</code>
        </dd>
        <dt>{t`Path`}</dt>
        <dd>
          <code>
            {API_PREFIX}/{endpoint.path}
          </code>
        </dd>
        <dt>{t`Operation`}</dt>
        <dd>
          <code>{endpoint.operation}</code>
        </dd>
        {params.length > 0 ? (
          <>
            <dt>{t`Path parameters`}</dt>
            <dd>
              {params.map((param, index) => (
                <span key={param}>
                  {index > 0 ? ', ' : null}
                  <code>{param}</code>
                </span>
              ))}
            </dd>
          </>
        ) : null}
        <dt>{t`Success status`}</dt>
        <dd>
          <code>{endpoint.status}</code>
        </dd>
        <dt>{t`Response type`}</dt>
        <dd>{endpoint.contentType ? <code>{endpoint.contentType}</code> : t`No content`}</dd>
      </dl>
      {endpoint.query ? <FieldTable caption={t`Query parameters`} schema={endpoint.query} /> : null}
      {endpoint.body ? <FieldTable caption={t`Request body`} schema={endpoint.body} /> : null}
      {endpoint.response ? <FieldTable caption={t`Response body`} schema={endpoint.response} /> : null}
    </section>
  );
}

function RequestHeaders() {
  const { t } = useLingui();
  const site = useSite();
  const headers: [string, string][] = [
    ...Object.entries(CLIENT_HEADERS),
    ['Accept-Language', acceptLanguage(site.language, site.country)],
    ['X-Site-Country', site.country.toLowerCase()],
  ];
  return (
    <section className="api-headers" aria-labelledby="api-headers">
      <h2 id="api-headers">{t`Request headers`}</h2>
      <p>
        <Trans>Every request carries these headers. Accept-Language and X-Site-Country follow the shopper's country and language; the values shown are this site's.</Trans>
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t`Header`}</th>
            <th scope="col">{t`Value`}</th>
          </tr>
        </thead>
        <tbody>
          {headers.map(([name, value]) => (
            <tr key={name}>
              <th scope="row">
                <code>{name}</code>
              </th>
              <td>
                <code>{value}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** `/swagger`: the API reference, generated from the contract's endpoint registry. */
export default function SwaggerScreen() {
  // A developer page: its messages come with the feature catalog, off the first screen's budget.
  useFeatureCatalog(sandboxMessages);
  const { t } = useLingui();
  const title = t`API documentation`;
  useDocumentHead({ title });
  const prefix = API_PREFIX;
  const statuses = RETRY_STATUSES.join(', ');
  return (
    <article className="api-docs">
      <h1>{title}</h1>
      <p>
        <Trans>
          Every path below starts with <code>{prefix}</code>. Trailing slashes are ignored. Endpoint descriptions and field names are in English.
        </Trans>
      </p>
      <RequestHeaders />
      <section aria-labelledby="api-endpoints">
        <h2 id="api-endpoints">{t`Endpoints`}</h2>
        {ENDPOINTS.map((endpoint) => (
          <EndpointDoc key={endpoint.id} endpoint={endpoint} />
        ))}
      </section>
      <section aria-labelledby="api-errors">
        <h2 id="api-errors">{t`Error responses`}</h2>
        <p>
          <Trans>Every failed request answers with this body and the HTTP status of the failure. Clients retry only these statuses: {statuses}.</Trans>
        </p>
        <FieldTable caption={t`Error body`} schema={ApiErrorBodySchema} />
      </section>
    </article>
  );
}
