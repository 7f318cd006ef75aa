import { Anchor, Button, Card, Code, CopyButton, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A copyable example: a call with a personal API token. */
export const curlExample = (origin: string) =>
  `curl -H "Authorization: Bearer vah_YOUR_TOKEN" \\
  ${origin}/api/v1/me`;

/**
 * How a receiver checks a webhook delivery (issue 31): `VAHub-Signature: t=<unix>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>" with the endpoint's secret>`, over the raw body, in constant time, with a freshness window.
 */
export const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

/** rawBody: the request body exactly as received (a Buffer or string, before JSON.parse). */
export function verifyVahubSignature(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(
    String(header ?? '').split(',').map((p) => p.trim().split('=', 2)),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return false;
  if (Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false; // a replay
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(parts.v1, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

// Express: app.post('/hooks/vahub', express.raw({ type: 'application/json' }), (req, res) => {
//   if (!verifyVahubSignature(req.body, req.get('VAHub-Signature'), process.env.VAHUB_WEBHOOK_SECRET))
//     return res.sendStatus(400);
//   const event = JSON.parse(req.body); // { id, type, created_at, organization_id, data }
//   // VAHub-Event-Id (= event.id) lets you drop a repeat.
//   res.sendStatus(204);
// });`;

function Snippet({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation('integrations');
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant={copied ? 'light' : 'default'}
              color={copied ? 'green' : undefined}
              onClick={copy}
            >
              {copied ? t('copied') : t('copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block>{code}</Code>
    </Stack>
  );
}

/** The Developers page's guide: the API reference, a call with a token, checking a webhook's signature. */
export function DevelopersGuide({ origin = window.location.origin }: { origin?: string }) {
  const { t } = useTranslation('integrations');
  return (
    <Stack>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('dev.apiTitle')}
          </Title>
          <Text size="sm">{t('dev.apiText')}</Text>
          <Anchor href="/api/docs" target="_blank" rel="noopener">
            {t('dev.reference')}
          </Anchor>
          <Snippet code={curlExample(origin)} label={t('dev.curl')} />
          <List size="sm" spacing={4}>
            <List.Item>{t('dev.scopes')}</List.Item>
            <List.Item>{t('dev.limit')}</List.Item>
            <List.Item>{t('dev.owner')}</List.Item>
          </List>
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('dev.webhooksTitle')}
          </Title>
          <Text size="sm">
            {t('dev.webhooksText')} <Code>{'VAHub-Signature: t=<unix>,v1=<hex>'}</Code>
          </Text>
          <Text size="sm">{t('dev.webhooksHow')}</Text>
          <Snippet code={VERIFY_SNIPPET} label={t('dev.verify')} />
        </Stack>
      </Card>
    </Stack>
  );
}
