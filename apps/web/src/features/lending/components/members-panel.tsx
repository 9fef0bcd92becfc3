/**
 * The lending desk's members (decision 076): found by name, phone or member number; added and
 * changed in a dialog; removed from the lending list (their loans stay in the record).
 */
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Box, Button, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { lendingEndpoints } from '@jsbn/shared/core';
import { MEMBER_KINDS, MEMBER_LANGUAGES, type MemberDto, type MemberKind } from '@jsbn/shared';
import { call, toastSuccess } from '../../../api/client';
import { useApiMutation } from '../../../api/mutations';
import { queryKeys } from '../../../api/query-keys';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, useListState, type Column } from '../../../components/data-table';
import { formatPhone } from '../../../components/format';
import { FormDialog } from '../../../components/form-dialog';
import { FormCheckbox, FormSelect, FormText } from '../../../components/form-fields';
import { applyServerErrors } from '../../../components/forms';
import { TAP_PX } from '../../../lib/theme';

/** What the member form holds, as typed. */
interface MemberFields {
  name: string;
  phone: string;
  email: string;
  language: (typeof MEMBER_LANGUAGES)[number];
  kind: MemberKind;
  member_number: string;
  note: string;
  reminders: boolean;
}

const EMPTY: MemberFields = {
  name: '',
  phone: '',
  email: '',
  language: 'gu',
  kind: 'shravak_shravika',
  member_number: '',
  note: '',
  reminders: true,
};

/** The form's fields of `member` (an edit), or empty ones (an addition). */
const fieldsOf = (member: MemberDto | null): MemberFields =>
  member
    ? {
        name: member.name,
        phone: member.phone,
        email: member.email ?? '',
        language: member.language,
        kind: member.kind,
        member_number: member.member_number,
        note: member.note ?? '',
        reminders: member.reminders,
      }
    : EMPTY;

/** A phone's field: the digits' keyboard. */
const PHONE_INPUT = { htmlInput: { inputMode: 'tel' } } as const;

/** 'Add a member' or 'Edit member N': `member` null adds. */
function MemberDialog({ open, member, onClose }: { open: boolean; member: MemberDto | null; onClose: () => void }) {
  const { t } = useTranslation('lending');
  const form = useForm<MemberFields>({ defaultValues: fieldsOf(member) });
  const save = useApiMutation(
    (body: MemberFields) =>
      member
        ? call(lendingEndpoints.updateMember, {
            params: { id: member.id },
            body: { ...body, member_number: body.member_number || undefined },
          })
        : call(lendingEndpoints.addMember, { body }),
    {
      silent: true,
      onSuccess: (reply) => {
        toastSuccess(reply.message);
        onClose();
      },
      onError: (error) => applyServerErrors(error, form.setError),
    },
    [queryKeys.lending.all],
  );
  const { control } = form;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      titleId="member-title"
      title={member ? t('form.editTitle', { number: member.member_number }) : t('form.addTitle')}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      pending={save.isPending}
      error={save.error}
      cancel={t('form.cancel')}
      submit={t('form.save')}
      phoneFullScreen
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormText control={control} name="name" label={t('form.name')} required autoFocus fullWidth />
        <FormText control={control} name="phone" label={t('form.phone')} required slotProps={PHONE_INPUT} fullWidth />
        <FormText control={control} name="email" label={t('form.email')} type="email" fullWidth />
        <Stack direction="row" spacing={2}>
          <FormSelect
            control={control}
            name="kind"
            label={t('form.kind')}
            options={MEMBER_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
            fullWidth
          />
          <FormSelect
            control={control}
            name="language"
            label={t('form.language')}
            options={MEMBER_LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
            fullWidth
          />
        </Stack>
        <FormText
          control={control}
          name="member_number"
          label={t('form.number')}
          helperText={member ? undefined : t('form.numberHelp')}
          fullWidth
        />
        <FormText control={control} name="note" label={t('form.note')} multiline minRows={2} fullWidth />
        <FormCheckbox control={control} name="reminders" label={t('form.reminders')} />
      </Stack>
    </FormDialog>
  );
}

export function MembersPanel() {
  const { t } = useTranslation('lending');
  const list = useListState(null);
  const [editing, setEditing] = useState<{ member: MemberDto | null } | null>(null);
  const [removing, setRemoving] = useState<MemberDto | null>(null);
  const query = { queryString: list.query.queryString, pageNo: list.query.pageNo, limit: list.query.limit };
  const members = useQuery({
    queryKey: queryKeys.lending.members(query),
    queryFn: async ({ signal, client }) => (await call(lendingEndpoints.members, { query, signal, client })).data,
    placeholderData: keepPreviousData,
  });
  const remove = useApiMutation(
    (member: MemberDto) => call(lendingEndpoints.updateMember, { params: { id: member.id }, body: { active: false } }),
    {
      onSuccess: (reply) => {
        toastSuccess(reply.message);
        setRemoving(null);
      },
    },
    [queryKeys.lending.all],
  );
  const columns: Column<MemberDto>[] = [
    {
      key: 'number',
      header: t('members.number'),
      render: (member) => <Typography sx={{ fontWeight: 600 }}>{member.member_number}</Typography>,
    },
    {
      key: 'name',
      header: t('members.name'),
      minWidth: 180,
      render: (member) => (
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{member.name}</Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {t(`kinds.${member.kind}`)}
          </Typography>
        </Box>
      ),
    },
    { key: 'phone', header: t('members.phone'), render: (member) => formatPhone(member.phone) },
    { key: 'lent', header: t('members.lent'), render: (member) => member.lent },
    {
      key: 'actions',
      header: '',
      label: t('members.edit'),
      render: (member) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => setEditing({ member })} sx={{ minHeight: TAP_PX }}>
            {t('members.edit')}
          </Button>
          <Button size="small" color="error" onClick={() => setRemoving(member)} sx={{ minHeight: TAP_PX }}>
            {t('members.remove')}
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <Box>
      <DataTable
        label={t('members.table')}
        searchLabel={t('members.search')}
        columns={columns}
        rows={members.data?.rows}
        total={members.data?.total ?? 0}
        loading={members.isLoading}
        getRowKey={(member) => member.id}
        list={list}
        emptyText={t('members.empty')}
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ member: null })} sx={{ minHeight: TAP_PX }}>
            {t('members.add')}
          </Button>
        }
      />
      {editing ? <MemberDialog open member={editing.member} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('members.removeTitle', { name: removing?.name ?? '' })}
        message={t('members.removeText')}
        confirmText={t('members.removeConfirm')}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
