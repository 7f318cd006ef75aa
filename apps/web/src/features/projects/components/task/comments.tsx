import { Avatar, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { TaskComment } from '@vahub/shared/projects/schemas';
import { commentBodySchema } from '@vahub/shared/projects/schemas';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../../components/lists/list-pagination';
import { LoadError } from '../../../../components/ui/load-error';
import { confirmDialog } from '../../../../lib/confirm';
import { problemMessage, schemaErrors } from '../../../../lib/form-errors';
import { avatarSource, initials } from '../../../../lib/format/avatar';
import { useTimeFormatter } from '../../../../lib/format/use-time-format';
import { notify } from '../../../../lib/notify';
import { useAddComment } from '../../api/add-comment';
import type { ProjectArea } from '../../api/area';
import { useDeleteComment } from '../../api/delete-comment';
import { useEditComment } from '../../api/edit-comment';
import { useComments } from '../../api/list-comments';
import { MarkdownEditor } from '../markdown-editor';
import { MarkdownView } from '../markdown-view';
import { type Mentionable, MentionPicker } from './mention-picker';
import { useMentionTyping } from './mention-typing';

/** A comment's markdown being written: Write/Preview, "Mention", and the buttons under it. */
function CommentEditor({
  label,
  initial = '',
  people,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: string;
  people: Mentionable[];
  submitLabel: string;
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t: tc } = useTranslation('common');
  const [body, setBody] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const typing = useMentionTyping({ people, value: body, onChange: setBody, textarea });
  const submit = async () => {
    const errors = schemaErrors(commentBodySchema, { body }, tc);
    if (errors.body) return setError(errors.body);
    setBusy(true);
    setError(null);
    try {
      await onSubmit(body.trim());
      if (!onCancel) setBody('');
    } catch (err) {
      setError(problemMessage(tc, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={6}>
      <MarkdownEditor
        label={label}
        value={body}
        onChange={(value) => {
          setBody(value);
          setError(null);
        }}
        error={error}
        textareaRef={textarea}
        minRows={2}
        tools={<MentionPicker people={people} textarea={textarea} value={body} onChange={setBody} />}
        inputProps={typing.inputProps}
        below={typing.list}
      />
      <Group gap="xs" justify="flex-end">
        {onCancel && (
          <Button size="xs" variant="default" onClick={onCancel}>
            {tc('cancel')}
          </Button>
        )}
        <Button size="xs" loading={busy} onClick={() => void submit()}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}

function CommentItem({
  comment,
  area,
  people,
}: {
  comment: TaskComment;
  area: ProjectArea;
  people: Mentionable[];
}) {
  const { t } = useTranslation('projects');
  const { t: tc } = useTranslation('common');
  const time = useTimeFormatter();
  const [editing, setEditing] = useState(false);
  const edit = useEditComment(area);
  const remove = useDeleteComment(area);
  const author = comment.author;
  const name = author?.name ?? t('comments.formerUser');
  const askDelete = () =>
    void confirmDialog({
      title: t('comments.deleteTitle'),
      message: t('comments.deleteText'),
      confirmLabel: tc('delete'),
      cancelLabel: tc('cancel'),
      color: 'red',
      action: () =>
        remove.mutateAsync(comment.id).catch((error) => {
          notify('warning', problemMessage(tc, error));
          throw error;
        }),
    });
  return (
    <Stack component="li" gap={4} data-testid="comment" aria-label={t('comments.by', { name })}>
      <Group gap="xs" wrap="nowrap">
        <Avatar size={24} radius="xl" src={avatarSource(author?.avatar_url)} alt="">
          {initials(author?.first_name, author?.last_name, author?.email)}
        </Avatar>
        <Text size="sm" fw={500}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {time.dateTime(comment.created_at)}
          {comment.edited ? ` · ${t('comments.edited')}` : ''}
        </Text>
      </Group>
      {editing ? (
        <CommentEditor
          label={t('comments.editLabel')}
          initial={comment.body}
          people={people}
          submitLabel={tc('save')}
          onSubmit={async (body) => {
            await edit.mutateAsync({ id: comment.id, body });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <MarkdownView source={comment.body} />
      )}
      {!editing && (comment.can_edit || comment.can_delete) && (
        <Group gap={4}>
          {comment.can_edit && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => setEditing(true)}
              aria-label={t('comments.editOf', { name })}
            >
              {tc('edit')}
            </Button>
          )}
          {comment.can_delete && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={askDelete}
              aria-label={t('comments.deleteOf', { name })}
            >
              {tc('delete')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** A task's comments, oldest first, each editable or deletable as the server says; a new one at the end. */
export function Comments({
  area,
  taskId,
  people,
}: {
  area: ProjectArea;
  taskId: number;
  people: Mentionable[];
}) {
  const { t } = useTranslation('projects');
  const [page, setPage] = useState(1);
  const comments = useComments(area, taskId, page);
  const add = useAddComment(area);
  const list = comments.data?.data ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="task-comments">
      <Title order={3} size="h5" id="task-comments">
        {t('comments.title', { count: comments.data?.meta.total ?? 0 })}
      </Title>
      {comments.isError && (
        <LoadError ns="projects" error={comments.error} onRetry={() => void comments.refetch()} />
      )}
      {comments.isPending && !comments.isError && <Loader size="sm" aria-label={t('comments.loading')} />}
      {comments.isSuccess && list.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('comments.none')}
        </Text>
      )}
      {list.length > 0 && (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((c) => (
            <CommentItem key={c.id} comment={c} area={area} people={people} />
          ))}
        </Stack>
      )}
      <ListPagination meta={comments.data?.meta} onPage={setPage} withRange={false} />
      <CommentEditor
        label={t('comments.new')}
        people={people}
        submitLabel={t('comments.add')}
        onSubmit={async (body) => {
          const created = await add.mutateAsync({ taskId, body });
          const meta = comments.data?.meta;
          // The new comment is the newest: show the last page, where it lands.
          if (meta) setPage(Math.ceil((meta.total + 1) / meta.per_page));
          return created;
        }}
      />
    </Stack>
  );
}
